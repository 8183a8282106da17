// The JSON family's answers, in the service's envelope, so the SDK reads the worker's answers as it reads the
// service's. The headers every answer carries are set by the middleware (worker/middleware/headers.ts).

/** The service's envelope. */
export interface Envelope {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  readonly requestId?: string;
}

/** A JSON answer in the envelope. */
export function json(status: number, envelope: Envelope, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

/** 404, identical to the byte for "does not exist" and "not yours", so an answer never tells which. */
export function notFound(): Response {
  return json(404, { code: 404, msg: 'Not found', data: null });
}

/** 401 with the challenge of RFC 6750 §3; `invalid` adds `error="invalid_token"` when a token came and failed. */
export function unauthorized(invalid: boolean): Response {
  const challenge = invalid ? 'Bearer realm="checkout-lookup", error="invalid_token"' : 'Bearer realm="checkout-lookup"';
  return json(
    401,
    { code: 401, msg: invalid ? 'The token is invalid or expired' : 'Sign-in required', data: null },
    { 'WWW-Authenticate': challenge },
  );
}

/** 405 with the methods the path answers (`ALLOW`, or `FORM_ALLOW` on the paths that take a form's POST). */
export function methodNotAllowed(allow: string): Response {
  return json(405, { code: 405, msg: 'Method not allowed', data: null }, { Allow: allow });
}

/** 429 with `Retry-After` in seconds. */
export function tooManyRequests(retryAfterSeconds: number): Response {
  return json(429, { code: 429, msg: 'Too many requests', data: null }, { 'Retry-After': String(retryAfterSeconds) });
}

/** 500 for a missing or malformed setting: the sentence names the setting, never its value. */
export function misconfigured(problem: string): Response {
  return json(500, { code: 500, msg: problem, data: null });
}

/** 500 for anything the worker did not expect: a request id, nothing else. */
export function internalError(requestId: string): Response {
  return json(500, { code: 500, msg: 'Internal error', data: null, requestId }, { 'X-Request-Id': requestId });
}

/** 502 or 504 for a failed lookup: only a request id, never anything the service said. */
export function upstreamFailed(status: 502 | 504, requestId: string): Response {
  const msg = status === 504 ? 'The checkout service did not answer in time' : 'The checkout service failed';
  return json(status, { code: status, msg, data: null, requestId }, { 'X-Request-Id': requestId });
}

/** Methods every route answers. */
export const ALLOW = 'GET, HEAD, OPTIONS';

/** Methods of `/sign-in` and `/sign-out`, which also take their own page's form (RFC 9110 §10.2.1: `Allow` lists them all). */
const FORM_ALLOW = `${ALLOW}, POST`;

/** The methods a path answers. */
export function allowed(path: string): string {
  return path === '/sign-in' || path === '/sign-out' ? FORM_ALLOW : ALLOW;
}
