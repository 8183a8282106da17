import { bearerToken, signedIn, verifyToken } from './auth.js';
import type { Settings } from './env.js';
import { pipeline, ORDER, SESSION } from './pipeline.js';
import type { Answers, Context } from './pipeline.js';
import { json, notFound, tooManyRequests, unauthorized, upstreamFailed } from './responses.js';
import type { Trace } from './trace.js';
import { orderView, sessionView } from './view.js';

const ORDER_PATH = '/api/order/';
const SESSION_PATH = '/api/checkout/session/';

// The JSON family's stops: the service's envelope. The customer is the Bearer token's; a request with no
// Authorization header from a page of this origin (`Sec-Fetch-Site: same-origin`, which no other site can set)
// may use the page's session cookie instead: that is how the pending checkout page checks in the background.
// A cross-site request never carries that header value, and CORS never allows credentials.
const ANSWERS: Answers = {
  async session({ request, settings }) {
    const token = bearerToken(request);
    if (token === undefined) {
      if (request.headers.get('Sec-Fetch-Site') !== 'same-origin') return 'none';
      return (await signedIn(request, settings)) ?? 'none';
    }
    const subject = token === '' ? undefined : await verifyToken(token, settings);
    return subject ?? 'invalid';
  },
  unauthorized,
  tooMany: tooManyRequests,
  notFound,
  failed: upstreamFailed,
};

/**
 * The JSON lookups, on the service's own paths and envelope, so the SDK works against the worker from a browser
 * (`baseUrl` = the worker, no `apiKey`, the sign-in token as `Authorization: Bearer`).
 */
export async function jsonRoute(request: Request, url: URL, settings: Settings, trace: Trace): Promise<Response> {
  const { pathname } = url;
  const context: Context = { request, settings, trace };
  if (pathname.startsWith(ORDER_PATH)) {
    trace.route = 'api order';
    return pipeline(context, ANSWERS, ORDER, pathname.slice(ORDER_PATH.length), (order) => found(orderView(order)));
  }
  if (pathname.startsWith(SESSION_PATH)) {
    trace.route = 'api session';
    return pipeline(context, ANSWERS, SESSION, pathname.slice(SESSION_PATH.length), (session) => found(sessionView(session)));
  }
  return notFound();
}

function found(view: object): Response {
  return json(200, { code: 0, msg: 'success', data: view });
}
