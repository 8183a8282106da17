import { options, withCors } from './cors.js';
import { readSettings } from './env.js';
import type { Env, Settings } from './env.js';
import { jsonRoute } from './json-routes.js';
import { pageRoute } from './page-routes.js';
import { ALLOW, FORM_ALLOW, json, methodNotAllowed, misconfigured, withTransportSecurity } from './responses.js';
import { signIn, signInPage, signOut, signOutPage } from './sign-in.js';
import { logLine, newTrace } from './trace.js';
import type { Trace } from './trace.js';

export type { Env } from './env.js';

// Paths that take a POST: the forms of the sign-in and sign-out pages.
const FORMS = new Set(['/sign-in', '/sign-out']);

/**
 * The sample worker: signed-in customers read their own orders and checkout sessions, as JSON on the service's
 * own paths or as pages, while the API key stays in the worker's secrets. Each request writes one log line.
 */
async function fetch(request: Request, env: Env): Promise<Response> {
  const started = Date.now();
  const trace = newTrace();
  let response = await handle(request, env, trace);
  // The time spent waiting for the service, for browsers' developer tools and RUM. Not on 404s: those stay
  // identical whether the record is missing or someone else's.
  if (trace.upstreamMs !== undefined && response.status !== 404) {
    response.headers.append('Server-Timing', `upstream;dur=${trace.upstreamMs}`);
  }
  withTransportSecurity(request, response);
  console.log(logLine(trace, request.method, response.status, Date.now() - started));
  // HEAD: the same status and headers as GET, without the body.
  if (request.method === 'HEAD') response = new Response(null, response);
  return response;
}

async function handle(request: Request, env: Env, trace: Trace): Promise<Response> {
  const read = readSettings(env);
  // Without its settings the worker serves nothing, and says which setting is missing.
  if ('problem' in read) {
    trace.route = 'misconfigured';
    return misconfigured(read.problem);
  }
  const { settings } = read;
  const url = new URL(request.url);
  const allow = FORMS.has(url.pathname) ? FORM_ALLOW : ALLOW;
  if (request.method === 'OPTIONS') {
    trace.route = 'options';
    return options(request, settings, allow);
  }
  const post = request.method === 'POST' && FORMS.has(url.pathname);
  if (request.method !== 'GET' && request.method !== 'HEAD' && !post) return withCors(request, methodNotAllowed(allow), settings);
  try {
    return withCors(request, await route(request, url, settings, trace, post), settings);
  } catch (error) {
    trace.error = { name: error instanceof Error ? error.name : typeof error };
    const { requestId } = trace;
    return withCors(request, json(500, { code: 500, msg: 'Internal error', data: null, requestId }, { 'X-Request-Id': requestId }), settings);
  }
}

function route(request: Request, url: URL, settings: Settings, trace: Trace, post: boolean): Promise<Response> {
  const { pathname } = url;
  if (pathname.startsWith('/api/')) return jsonRoute(request, url, settings, trace);
  if (pathname === '/sign-in') {
    trace.route = post ? 'sign-in' : 'sign-in page';
    return post ? signIn(request, url, settings) : signInPage(request, url, settings);
  }
  if (pathname === '/sign-out') {
    trace.route = post ? 'sign-out' : 'sign-out page';
    return post ? signOut(request, url, settings) : signOutPage(request, settings);
  }
  return pageRoute(request, url, settings, trace);
}

// The module worker's shape (ExportedHandler<Env> in Workers types), spelled out so Node tests type-check it too.
export default { fetch } satisfies { fetch(request: Request, env: Env): Promise<Response> };
