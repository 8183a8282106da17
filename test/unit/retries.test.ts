import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, getOrder, NetworkError, TimeoutError } from '../../src/index.js';
import { envelope, ok, options, order, recordingFetch, type Responder } from './helpers.js';

const status = (code: number, headers: HeadersInit = {}): Responder => () =>
  envelope(null, { status: code, code, msg: `failure ${code}`, headers });
const refused: Responder = () => {
  throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
};

/** Runs a call to its end while fake timers jump over every wait. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  const settled = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const result = await settled;
  if ('error' in result) throw result.error;
  return result.value;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  test.each([408, 429, 500, 502, 503, 504])('retry %i up to maxRetries, then raise ApiError', async (code) => {
    const { fetch, requests } = recordingFetch(status(code));
    const error = await settle(getOrder('ord_ada_1', options(fetch))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: code, code, message: expect.stringContaining(`failure ${code}`) });
    expect(requests).toHaveLength(3);
  });

  test.each([400, 401, 403, 404, 405, 409, 422, 501])('never retry %i', async (code) => {
    const { fetch, requests } = recordingFetch(status(code));
    await expect(settle(getOrder('ord_ada_1', options(fetch)))).rejects.toMatchObject({ name: 'ApiError', status: code });
    expect(requests).toHaveLength(1);
  });

  test('never retry an envelope failure inside HTTP 200', async () => {
    const { fetch, requests } = recordingFetch(() => envelope(null, { code: 5001, msg: 'order not found' }));
    const error = await settle(getOrder('ord_ada_1', options(fetch))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 200, code: 5001, message: expect.stringContaining('order not found') });
    expect(requests).toHaveLength(1);
  });

  test('succeed when a later attempt succeeds, each attempt with a fresh X-Timestamp', async () => {
    let clock = 1000;
    const { fetch, requests } = recordingFetch(status(503), refused, ok(order));
    const result = await settle(getOrder('ord_ada_1', options(fetch, { now: () => clock++ })));
    expect(result.orderId).toBe('ord_ada_1');
    expect(requests.map((r) => r.headers.get('x-timestamp'))).toEqual(['1000', '1001', '1002']);
  });

  test('a network failure becomes a NetworkError with a safe copy of the original error as cause, after retries', async () => {
    const { fetch, requests } = recordingFetch(refused);
    const error = await settle(getOrder('ord_ada_1', options(fetch))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    // A safe copy of the failure (its name and message), never the failure itself, which may hold the key.
    expect((error as NetworkError).cause).toEqual({ name: 'TypeError', message: 'fetch failed' });
    // Two backoff waits of 125-250 ms and 250-500 ms, in integer milliseconds in both the message and elapsedMs.
    const { elapsedMs, message } = error as NetworkError;
    expect(message).toBe(`GET /api/order/ord_ada_1: TypeError: fetch failed after 3 attempts in ${elapsedMs} ms`);
    expect(Number.isInteger(elapsedMs)).toBe(true);
    expect(elapsedMs).toBeGreaterThanOrEqual(375);
    expect(elapsedMs).toBeLessThanOrEqual(750);
    expect(requests).toHaveLength(3);
  });

  test('maxRetries: 0 makes exactly one attempt', async () => {
    const { fetch, requests } = recordingFetch(status(503));
    await expect(settle(getOrder('ord_ada_1', options(fetch, { maxRetries: 0 })))).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
  });

  test('backoff grows between attempts and stays under its cap', async () => {
    const times: number[] = [];
    const { fetch } = recordingFetch((request) => {
      times.push(Date.now());
      return status(503)(request, 0);
    });
    await settle(getOrder('ord_ada_1', options(fetch, { maxRetries: 4, timeout: 60_000 }))).catch(() => undefined);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps).toHaveLength(4);
    // Equal jitter: each wait lies in [step/2, step] with step = min(4000, 250 * 2^retry).
    gaps.forEach((gap, retry) => {
      const step = Math.min(4000, 250 * 2 ** retry);
      expect(gap).toBeGreaterThanOrEqual(step / 2);
      expect(gap).toBeLessThanOrEqual(step);
    });
  });
});

describe('Retry-After', () => {
  test('in seconds is honoured when it fits in the deadline', async () => {
    const times: number[] = [];
    const { fetch } = recordingFetch((request, n) => {
      times.push(Date.now());
      return n === 1 ? status(429, { 'Retry-After': '3' })(request, n) : ok(order)(request, n);
    });
    await settle(getOrder('ord_ada_1', options(fetch)));
    expect(times[1]! - times[0]!).toBe(3000);
  });

  test('as an HTTP date is honoured, measured against the clock', async () => {
    const times: number[] = [];
    const { fetch } = recordingFetch((request, n) => {
      times.push(Date.now());
      const at = new Date(Date.now() + 2000).toUTCString();
      return n === 1 ? status(503, { 'Retry-After': at })(request, n) : ok(order)(request, n);
    });
    await settle(getOrder('ord_ada_1', options(fetch)));
    // HTTP dates have whole seconds: the wait is at most 2 s and more than 1 s.
    expect(times[1]! - times[0]!).toBeGreaterThan(1000);
    expect(times[1]! - times[0]!).toBeLessThanOrEqual(2000);
  });

  test('that does not fit in the deadline fails at once with ApiError carrying retryAfter', async () => {
    const { fetch, requests } = recordingFetch(status(429, { 'Retry-After': '30' }));
    const started = Date.now();
    const error = await settle(getOrder('ord_ada_1', options(fetch, { timeout: 5000 }))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 429, retryAfter: 30_000 });
    expect(Date.now() - started).toBe(0);
    expect(requests).toHaveLength(1);
  });

  test('is carried on the final ApiError when retries run out', async () => {
    const { fetch, requests } = recordingFetch(status(503, { 'Retry-After': '1' }));
    const error = await settle(getOrder('ord_ada_1', options(fetch))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 503, retryAfter: 1000 });
    expect(requests).toHaveLength(3);
  });
});

describe('the deadline', () => {
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

  test('a signal that is no AbortSignal is a TypeError that leaves no timer behind', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await expect(getOrder('ord_ada_1', options(fetch, { signal: {} as AbortSignal }))).rejects.toThrow(TypeError);
    expect(vi.getTimerCount()).toBe(0);
    expect(requests).toHaveLength(0);
  });

  test('already aborted rejects before any request', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    const error = await getOrder('ord_ada_1', options(fetch, { signal: AbortSignal.abort('gone') })).catch((e: unknown) => e);
    expect(error).toBe('gone');
    expect(requests).toHaveLength(0);
  });
});

describe('redirects', () => {
  test('are an ApiError, never followed', async () => {
    const { fetch, requests } = recordingFetch(() => new Response(null, { status: 302, headers: { Location: 'https://elsewhere.test/' } }));
    await expect(settle(getOrder('ord_ada_1', options(fetch)))).rejects.toMatchObject({ name: 'ApiError', status: 302 });
    expect(requests).toHaveLength(1);
  });
});
