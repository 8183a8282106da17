import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { deadline } from '../../src/core/deadline.js';
import { sleep } from '../../src/core/sleep.js';
import { ApiError, getOrder, OrderSchema, TimeoutError } from '../../src/index.js';
import { envelope, ok, options, order, recordingFetch, settle, type Responder } from './helpers.js';

const status =
  (code: number, headers: HeadersInit = {}): Responder =>
  () =>
    envelope(null, { status: code, code, msg: `failure ${code}`, headers });

/** The tests of a describe run on a fake clock standing at 2026-11-22T00:00:00Z. */
function onFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

describe('the deadline', () => {
  onFakeClock();

  test('fires while waiting for headers, even with a fetch that ignores its signal', async () => {
    const fetch = () => new Promise<Response>(() => {});
    const error = await settle(getOrder('ord_ada_1', options(fetch, { timeout: 1500 }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - new Date('2026-11-22T00:00:00Z').getTime()).toBe(1500);
  });

  test('fires while the body stalls after the headers, and cancels the body', async () => {
    let cancelled = false;
    const fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"code":0,"msg":"success","data":{'));
          },
          cancel() {
            cancelled = true;
          },
        }),
      );
    const error = await settle(getOrder('ord_ada_1', options(fetch, { timeout: 2000 }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(cancelled).toBe(true);
  });

  test('covers retries and waits: one budget for the whole call', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch, requests } = recordingFetch(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return status(503)(request, 0);
    });
    const started = Date.now();
    let settledAt = 0;
    const call = getOrder('ord_ada_1', options(fetch, { timeout: 1000, maxRetries: 10 })).finally(() => {
      settledAt = Date.now();
    });
    const error = await settle(call).catch((e: unknown) => e);
    expect(settledAt - started).toBeLessThanOrEqual(1000);
    // Either the last failure (when the next wait would outlast the deadline) or the deadline itself.
    expect(error).toSatisfy((e) => e instanceof ApiError || e instanceof TimeoutError);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBeLessThan(11);
  });

  test('aborts the signal handed to fetch', async () => {
    const { fetch, requests } = recordingFetch(() => new Promise<Response>(() => {}));
    await settle(getOrder('ord_ada_1', options(fetch, { timeout: 100 }))).catch(() => undefined);
    expect(requests[0]!.signal.aborted).toBe(true);
  });

  test('counts from the moment the call is made: time spent checking the options is part of it', async () => {
    const { fetch } = recordingFetch(() => new Promise<Response>(() => {}));
    const started = Date.now();
    // Reading an option takes 200 ms, as Node's first load of its fetch does.
    const slow = {
      ...options(fetch, { timeout: 300 }),
      get baseUrl() {
        vi.setSystemTime(Date.now() + 200);
        return 'https://checkout.test/';
      },
    };
    let settledAt = 0;
    const error = await settle(
      getOrder('ord_1', slow).finally(() => {
        settledAt = Date.now();
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(settledAt - started).toBe(300);
    expect((error as TimeoutError).elapsedMs).toBe(300);
  });

  test('after failed attempts, says and carries what the last of them got', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch } = recordingFetch(status(503), () => new Promise<Response>(() => {}));
    const error = (await settle(getOrder('ord_1', options(fetch, { timeout: 1000 }))).catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(
      'GET /api/order/ord_1: timed out after 2 attempts in 1000 ms (timeout: 1000 ms); last: HTTP 503 (code 503) "failure 503"',
    );
    expect(error.cause).toBeInstanceOf(ApiError);
    expect(error.cause).toMatchObject({ status: 503, attempts: 1 });
  });

  test('with no attempt ended before it, says nothing more and has no cause', async () => {
    const error = (await settle(
      getOrder(
        'ord_1',
        options(() => new Promise<Response>(() => {}), { timeout: 50 }),
      ),
    ).catch((e: unknown) => e)) as TimeoutError;
    expect(error.message).toBe('GET /api/order/ord_1: timed out after 1 attempt in 50 ms (timeout: 50 ms)');
    expect(Object.hasOwn(error, 'cause')).toBe(false);
  });
});

describe('no result after the deadline', () => {
  onFakeClock();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A fetch whose body arrives once `ms` have passed on the clock, without any timer firing (as a long read would). */
  const lateBody =
    (ms: number, data: unknown = order): Responder =>
    () => {
      const body = JSON.stringify({ code: 0, msg: 'success', data });
      return new Response(
        new ReadableStream({
          pull(controller) {
            vi.setSystemTime(Date.now() + ms);
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
          },
        }),
      );
    };

  test('a body that arrives as the deadline passes is not parsed: TimeoutError', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const { fetch } = recordingFetch(lateBody(300));
    const error = await getOrder('ord_1', options(fetch, { timeout: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(parse).not.toHaveBeenCalled();
  });

  test('a parse that ends past the deadline is not validated: TimeoutError', async () => {
    const parse = JSON.parse;
    let read = false;
    vi.spyOn(JSON, 'parse').mockImplementation((text: string) => {
      vi.setSystemTime(Date.now() + 300);
      const body = parse(text);
      // Validation reads every field: this one tells whether it ran.
      Object.defineProperty(body.data, 'orderId', {
        enumerable: true,
        get: () => {
          read = true;
          return 'ord_1';
        },
      });
      return body;
    });
    const error = await getOrder('ord_1', options(recordingFetch(ok(order)).fetch, { timeout: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(read).toBe(false);
  });

  test('a validation that ends past the deadline delivers no result: TimeoutError', async () => {
    const run = OrderSchema['~run'];
    vi.spyOn(OrderSchema as unknown as { '~run': typeof run }, '~run').mockImplementation(function (this: unknown, ...args) {
      vi.setSystemTime(Date.now() + 300);
      return run.apply(this, args);
    });
    const error = await getOrder('ord_1', options(recordingFetch(ok(order)).fetch, { timeout: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).elapsedMs).toBe(300);
  });

  /** A fetch that answers `body`, whose JSON.parse ends `ms` later on the clock, as a long parse would. */
  function slowParse(ms: number, body: string, status = 200) {
    const parse = JSON.parse;
    vi.spyOn(JSON, 'parse').mockImplementation((text: string) => {
      if (text === body) vi.setSystemTime(Date.now() + ms);
      return parse(text);
    });
    return recordingFetch(() => new Response(body, { status }));
  }

  test('a failure answer whose parse ends past the deadline is no ApiError: TimeoutError', async () => {
    const { fetch } = slowParse(300, JSON.stringify({ code: 404, msg: 'not found', data: null }), 404);
    const error = await getOrder('ord_1', options(fetch, { timeout: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  test('a 2xx without an envelope whose parse ends past the deadline is no ValidationError: TimeoutError', async () => {
    const { fetch } = slowParse(300, JSON.stringify({ data: order }));
    const error = await getOrder('ord_1', options(fetch, { timeout: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  test('a failure answer whose error is still being built as the deadline passes is no ApiError: TimeoutError', async () => {
    // Copying the answer's headers into the error is the last thing it takes; here that copy outlasts the deadline.
    const { fetch } = recordingFetch(() => {
      const answer = envelope(null, { status: 404, code: 1, msg: 'y'.repeat(1000) });
      const { headers } = answer;
      const forEach: Headers['forEach'] = (each) => {
        vi.setSystemTime(Date.now() + 300);
        headers.forEach(each);
      };
      return Object.defineProperty(answer, 'headers', { value: { get: (name: string) => headers.get(name), forEach } });
    });
    const error = await getOrder('ord_1', options(fetch, { timeout: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).cause).toBeUndefined();
  });

  test('a failure of fetch met as the deadline passes is no NetworkError: TimeoutError', async () => {
    const { fetch } = recordingFetch(() => {
      vi.setSystemTime(Date.now() + 300);
      throw new TypeError('fetch failed');
    });
    const error = await getOrder('ord_1', options(fetch, { timeout: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  test.each([
    ['data', ok(order)],
    ['an ApiError', status(404)],
  ])('%s whose onAttempt hook outlasts the deadline is no result: TimeoutError', async (_, answer) => {
    const onAttempt = () => {
      vi.setSystemTime(Date.now() + 120);
    };
    const error = await getOrder('ord_1', options(recordingFetch(answer).fetch, { timeout: 50, onAttempt })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).elapsedMs).toBe(120);
  });

  test('a result validated 1 ms before the deadline is delivered', async () => {
    const { fetch } = recordingFetch(lateBody(299));
    await expect(getOrder('ord_1', options(fetch, { timeout: 300 }))).resolves.toMatchObject({ orderId: 'ord_ada_1' });
  });
});

describe('no retry starts that cannot finish', () => {
  onFakeClock();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('a retry is given the time the failed attempt took: when the wait and that time do not fit, the failure is the answer', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    // Each attempt takes 400 ms; the first wait is 125 ms.
    const slow503: Responder = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return status(503)(request, 0);
    };
    // 400 + 125 + 400 = 925 fits in 1000 ms: a second attempt; 925 + 250 + 400 does not: its 503 is the answer.
    const fits = recordingFetch(slow503);
    const error = await settle(getOrder('ord_1', options(fits.fetch, { timeout: 1000 }))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 503, attempts: 2 });
    expect(fits.requests).toHaveLength(2);
    // 400 + 125 + 400 = 925 does not fit in 900 ms: the first 503 is the answer, not a TimeoutError.
    const tight = recordingFetch(slow503);
    const first = await settle(getOrder('ord_1', options(tight.fetch, { timeout: 900 }))).catch((e: unknown) => e);
    expect(first).toMatchObject({ name: 'ApiError', status: 503, attempts: 1, elapsedMs: 400 });
  });
});

describe("the caller's signal", () => {
  onFakeClock();

  test('rejects with its reason, unchanged, and stops retries', async () => {
    const caller = new AbortController();
    const reason = new Error('user navigated away');
    const { fetch, requests } = recordingFetch((request) => {
      caller.abort(reason);
      return status(503)(request, 0);
    });
    const error = await settle(getOrder('ord_ada_1', options(fetch, { signal: caller.signal }))).catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(requests).toHaveLength(1);
  });

  test('rejects with its reason unchanged when the reason is an array', async () => {
    const caller = new AbortController();
    const reason = ['x'];
    const now = () => {
      caller.abort(reason);
      return Date.now();
    };
    const error = await getOrder('ord_ada_1', options(recordingFetch(ok(order)).fetch, { signal: caller.signal, now })).catch((e: unknown) => e);
    expect(error).toBe(reason);
  });

  test('aborting during a pending fetch rejects with its reason', async () => {
    const caller = new AbortController();
    const { fetch } = recordingFetch(() => new Promise<Response>(() => {}));
    const pending = getOrder('ord_ada_1', options(fetch, { signal: caller.signal })).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    caller.abort('stop');
    expect(await pending).toBe('stop');
  });

  test('aborting during a backoff wait leaves no timer behind', async () => {
    const caller = new AbortController();
    const { fetch, requests } = recordingFetch(status(503));
    const pending = getOrder('ord_ada_1', options(fetch, { signal: caller.signal })).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(requests).toHaveLength(1);
    caller.abort('stop');
    expect(await pending).toBe('stop');
    expect(vi.getTimerCount()).toBe(0);
    expect(requests).toHaveLength(1);
  });

  test('100 calls sharing one signal add no listener to it and print no warning', async () => {
    const caller = new AbortController();
    const added = vi.spyOn(caller.signal, 'addEventListener');
    const warnings: Error[] = [];
    const warned = (warning: Error) => void warnings.push(warning);
    process.on('warning', warned);
    try {
      const { fetch, requests } = recordingFetch(() => new Promise<Response>(() => {}));
      const calls = Array.from({ length: 100 }, (_, i) => getOrder(`ord_${i}`, options(fetch, { signal: caller.signal })).catch((e: unknown) => e));
      await vi.advanceTimersByTimeAsync(10);
      expect(requests).toHaveLength(100);
      caller.abort('stop');
      expect(new Set(await Promise.all(calls))).toEqual(new Set(['stop']));
      expect(added).not.toHaveBeenCalled();
      vi.useRealTimers();
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', warned);
    }
  });

  test('once a call ends, its joined signal keeps none of its listeners and holds no request (test/integration/requests-freed.test.ts)', async () => {
    const joined: AbortSignal[] = [];
    const any = AbortSignal.any;
    vi.spyOn(AbortSignal, 'any').mockImplementation((signals) => {
      const signal = any.call(AbortSignal, signals);
      joined.push(signal);
      // The call's own listener is the first one added; the runtime's Request adds one of its own after it.
      const own = vi.spyOn(signal, 'addEventListener');
      Object.assign(signal, { own });
      return signal;
    });
    const caller = new AbortController();
    await getOrder('ord_1', options(recordingFetch(ok(order)).fetch, { signal: caller.signal }));
    await getOrder('ord_1', options(recordingFetch(status(404)).fetch, { signal: caller.signal })).catch(() => {});
    expect(joined).toHaveLength(2);
    for (const signal of joined) {
      const [type, listener] = (signal as unknown as { own: { mock: { calls: [string, unknown][] } } }).own.mock.calls[0]!;
      expect(type).toBe('abort');
      expect(getEventListeners(signal, 'abort')).not.toContain(listener);
      expect(signal).not.toHaveProperty('request');
    }
  });

  test('a signal of another kind (aborted, addEventListener, removeEventListener) gets one listener, removed when the call ends', async () => {
    const listeners = new Set<() => void>();
    const foreign = {
      aborted: false,
      reason: undefined as unknown,
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'abort') listeners.add(listener);
      },
      removeEventListener: (type: string, listener: () => void) => {
        if (type === 'abort') listeners.delete(listener);
      },
    };
    const done = await getOrder('ord_1', options(recordingFetch(ok(order)).fetch, { signal: foreign as unknown as AbortSignal }));
    expect(done.orderId).toBe('ord_ada_1');
    expect(listeners.size).toBe(0);
    const pending = getOrder(
      'ord_1',
      options(recordingFetch(() => new Promise<Response>(() => {})).fetch, { signal: foreign as unknown as AbortSignal }),
    ).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(listeners.size).toBe(1);
    Object.assign(foreign, { aborted: true, reason: 'gone' });
    for (const listener of listeners) listener();
    expect(await pending).toBe('gone');
    expect(listeners.size).toBe(0);
  });

  test('already aborted, rejects with its reason before any request', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    const error = await getOrder('ord_ada_1', options(fetch, { signal: AbortSignal.abort('gone') })).catch((e: unknown) => e);
    expect(error).toBe('gone');
    expect(requests).toHaveLength(0);
  });
});

describe('the deadline and the signal on the real clock', () => {
  test('a body that stalls before its first byte is cancelled when the deadline fires', async () => {
    let cancelled = false;
    const stalled = () =>
      new Response(
        new ReadableStream({
          cancel: () => {
            cancelled = true;
          },
        }),
      );
    const error = await getOrder(
      'ord_1',
      options(async () => stalled(), { timeout: 50, maxRetries: 0 }),
    ).then(
      () => expect.unreachable('resolved'),
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe('TimeoutError');
    expect(cancelled).toBe(true);
  });

  test('an abort that nothing is waiting on yet leaves no unhandled rejection: a fetch that aborts the call, then throws before returning a promise', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const caller = new AbortController();
      const reason = new Error('user navigated away');
      // Not async: the throw comes before any promise exists, so the abort happens before anything raced it.
      const fetch = () => {
        caller.abort(reason);
        throw new TypeError('fetch failed');
      };
      const error = await getOrder('ord_ada_1', options(fetch, { signal: caller.signal })).catch((e: unknown) => e);
      expect(error).toBe(reason);
      // Node reports a rejection left unhandled once the microtasks have run, before the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});

describe('the abortable wait', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  /** An AbortSignal whose listeners are counted. */
  function countedSignal() {
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, 'addEventListener');
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    return { controller, signal: controller.signal, add, remove };
  }

  describe('sleep', () => {
    test('resolves after ms, not before, and removes its one listener', async () => {
      const { signal, add, remove } = countedSignal();
      let done = false;
      const slept = sleep(100, signal).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(99);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await slept;
      expect(done).toBe(true);
      expect(add).toHaveBeenCalledTimes(1);
      expect(add.mock.calls[0]?.[0]).toBe('abort');
      expect(add.mock.calls[0]?.[2]).toEqual({ once: true });
      expect(remove).toHaveBeenCalledTimes(1);
      expect(remove.mock.calls[0]?.[0]).toBe('abort');
      expect(remove.mock.calls[0]?.[1]).toBe(add.mock.calls[0]?.[1]);
      expect(vi.getTimerCount()).toBe(0);
    });

    test('rejects with the signal reason on abort and clears its timer', async () => {
      const { controller, signal, add } = countedSignal();
      const slept = sleep(10_000, signal);
      expect(vi.getTimerCount()).toBe(1);
      const reason = new Error('stop');
      controller.abort(reason);
      await expect(slept).rejects.toBe(reason);
      expect(vi.getTimerCount()).toBe(0);
      expect(add).toHaveBeenCalledTimes(1);
    });

    test('rejects at once with the reason of a signal already aborted, arming nothing', async () => {
      const reason = new Error('gone');
      const aborted = AbortSignal.abort(reason);
      const add = vi.spyOn(aborted, 'addEventListener');
      await expect(sleep(10, aborted)).rejects.toBe(reason);
      expect(vi.getTimerCount()).toBe(0);
      expect(add).not.toHaveBeenCalled();
    });

    test('many sleeps on one signal leave no listener behind', async () => {
      const { signal, add, remove } = countedSignal();
      const sleeps = Promise.all(Array.from({ length: 100 }, (_, index) => sleep(index + 1, signal)));
      await vi.advanceTimersByTimeAsync(100);
      await sleeps;
      expect(add).toHaveBeenCalledTimes(100);
      expect(remove).toHaveBeenCalledTimes(100);
    });
  });
});

describe('nothing is sent once the deadline has passed', () => {
  onFakeClock();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('options read for longer than the timeout: a TimeoutError, no request, and no timer armed with a negative delay', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const { fetch, requests } = recordingFetch(ok(order));
    const slow = {
      ...options(fetch, { timeout: 5 }),
      get headers() {
        vi.setSystemTime(Date.now() + 20);
        return {};
      },
    };
    const error = await settle(getOrder('ord_1', slow)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe('GET /api/order/ord_1: timed out after 0 attempts in 20 ms (timeout: 5 ms)');
    expect(requests).toHaveLength(0);
    for (const [, ms] of timers.mock.calls) expect(ms).toBeGreaterThanOrEqual(0);
  });

  test('a clock read for longer than the time left: a TimeoutError, no request', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    const now = () => {
      vi.setSystemTime(Date.now() + 20);
      return Date.now();
    };
    const error = await settle(getOrder('ord_1', options(fetch, { timeout: 5, now }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(requests).toHaveLength(0);
  });
});

// The deadline object itself, as the request core uses it: what `stop` gives is the core's (the caller's reason or
// the call's TimeoutError); here, any marker.
describe('deadline, the one place that reads the call clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  test('says how much time is left; once none is, it has expired and fires, though its timer has not', async () => {
    const clock = deadline(Date.now() + 100, undefined);
    expect(clock.now()).toBe(0);
    expect(clock.left()).toBe(100);
    vi.setSystemTime(99);
    expect(clock.now()).toBe(99);
    expect(clock.left()).toBe(1);
    expect(clock.expired()).toBe(false);
    expect(() => clock.check()).not.toThrow();
    vi.setSystemTime(100);
    expect(clock.left()).toBe(0);
    expect(clock.signal.aborted).toBe(false);
    expect(clock.expired()).toBe(true);
    expect(clock.signal.aborted).toBe(true);
    expect(() => clock.check()).toThrow(clock.signal.reason);
    expect(clock.signal.reason).toBeInstanceOf(DOMException);
    const halted: unknown[] = [];
    clock.until((reason) => halted.push(reason));
    expect(halted).toEqual([clock.signal.reason]);
    clock.dispose();
  });

  test('aborts its signal at the end; an end already past aborts it at once, with no timer armed with a negative delay', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const clock = deadline(Date.now() - 50, undefined);
    expect(timers.mock.calls.map(([, ms]) => ms)).toEqual([0]);
    const halted: unknown[] = [];
    clock.until((reason) => halted.push(reason));
    expect(halted).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.signal.aborted).toBe(true);
    expect(halted).toEqual([clock.signal.reason]);
    clock.dispose();
  });

  test("follows the caller's signal: expired at once, check throws its reason; dispose clears the timer", async () => {
    const caller = new AbortController();
    const clock = deadline(Date.now() + 1000, caller.signal);
    expect(clock.expired()).toBe(false);
    const halted: unknown[] = [];
    clock.until((reason) => halted.push(['first', reason]));
    clock.until((reason) => halted.push(['second', reason]));
    const reason = new Error('caller');
    caller.abort(reason);
    // Only what was set last is ended, once.
    expect(halted).toEqual([['second', reason]]);
    expect(clock.signal.reason).toBe(reason);
    expect(clock.expired()).toBe(true);
    expect(() => clock.check()).toThrow(reason);
    expect(vi.getTimerCount()).toBe(1);
    clock.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
