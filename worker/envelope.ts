import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppContext } from './app.js';

/** A JSON answer in the service's envelope, `{ code, msg, data }`; a request id to quote also goes in `X-Request-Id`. */
export function envelope(
  c: AppContext,
  status: ContentfulStatusCode,
  msg: string,
  { data = null, requestId, headers = {} }: { data?: unknown; requestId?: string; headers?: Record<string, string> } = {},
): Response {
  const body = { code: status === 200 ? 0 : status, msg, data, ...(requestId === undefined ? {} : { requestId }) };
  const idHeader = requestId === undefined ? {} : { 'X-Request-Id': requestId };
  return c.json(body, status, { 'Content-Type': 'application/json; charset=utf-8', ...headers, ...idHeader });
}

/** Methods every route answers. */
export const ALLOW = 'GET, HEAD, OPTIONS';

/** The methods a path answers: `/sign-in` and `/sign-out` also take their own page's form (RFC 9110 §10.2.1). */
export function allowed(path: string): string {
  return path === '/sign-in' || path === '/sign-out' ? `${ALLOW}, POST` : ALLOW;
}
