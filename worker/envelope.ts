import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppContext } from './app.js';

/** A JSON answer in the service's envelope (so the SDK reads it as the service's): `{ code, msg, data }`, and the request id to quote with a failure. */
export function envelope(
  c: AppContext,
  status: ContentfulStatusCode,
  msg: string,
  { data = null, requestId, headers = {} }: { data?: unknown; requestId?: string; headers?: Record<string, string> } = {},
): Response {
  const body = { code: status === 200 ? 0 : status, msg, data, ...(requestId === undefined ? {} : { requestId }) };
  return c.json(body, status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

/** Methods every route answers. */
export const ALLOW = 'GET, HEAD, OPTIONS';

/** The methods a path answers: `/sign-in` and `/sign-out` also take their own page's form (RFC 9110 §10.2.1). */
export function allowed(path: string): string {
  return path === '/sign-in' || path === '/sign-out' ? `${ALLOW}, POST` : ALLOW;
}
