import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sleep } from '../../src/core/sleep.js';
import { ApiError, getOrder, TimeoutError } from '../../src/index.js';
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
    expect(requests[0]!.signal.reason).toBeInstanceOf(TimeoutError);
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

  test('aborting during a pending fetch rejects with its reason', async () => {
    const caller = new AbortController();
    const { fetch } = recordingFetch(() => new Promise<Response>(() => {}));
    const pending = getOrder('ord_ada_1', options(fetch, { signal: caller.signal })).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    caller.abort('stop');
    expect(await pending).toBe('stop');
  });

  test('aborting during a backoff wait leaves no timer and no listener behind', async () => {
    const caller = new AbortController();
    const removed = vi.spyOn(caller.signal, 'removeEventListener');
    const { fetch, requests } = recordingFetch(status(503));
    const pending = getOrder('ord_ada_1', options(fetch, { signal: caller.signal })).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(requests).toHaveLength(1);
    caller.abort('stop');
    expect(await pending).toBe('stop');
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
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
    const stalled = () => new Response(new ReadableStream({ cancel: () => void (cancelled = true) }));
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
