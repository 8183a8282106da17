import { bearerToken, verifyToken } from './auth.js';
import type { Settings } from './env.js';
import { lookupOrder, lookupSession, parseId } from './lookup.js';
import type { Outcome } from './lookup.js';
import { overLimit, RETRY_AFTER_SECONDS } from './rate-limit.js';
import { json, notFound, tooManyRequests, unauthorized, upstreamFailed } from './responses.js';
import type { Trace } from './trace.js';
import { orderView, sessionView } from './view.js';

const ORDER = '/api/order/';
const SESSION = '/api/checkout/session/';

/**
 * The JSON lookups, on the service's own paths and envelope, so the SDK works against the worker from a browser
 * (`baseUrl` = the worker, no `apiKey`, the sign-in token as `Authorization: Bearer`).
 */
export async function apiRoute(request: Request, url: URL, settings: Settings, trace: Trace): Promise<Response> {
  const { pathname } = url;
  const kind = pathname.startsWith(ORDER) ? 'order' : pathname.startsWith(SESSION) ? 'session' : undefined;
  if (kind === undefined) return notFound();
  trace.route = kind === 'order' ? 'api order' : 'api session';

  const token = bearerToken(request);
  if (token === undefined) return unauthorized(false);
  const subject = token === '' ? undefined : await verifyToken(token, settings);
  if (subject === undefined) return unauthorized(true);
  if (await overLimit(subject, settings)) return tooManyRequests(RETRY_AFTER_SECONDS);

  const id = parseId(pathname.slice(kind === 'order' ? ORDER.length : SESSION.length));
  if (id === undefined) return notFound();

  return kind === 'order'
    ? answer(await lookupOrder(id, subject, settings, trace), orderView)
    : answer(await lookupSession(id, subject, settings, trace), sessionView);
}

function answer<T>(outcome: Outcome<T>, toView: (value: T) => object): Response {
  switch (outcome.kind) {
    case 'found':
      return json(200, { code: 0, msg: 'success', data: toView(outcome.value) });
    case 'not-found':
      return notFound();
    case 'failed':
      return upstreamFailed(outcome.status, outcome.requestId);
  }
}
