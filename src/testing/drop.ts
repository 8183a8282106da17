// A registered symbol, so the copy of this module bundled into `testing/node` recognises errors
// thrown by the copy bundled into `testing`.
const DROP = Symbol.for('checkout-lookup.testing.drop');

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
