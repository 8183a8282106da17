// Marks that `sandbox.fetch` leaves for `serveSandbox`. Registered symbols, so the copy of this module
// bundled into `testing/node` recognises what the copy bundled into `testing` marked.
const DROP = Symbol.for('checkout-lookup.testing.drop');
const STREAMED = Symbol.for('checkout-lookup.testing.streamed');

/** The rejection of `sandbox.fetch` for a dropped connection: a `TypeError`, as `fetch` rejects with. */
export function dropError(): TypeError {
  const error = new TypeError('fetch failed', {
    cause: new Error('the sandbox closed the connection without a response (fault "drop")'),
  });
  Object.defineProperty(error, DROP, { value: true });
  return error;
}

/** Whether `error` asks the HTTP adapter to destroy the socket instead of answering. */
export function isDropError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[DROP] === true;
}

/** Marks a response whose body is produced while it is read, and errors if the request is aborted. */
export function markStreamed(response: Response): Response {
  Object.defineProperty(response, STREAMED, { value: true });
  return response;
}

/** Whether `response` came from `markStreamed`. */
export function isStreamed(response: Response): boolean {
  return (response as unknown as Record<symbol, unknown>)[STREAMED] === true;
}
