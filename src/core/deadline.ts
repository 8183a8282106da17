/** What a caller's signal needs: an `AbortSignal`, of this realm or another, or a look-alike of a DOM library. */
export type CallerSignal = Pick<AbortSignal, 'aborted' | 'reason' | 'addEventListener' | 'removeEventListener'>;

/** One call's deadline joined with the caller's signal. */
export interface Deadline {
  /** Aborts when the deadline passes (with an `AbortError` DOMException) or the caller's signal aborts (with its reason). */
  readonly signal: AbortSignal;
  /** Rejects (with the abort event) when `signal` aborts: raced against what may ignore the signal (an injected fetch, a stalled body). */
  readonly aborted: Promise<never>;
  /** Waits `ms` milliseconds, or rejects as soon as `signal` aborts (at once if it has); `dispose` clears its timer. */
  sleep(ms: number): Promise<void>;
  /** Clears the timer and every listener, and lets go of a request held on `signal`; call it once the call has ended. */
  dispose(): void;
}

/**
 * The deadline of one call, `ms` from now, and the caller's `signal`, as one signal. A caller's `AbortSignal` is
 * joined with `AbortSignal.any`, which adds no listener to it, so any number of calls can share it; a signal of
 * another kind (another realm, a DOM library) gets one listener, removed by `dispose`.
 *
 * The caller may hold the request in flight on `signal` (as `request`), which stays alive while the call runs;
 * `dispose` lets go of it, since undici's finalizer holds the signal strongly and would keep that request forever.
 */
export function deadline(ms: number, caller: CallerSignal | undefined): Deadline {
  const timer = new AbortController();
  const signal = caller instanceof AbortSignal ? AbortSignal.any([timer.signal, caller]) : timer.signal;
  const follow = () => timer.abort(caller!.reason);
  if (caller && signal === timer.signal) caller.addEventListener('abort', follow);
  let stop!: (event: Event) => void;
  const aborted = new Promise<never>((_, reject) => {
    stop = reject;
  });
  aborted.catch(() => {});
  signal.addEventListener('abort', stop);
  const fire = setTimeout(() => timer.abort(), ms);
  let pause: ReturnType<typeof setTimeout> | undefined;
  return {
    signal,
    aborted,
    sleep: (ms) =>
      Promise.race([
        new Promise<void>((resolve) => {
          pause = setTimeout(resolve, ms);
        }),
        aborted,
      ]),
    dispose() {
      clearTimeout(fire);
      clearTimeout(pause);
      // Node keeps a joined signal that has a listener until it aborts: without this, every call on a long-lived
      // caller's signal would stay in memory.
      signal.removeEventListener('abort', stop);
      delete (signal as { request?: Request }).request;
      // A no-op for a signal joined by AbortSignal.any, which got no listener.
      caller?.removeEventListener('abort', follow);
    },
  };
}
