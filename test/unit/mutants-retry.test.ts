import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, getOrder } from '../../src/index.js';
import { parseRetryAfter } from '../../src/core/retry.js';
import { envelope, ok, options, order, recordingFetch, type Responder } from './helpers.js';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const unavailable = (headers: HeadersInit = {}): Responder => () => envelope(null, { status: 503, code: 503, msg: 'down', headers });

async function settle(promise: Promise<unknown>): Promise<unknown> {
  const settled = promise.catch((error: unknown) => error);
  await vi.runAllTimersAsync();
  return settled;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  // Spies first: restoring a spy on the fake setTimeout after useRealTimers would put the fake one back.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Retry-After', () => {
  const now = () => NOW;
  test('reads delay-seconds, 0 included, and the IMF-fixdate form; no header is no wait', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:00 GMT', now)).toBe(0);
    // A date already past is no wait at all.
    expect(parseRetryAfter('Sat, 21 Nov 2026 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  test('Retry-After: 0 is kept on the error as a wait of 0', async () => {
    const error = await settle(getOrder('ord_1', options(recordingFetch(unavailable({ 'retry-after': '0' })).fetch, { maxRetries: 0 })));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfter).toBe(0);
  });

  test('a wait exactly as long as the time left is not started: the failure is raised at once', async () => {
    const { fetch, requests } = recordingFetch(unavailable({ 'retry-after': '2' }), ok(order));
    const error = await settle(getOrder('ord_1', options(fetch, { timeout: 2000 })));
    expect(error).toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
    // One millisecond more of budget and the retry is made.
    const again = recordingFetch(unavailable({ 'retry-after': '2' }), ok(order));
    await expect(settle(getOrder('ord_1', options(again.fetch, { timeout: 2001 })))).resolves.toMatchObject({ orderId: 'ord_ada_1' });
    expect(again.requests).toHaveLength(2);
  });
});

describe('backoff', () => {
  test('is 250 ms doubling per retry, half fixed and half random ("equal jitter")', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const { fetch, requests } = recordingFetch(unavailable());
    await settle(getOrder('ord_1', options(fetch, { maxRetries: 2 })));
    expect(requests).toHaveLength(3);
    // The deadline's timer (10000 ms), then one wait before each retry.
    expect(timeout.mock.calls.map(([, ms]) => ms)).toEqual([10_000, 187.5, 375]);
  });
});
