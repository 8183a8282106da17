import { sleep } from './sleep.js';

/** What a caller's signal needs: an `AbortSignal`, of this realm or another, or a look-alike of a DOM library. */
export type CallerSignal = Pick<AbortSignal, 'aborted' | 'reason' | 'addEventListener' | 'removeEventListener'>;

/**
 * One call's deadline, the only place that reads the call's clock: how much time is left, whether the call must
 * stop, and one signal that aborts when the deadline passes or the caller's signal aborts. Every step asks it.
 */
export interface Deadline {
  /** The `timeout` in milliseconds. */
  readonly timeout: number;
  /** Aborts when the deadline passes (with an `AbortError` DOMException) or the caller's signal aborts (with its reason). */
  readonly signal: AbortSignal;
  /** Rejects when `signal` aborts: raced against what may ignore the signal (an injected fetch, a stalled body). */
  readonly aborted: Promise<never>;
  /** Milliseconds since the call started. */
  elapsed(): number;
  /** Milliseconds left before the deadline; 0 or less once it has passed. */
  left(): number;
  /** Whether the call must stop: the deadline has passed (by the clock, even before its timer fired) or the signal aborted. */
  passed(): boolean;
  /**
   * Stops the call once it must: throws the signal's reason when it has aborted, aborting it first when the clock
   * says the deadline has passed though its timer has not yet fired (parsing or validating held the thread).
   */
  check(): void;
  /** Waits `ms` milliseconds, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number): Promise<void>;
  /** Clears the timer and every listener, and lets go of a request held on `signal`; call it once the call has ended. */
  dispose(): void;
}

/**
 * The deadline of a call that started at `start` (from `Date.now`) with `timeout` ms, joined with the caller's
 * `signal`. Its timer is armed for what is left, never with a negative delay: a deadline already past fires at once.
 * A caller's `AbortSignal` is joined with `AbortSignal.any`, which adds no listener to it, so any number of calls can
 * share it; a signal of another kind (another realm, a DOM library) gets one listener, removed by `dispose`.
 *
 * The caller may hold the request in flight on `signal` (as `request`), which stays alive while the call runs;
 * `dispose` lets go of it, since undici's finalizer holds the signal strongly and would keep that request forever.
 */
export function deadline(start: number, timeout: number, caller: CallerSignal | undefined): Deadline {
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
  // A look-alike signal that has already aborted fires no event.
  if (caller?.aborted) follow();
  const elapsed = () => Date.now() - start;
  const left = () => timeout - elapsed();
  const fire = setTimeout(() => timer.abort(), Math.max(0, left()));
  return {
    timeout,
    signal,
    aborted,
    elapsed,
    left,
    passed: () => signal.aborted || left() <= 0,
    check() {
      if (left() <= 0) timer.abort();
      if (signal.aborted) throw signal.reason;
    },
    sleep: (ms) => sleep(ms, signal),
    dispose() {
      clearTimeout(fire);
      // Node keeps a joined signal that has a listener until it aborts: without this, every call on a long-lived
      // caller's signal would stay in memory.
      signal.removeEventListener('abort', stop);
      delete (signal as { request?: Request }).request;
      // A no-op for a signal joined by AbortSignal.any, which got no listener.
      caller?.removeEventListener('abort', follow);
    },
  };
}
