import type { Settings } from './env.js';
import { ALLOW, json, withCommonHeaders } from './responses.js';

// What the SDK sends from a page: the token, and X-Timestamp (which is what makes browsers send a preflight).
const ALLOWED_HEADERS = 'Authorization, X-Timestamp';
const EXPOSED_HEADERS = 'Retry-After, X-Request-Id';

/** The request's origin when it is in `ALLOWED_ORIGINS`. */
function allowedOrigin(request: Request, settings: Settings): string | undefined {
  const origin = request.headers.get('Origin');
  return origin !== null && settings.allowedOrigins.has(origin) ? origin : undefined;
}

/** Adds CORS headers to an answer for an allowed origin; other origins get none, so browsers withhold the answer. */
export function withCors(request: Request, response: Response, settings: Settings): Response {
  response.headers.append('Vary', 'Origin');
  const origin = allowedOrigin(request, settings);
  if (origin === undefined) return response;
  response.headers.set('Access-Control-Allow-Origin', origin);
  response.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  return response;
}

/**
 * Answers OPTIONS: a CORS preflight from an allowed origin, 403 from another, or the plain list of the path's
 * methods (`allow`). A preflight allows the JSON routes' methods only: a form's POST is taken from this site alone.
 */
export function options(request: Request, settings: Settings, allow: string = ALLOW): Response {
  const isPreflight = request.headers.has('Origin') && request.headers.has('Access-Control-Request-Method');
  if (!isPreflight) return withCommonHeaders(new Response(null, { status: 204, headers: { Allow: allow } }));
  const origin = allowedOrigin(request, settings);
  if (origin === undefined) {
    return json(403, { code: 403, msg: 'Origin not allowed', data: null }, { Vary: 'Origin' });
  }
  return withCommonHeaders(
    new Response(null, {
      status: 204,
      headers: {
        Allow: allow,
        Vary: 'Origin',
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': ALLOW,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '600',
      },
    }),
  );
}
