/**
 * Waits `ms` milliseconds, or rejects with `signal.reason` as soon as the signal aborts (at once if it already has).
 * One listener is added and removed either way, and the timer is cleared on abort: a pending timer would keep a Node
 * process alive after its call has ended.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
