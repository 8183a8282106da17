import { sleep } from './sleep.js';

/** What a caller's signal needs: an `AbortSignal`, of this realm or another, or a look-alike of a DOM library. */
export type CallerSignal = Pick<AbortSignal, 'aborted' | 'reason' | 'addEventListener' | 'removeEventListener'>;

/**
 * One call's deadline, the only place that reads the call's clock: how much time is left, whether it has passed,
 * and one signal that aborts when it passes or when the caller's signal aborts. Every step of a call asks it.
 */
export class Deadline {
  /** Aborts when the deadline passes (with an `AbortError` DOMException) or the caller's signal aborts (with its reason). */
  readonly signal: AbortSignal;
  /** Rejects when `signal` aborts: raced against what may ignore the signal (an injected fetch, a stalled body). */
  readonly aborted: Promise<never>;
  readonly #timer = new AbortController();
  readonly #caller: CallerSignal | undefined;
  readonly #fire: ReturnType<typeof setTimeout>;
  readonly #stop: (event: Event) => void;
  readonly #follow = () => this.#timer.abort(this.#caller!.reason);

  /**
   * Arms the timer for what is left of `timeout` ms counted from `start` (never a negative delay: a deadline already
   * past fires at once). A caller's `AbortSignal` is joined with `AbortSignal.any`, which adds no listener to it, so
   * any number of calls can share it; a signal of another kind (another realm, a DOM library) gets one listener,
   * removed by `dispose`.
   */
  constructor(
    readonly start: number,
    readonly timeout: number,
    caller: CallerSignal | undefined,
  ) {
    this.#caller = caller;
    const timer = this.#timer;
    this.signal = caller instanceof AbortSignal ? AbortSignal.any([timer.signal, caller]) : timer.signal;
    if (caller && this.signal === timer.signal) caller.addEventListener('abort', this.#follow);
    let stop!: (event: Event) => void;
    this.aborted = new Promise<never>((_, reject) => {
      stop = reject;
    });
    this.aborted.catch(() => {});
    this.#stop = stop;
    this.signal.addEventListener('abort', stop);
    // A look-alike signal that has already aborted fires no event.
    if (caller?.aborted) timer.abort(caller.reason);
    this.#fire = setTimeout(() => timer.abort(), Math.max(0, this.left()));
  }

  /** Milliseconds since the call started. */
  elapsed(): number {
    return Date.now() - this.start;
  }

  /** Milliseconds left before the deadline; 0 or less once it has passed. */
  left(): number {
    return this.timeout - this.elapsed();
  }

  /** Whether the call must stop: the deadline has passed (by the clock, even before its timer fired) or the signal aborted. */
  passed(): boolean {
    return this.signal.aborted || this.left() <= 0;
  }

  /**
   * Stops the call once it must: throws the signal's reason when it has aborted, aborting it first when the clock
   * says the deadline has passed though its timer has not yet fired (parsing or validating held the thread).
   */
  check(): void {
    if (this.left() <= 0) this.#timer.abort();
    if (this.signal.aborted) throw this.signal.reason;
  }

  /** Waits `ms` milliseconds, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number): Promise<void> {
    return sleep(ms, this.signal);
  }

  /** Clears the timer and every listener, and lets go of a request held on `signal`; call it once the call has ended. */
  dispose(): void {
    clearTimeout(this.#fire);
    // Node keeps a joined signal that has a listener until it aborts: without this, every call on a long-lived
    // caller's signal would stay in memory.
    this.signal.removeEventListener('abort', this.#stop);
    delete (this.signal as { request?: unknown }).request;
    // A no-op for a signal joined by AbortSignal.any, which got no listener.
    this.#caller?.removeEventListener('abort', this.#follow);
  }
}
