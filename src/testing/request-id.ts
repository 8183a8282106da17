/**
 * Gives an answer its own `X-Request-Id`, as the service does, unless a fault set one: what a developer quotes when
 * asking about a call, and what the SDK's errors carry as `requestId`. Random per answer: `req_` and 24 hex digits.
 */
export function withRequestId(response: Response): Response {
  if (!response.headers.has('x-request-id')) response.headers.set('x-request-id', requestId());
  return response;
}

function requestId(): string {
  // getRandomValues, not randomUUID: a page served over plain HTTP (not localhost) has no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `req_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
