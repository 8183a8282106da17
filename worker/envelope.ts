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
