/** What a caller's signal needs: an `AbortSignal`, of this realm or another, or a look-alike of a DOM library. */
export type CallerSignal = Pick<AbortSignal, 'aborted' | 'reason' | 'addEventListener' | 'removeEventListener'>;

/**
 * One call's deadline, joined with the caller's signal: the one place that reads the call's clock, says how much
 * time is left, and stops the call.
 */
export interface Deadline {
  /** Aborts when the deadline passes (with an `AbortError` DOMException) or the caller's signal aborts (with its reason). */
  readonly signal: AbortSignal;
  /**
   * Sets what an abort of `signal` ends, in place of what was set before: what may ignore the signal (an injected
   * fetch, a stalled body). `interrupt` is given the signal's reason when it aborts, at once if it already has.
   */
  until(interrupt: (reason: unknown) => void): void;
  /** The clock: milliseconds since the Unix epoch. */
  now(): number;
  /** Milliseconds left before the deadline: 0 or less once it has passed. */
  left(): number;
  /**
   * Whether the call must stop: `signal` has aborted, or the clock says the deadline has passed though its timer has
   * not fired (then it fires now). Asked once a failure's error is built, so none is given after the deadline.
   */
  expired(): boolean;
  /** Throws the reason of `signal` once `expired()`: before each request and around what cannot be interrupted (parsing, validating). */
  check(): void;
  /** Clears the timer and every listener, and lets go of a request held on `signal`; call it once the call has ended. */
  dispose(): void;
}

/**
 * The deadline of a call, at `end` (a `Date.now()` time: its start plus its `timeout`), and the caller's `signal`,
 * as one signal. Its timer is armed for what is left, never with a negative delay. A caller's `AbortSignal` is
 * joined with `AbortSignal.any`, which adds no listener to it, so any number of calls can share it; a signal of
 * another kind (another realm, a DOM library) gets one listener, removed by `dispose`.
 *
 * The caller may hold the request in flight on `signal` (as `request`), which stays alive while the call runs;
 * `dispose` lets go of it, since undici's finalizer holds the signal strongly and would keep that request forever.
 */
export function deadline(end: number, caller: CallerSignal | undefined): Deadline {
  const timer = new AbortController();
  const signal = caller instanceof AbortSignal ? AbortSignal.any([timer.signal, caller]) : timer.signal;
  const follow = () => timer.abort(caller!.reason);
  if (caller && signal === timer.signal) caller.addEventListener('abort', follow);
  // What an abort ends now (`until`); one slot, not a promise raced at every step: a race costs each await a
  // promise and a turn of the microtask queue.
  let interrupt: ((reason: unknown) => void) | undefined;
  // Whether `signal` has aborted, kept here: the call asks at every step, and a getter costs more than a field.
  let over = false;
  const halt = () => {
    over = true;
    interrupt?.(signal.reason);
  };
  // Without a caller's signal, only the timer aborts `signal`, and `fire` halts what runs itself: no listener.
  // Stryker disable next-line ConditionalExpression: a listener without a caller's signal changes nothing but the time.
  if (caller) signal.addEventListener('abort', halt);
  const now = () => Date.now();
  const left = () => end - Date.now();
  const fire = () => {
    timer.abort();
    halt();
  };
  const timeout = setTimeout(fire, Math.max(0, left()));
  const expired = () => {
    if (end <= Date.now()) fire();
    return over;
  };
  return {
    signal,
    until(next) {
      interrupt = next;
      if (signal.aborted) next(signal.reason);
    },
    now,
    left,
    expired,
    check: () => {
      if (expired()) throw signal.reason;
    },
    dispose() {
      clearTimeout(timeout);
      // Node keeps a joined signal that has a listener until it aborts: without this, every call on a long-lived
      // caller's signal would stay in memory. Without a caller's signal there is no listener, and nothing to remove
      // (a removal costs a call about half a µs on Node).
      // Stryker disable next-line ConditionalExpression: removing a listener that was never added changes nothing but the time.
      if (caller) signal.removeEventListener('abort', halt);
      delete (signal as { request?: Request }).request;
      // A no-op for a signal joined by AbortSignal.any, which got no listener.
      caller?.removeEventListener('abort', follow);
    },
  };
}
