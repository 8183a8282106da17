/**
 * A promise that rejects with `signal.reason` once the signal aborts, to race against work that may ignore the
 * signal: an injected fetch, a body that stalls, a wait between attempts.
 */
export function whenAborted(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  aborted.catch(() => {});
  return aborted;
}
