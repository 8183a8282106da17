import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS, nextWait } from '../../src/core/retry.js';
import { parseRetryAfter } from '../../src/core/retry-after.js';
import { ApiError, getOrder, NetworkError, TimeoutError, ValidationError } from '../../src/index.js';
import { envelope, ok, options, order, recordingFetch, settle, type Responder } from './helpers.js';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const status =
  (code: number, headers: HeadersInit = {}): Responder =>
  () =>
    envelope(null, { status: code, code, msg: `failure ${code}`, headers });
const refused: Responder = () => {
  throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
};

const unavailable =
  (headers: HeadersInit = {}): Responder =>
  () =>
    envelope(null, { status: 503, code: 503, msg: 'down', headers });

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  // Spies first: restoring a spy on the fake setTimeout after useRealTimers would put the fake one back.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('retries', () => {
  test.each([408, 429, 500, 502, 503, 504])('a %i is retried up to maxRetries, then raised as an ApiError', async (code) => {
    const { fetch, requests } = recordingFetch(status(code));
    const error = await settle(getOrder('ord_ada_1', options(fetch))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: code, code, message: expect.stringContaining(`failure ${code}`) });
    expect(requests).toHaveLength(3);
  });

  test.each([400, 401, 403, 404, 405, 409, 422, 501])('a %i is never retried', async (code) => {
    const { fetch, requests } = recordingFetch(status(code));
    await expect(settle(getOrder('ord_ada_1', options(fetch)))).rejects.toMatchObject({ name: 'ApiError', status: code });
    expect(requests).toHaveLength(1);
  });

  test('an envelope failure inside HTTP 200 is never retried', async () => {
    const { fetch, requests } = recordingFetch(() => envelope(null, { code: 5001, msg: 'order not found' }));
    const error = await settle(getOrder('ord_ada_1', options(fetch))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 200, code: 5001, message: expect.stringContaining('order not found') });
    expect(requests).toHaveLength(1);
  });

  test('a call succeeds when a later attempt does, each attempt with a fresh X-Timestamp', async () => {
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
    expect((error as NetworkError).cause).toEqual({ name: 'TypeError', message: 'fetch failed', reason: 'connect ECONNREFUSED 127.0.0.1:9' });
    // Two backoff waits of 125-250 ms and 250-500 ms, in integer milliseconds in both the message and elapsedMs.
    const { elapsedMs, message } = error as NetworkError;
    expect(message).toBe(`GET /api/order/ord_ada_1: TypeError: fetch failed (connect ECONNREFUSED 127.0.0.1:9) after 3 attempts in ${elapsedMs} ms`);
    expect(Number.isInteger(elapsedMs)).toBe(true);
    expect(elapsedMs).toBeGreaterThanOrEqual(375);
    expect(elapsedMs).toBeLessThanOrEqual(750);
    expect(requests).toHaveLength(3);
  });

  test.each([
    ["Node's and Bun's: a cause that says bad port", () => new TypeError('fetch failed', { cause: new Error('bad port') })],
    ["Deno's: requests to the port are blocked", () => new TypeError('Fetch failed: Requests to port 25 are blocked')],
    [
      'a certificate the runtime refuses, by its code',
      () => new TypeError('fetch failed', { cause: Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }) }),
    ],
    // Node's TLS refusals by their code alone (each cause's message left neutral).
    ...['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'ERR_SSL_WRONG_VERSION_NUMBER'].map(
      (code): [string, () => TypeError] => [
        `Node's TLS refusal ${code}`,
        () => new TypeError('fetch failed', { cause: Object.assign(new Error('TLS handshake failed'), { code }) }),
      ],
    ),
    [
      'a certificate the runtime refuses, by its message',
      () => new TypeError('fetch failed', { cause: new Error('invalid peer certificate: UnknownIssuer') }),
    ],
  ])('a failure the runtime meets again on every attempt is not retried: %s', async (_, failure) => {
    const { fetch, requests } = recordingFetch(() => {
      throw failure();
    });
    await expect(settle(getOrder('ord_ada_1', options(fetch)))).rejects.toBeInstanceOf(NetworkError);
    expect(requests).toHaveLength(1);
  });

  test('maxRetries: 0 makes exactly one attempt', async () => {
    const { fetch, requests } = recordingFetch(status(503));
    await expect(settle(getOrder('ord_ada_1', options(fetch, { maxRetries: 0 })))).rejects.toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
  });
});

describe('the retry rule, nextWait', () => {
  const call = { method: 'GET', origin: 'https://checkout.test', path: '/api/order/ord_1', attempts: 1, elapsedMs: 5 };
  const api = (status: number, retryAfter?: number) =>
    new ApiError('m', { ...call, status, headers: {}, ...(retryAfter === undefined ? {} : { retryAfter }) });
  const network = (message = 'fetch failed') => new NetworkError('m', call, { cause: { name: 'TypeError', message } });

  test('retries exactly the statuses the service documents as passing: 408, 429, 500, 502, 503, 504', () => {
    const retried: number[] = [];
    for (let status = 100; status < 600; status++) if (nextWait(api(status, 0), 1, 2) !== undefined) retried.push(status);
    expect(retried).toEqual([408, 429, 500, 502, 503, 504]);
  });

  test('retries a failure of fetch, up to maxRetries', () => {
    expect(nextWait(network(), 1, 2)).toBeGreaterThan(0);
    expect(nextWait(network(), 2, 2)).toBeGreaterThan(0);
    expect(nextWait(network(), 3, 2)).toBeUndefined();
    expect(nextWait(api(503), 1, 0)).toBeUndefined();
  });

  test('never retries a ValidationError, a TimeoutError, or anything that is not a LookupError', () => {
    expect(nextWait(new ValidationError('m', { ...call, issues: [] }), 1, 2)).toBeUndefined();
    expect(nextWait(new TimeoutError('m', call), 1, 2)).toBeUndefined();
    expect(nextWait(new TypeError('fetch failed'), 1, 2)).toBeUndefined();
    expect(nextWait('stop', 1, 2)).toBeUndefined();
  });

  test('never retries a NetworkError without a cause: fetch resolved with something other than a Response', () => {
    expect(nextWait(new NetworkError('m', call), 1, 2)).toBeUndefined();
  });

  test("never retries a CORS refusal that says so (happy-dom's message); a browser's bare network failure is retried", () => {
    const refusal = 'Cross-Origin Request Blocked: The Same Origin Policy disallows reading the remote resource at "https://x.test/".';
    expect(nextWait(network(refusal), 1, 2)).toBeUndefined();
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', `x ${refusal}`])
      expect(nextWait(network(message), 1, 2), message).toBeGreaterThan(0);
  });

  test('waits as Retry-After says, else backs off from FIRST_BACKOFF_MS, doubling, up to MAX_BACKOFF_MS, half fixed and half random', () => {
    expect(nextWait(api(429, 3000), 1, 2)).toBe(3000);
    expect(nextWait(api(429, 0), 1, 2)).toBe(0);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => nextWait(network(), attempt, 9))).toEqual([125, 250, 500, 1000, 2000, 2000, 2000]);
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const top = [1, 5, 6].map((attempt) => nextWait(network(), attempt, 9)!);
    expect(top.map(Math.round)).toEqual([FIRST_BACKOFF_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
  });

  test('waits whole milliseconds', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(nextWait(network(), 1, 2)).toBe(188);
    vi.spyOn(Math, 'random').mockReturnValue(0.123_456);
    expect(nextWait(network(), 2, 2)).toBe(281);
  });

  test('retries only when the wait leaves the retry as much time as the failed attempt took; else the failure says why not', () => {
    const fits = api(503, 1000);
    expect(nextWait(fits, 1, 2, 2001, 1000)).toBe(1000);
    expect(fits.message).toBe('m');
    const tight = api(503, 1000);
    expect(nextWait(tight, 1, 2, 2000, 1000)).toBeUndefined();
    expect(tight.message).toBe('m; not retried: a wait of 1000 ms leaves no time for another attempt in the 2000 ms left');
    // A failure the rule does not retry anyway says nothing more.
    const final = api(404);
    expect(nextWait(final, 1, 2, 0, 0)).toBeUndefined();
    expect(final.message).toBe('m');
  });
});

describe('what fetch resolves with', () => {
  test('something other than a Response is one NetworkError that says so, never retried', async () => {
    for (const [answer, kind] of [
      [{}, 'object'],
      [undefined, 'undefined'],
      ['ok', 'string'],
      [null, 'null'],
    ] as const) {
      const { fetch, requests } = recordingFetch(async () => answer as unknown as Response);
      const error = await settle(getOrder('ord_1', options(fetch))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).message).toBe(`GET /api/order/ord_1: fetch resolved with ${kind}, not a Response after 1 attempt in 0 ms`);
      expect((error as NetworkError).cause).toBeUndefined();
      expect(requests).toHaveLength(1);
    }
  });

  test('a Response of another realm or library (its status and headers) is read as one', async () => {
    const real = envelope(order);
    const lookalike = { status: 200, ok: true, headers: real.headers, body: real.body };
    await expect(
      settle(
        getOrder(
          'ord_1',
          options(async () => lookalike as unknown as Response),
        ),
      ),
    ).resolves.toMatchObject({ orderId: 'ord_ada_1' });
  });
});

describe('backoff', () => {
  test('grows between attempts and stays under its cap', async () => {
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
    expect((error as ApiError).message).toBe(
      'GET /api/order/ord_ada_1: HTTP 429 (code 429) "failure 429" after 1 attempt in 0 ms; not retried: a wait of 30000 ms leaves no time for another attempt in the 5000 ms left',
    );
    expect(Date.now() - started).toBe(0);
    expect(requests).toHaveLength(1);
  });

  test('is carried on the final ApiError when retries run out', async () => {
    const { fetch, requests } = recordingFetch(status(503, { 'Retry-After': '1' }));
    const error = await settle(getOrder('ord_ada_1', options(fetch))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 503, retryAfter: 1000 });
    expect(requests).toHaveLength(3);
  });

  test('a wait exactly as long as the time left is not started: the failure is raised at once', async () => {
    const { fetch, requests } = recordingFetch(unavailable({ 'retry-after': '2' }), ok(order));
    const error = await settle(getOrder('ord_1', options(fetch, { timeout: 2000 }))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
    // One millisecond more of budget and the retry is made.
    const again = recordingFetch(unavailable({ 'retry-after': '2' }), ok(order));
    await expect(settle(getOrder('ord_1', options(again.fetch, { timeout: 2001 }))).catch((e: unknown) => e)).resolves.toMatchObject({
      orderId: 'ord_ada_1',
    });
    expect(again.requests).toHaveLength(2);
  });

  async function gaps(retryAfter: string): Promise<{ gaps: number[]; error: ApiError }> {
    const times: number[] = [];
    const { fetch } = recordingFetch(() => {
      times.push(Date.now());
      return envelope(null, { status: 503, code: 503, headers: { 'Retry-After': retryAfter } });
    });
    const pending = getOrder('ord_1', options(fetch)).then(
      () => undefined as never,
      (e: unknown) => e as ApiError,
    );
    await vi.runAllTimersAsync();
    const error = await pending;
    return { gaps: times.slice(1).map((t, i) => t - times[i]!), error };
  }

  test.each([
    'later 2',
    '1.5',
    '-1',
    'Sunday, 06-Nov-94 08:49:37 GMT junk',
    '2 GMT',
    '0x10',
    '1e3',
    'junk Sun, 22 Nov 2026 00:00:03 GMT',
    'Sun, 22 Nov 2026 00:00:03 GMT+0100',
  ])('"%s" is neither delay-seconds nor an IMF-fixdate: backoff is used, so retries do not fire at once', async (value) => {
    const { gaps: waits, error } = await gaps(value);
    expect(error.retryAfter).toBeUndefined();
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(125);
    expect(waits[1]).toBeGreaterThanOrEqual(250);
  });

  test('"0" means retry at once, explicitly, and is kept on the error as a wait of 0, retries or none', async () => {
    const { gaps: waits, error } = await gaps('0');
    expect(error.retryAfter).toBe(0);
    expect(waits).toEqual([0, 0]);
    const once = await settle(getOrder('ord_1', options(recordingFetch(unavailable({ 'retry-after': '0' })).fetch, { maxRetries: 0 }))).catch(
      (e: unknown) => e,
    );
    expect(once).toBeInstanceOf(ApiError);
    expect((once as ApiError).retryAfter).toBe(0);
  });

  test('"2" means 2 seconds; an IMF-fixdate in the past means at once', async () => {
    expect((await gaps('2')).gaps).toEqual([2000, 2000]);
    const past = await gaps('Sun, 06 Nov 1994 08:49:37 GMT');
    expect(past.error.retryAfter).toBe(0);
  });

  test('an IMF-fixdate in the future is waited for, exactly', async () => {
    // The fake clock stands at 2026-11-22T00:00:00Z and advances only by the waits.
    const { gaps: waits, error } = await gaps('Sun, 22 Nov 2026 00:00:03 GMT');
    expect(waits[0]).toBe(3000);
    expect(error.retryAfter).toBe(0);
  });
});

describe('Retry-After read as RFC 9110 says', () => {
  const NOW = Date.parse('2026-11-22T00:00:00Z');

  describe('parseRetryAfter', () => {
    test('reads delay-seconds as milliseconds, 0 included', () => {
      expect(parseRetryAfter('0', NOW)).toBe(0);
      expect(parseRetryAfter('3', NOW)).toBe(3000);
      expect(parseRetryAfter('120', NOW)).toBe(120_000);
    });

    test('reads no wait as longer than 100 years: delay-seconds of 400 digits are a finite wait', () => {
      const century = 100 * 365.25 * 24 * 3600 * 1000;
      expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(century);
      expect(parseRetryAfter(String(century / 1000), NOW)).toBe(century);
      expect(parseRetryAfter(String(century / 1000 - 1), NOW)).toBe(century - 1000);
      expect(parseRetryAfter('Sun, 06 Nov 9994 08:49:37 GMT', NOW)).toBe(century);
    });

    test('allows spaces and tabs around the value, as a field value may carry them', () => {
      expect(parseRetryAfter('2 ', NOW)).toBe(2000);
      expect(parseRetryAfter(' \t2\t ', NOW)).toBe(2000);
      expect(parseRetryAfter('  Sun, 22 Nov 2026 00:00:03 GMT\t', NOW)).toBe(3000);
    });

    test('gives undefined for no header and for what is not delay-seconds or an HTTP-date', () => {
      for (const value of [null, '', ' ', 'later 2', '1.5', '-1', '+1', '0x10', '1e3', '2 GMT', '2 2', '\n2', '2\n', '\u00a02'])
        expect(parseRetryAfter(value, NOW), JSON.stringify(value)).toBeUndefined();
    });

    test('reads an IMF-fixdate as the time until it', () => {
      expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:03 GMT', NOW)).toBe(3000);
      expect(parseRetryAfter('Mon, 23 Nov 2026 01:02:03 GMT', NOW)).toBe(((25 * 60 + 2) * 60 + 3) * 1000);
      expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:00 GMT', NOW)).toBe(0);
    });

    test('reads every month name', () => {
      const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      months.forEach((month, index) => {
        const at = Date.UTC(2027, index, 1);
        expect(parseRetryAfter(`Mon, 01 ${month} 2027 00:00:00 GMT`, NOW)).toBe(at - NOW);
      });
    });

    test('reads the RFC 850 form, its two-digit year at most 50 years ahead', () => {
      expect(parseRetryAfter('Sunday, 22-Nov-26 00:00:03 GMT', NOW)).toBe(3000);
      expect(parseRetryAfter('Wednesday, 22-Nov-76 00:00:00 GMT', NOW)).toBe(Date.UTC(2076, 10, 22) - NOW);
      // 2077 would be more than 50 years ahead of 2026: 1977, long past.
      expect(parseRetryAfter('Monday, 22-Nov-77 00:00:00 GMT', NOW)).toBe(0);
      expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(0);
      const near = Date.UTC(2099, 0, 1);
      expect(parseRetryAfter('Thursday, 01-Jan-00 00:00:00 GMT', near)).toBe(Date.UTC(2100, 0, 1) - near);
    });

    test('reads the asctime form, with a space-padded day', () => {
      expect(parseRetryAfter('Sun Nov 22 00:00:03 2026', NOW)).toBe(3000);
      expect(parseRetryAfter('Mon Dec  7 00:00:00 2026', NOW)).toBe(Date.UTC(2026, 11, 7) - NOW);
    });

    test('gives 0 for a date already past', () => {
      expect(parseRetryAfter('Sat, 21 Nov 2026 23:59:00 GMT', NOW)).toBe(0);
      expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(0);
    });

    test('refuses dates and times that do not exist instead of rolling them over', () => {
      for (const value of [
        'Sat, 31 Feb 2027 00:00:00 GMT',
        'Sun, 00 Nov 2026 00:00:00 GMT',
        'Sun, 22 Nov 2026 24:00:00 GMT',
        'Sun, 22 Nov 2026 00:60:00 GMT',
        'Sun, 22 Nov 2026 00:00:61 GMT',
        'Wednesday, 31-Feb-27 00:00:00 GMT',
        'Wed Feb 31 00:00:00 2027',
        'Thu Feb 29 00:00:00 2027',
      ])
        expect(parseRetryAfter(value, NOW), value).toBeUndefined();
      // 2028 is a leap year.
      expect(parseRetryAfter('Tue, 29 Feb 2028 00:00:00 GMT', NOW)).toBe(Date.UTC(2028, 1, 29) - NOW);
    });

    test('accepts a leap second, which the grammar allows', () => {
      expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:60 GMT', NOW)).toBe(60_000);
    });

    test('refuses near-misses of each form', () => {
      for (const value of [
        'Sun, 22 Nov 2026 00:00:03 GMT junk',
        'junk Sun, 22 Nov 2026 00:00:03 GMT',
        'Sun, 22 Nov 2026 00:00:03 GMT+0100',
        'Sun, 22 Nov 2026 00:00:03 UTC',
        'sun, 22 nov 2026 00:00:03 gmt',
        'Sunday, 22-Nov-26 00:00:03',
        'Sun Nov 22 00:00:03 2026 GMT',
        'Sun Nov 22 00:00:03 26',
        'Sun, 22 Foo 2026 00:00:03 GMT',
        'Sun, 22 Nov 2026 0:00:03 GMT',
        'Sun Nov 22 0:00:003 2026',
        'Sun Nov 22 00-00-03 2026',
        'Sun Nov 2 00:00:03 2026',
        'Sun Nov 22 00:00:03  2026',
      ])
        expect(parseRetryAfter(value, NOW), value).toBeUndefined();
    });

    test('is lenient where nothing can be misread: any day name, either separator with either year form', () => {
      expect(parseRetryAfter('Sunday, 22 Nov 2026 00:00:03 GMT', NOW)).toBe(3000);
      expect(parseRetryAfter('Sun, 22-Nov-26 00:00:03 GMT', NOW)).toBe(3000);
      expect(parseRetryAfter('Sun, 22 Nov 26 00:00:03 GMT', NOW)).toBe(3000);
      expect(parseRetryAfter('Mon, 22-Nov-2026 00:00:03 GMT', NOW)).toBe(3000);
      expect(parseRetryAfter('Sun,  6 Dec 2026 00:00:00 GMT', NOW)).toBe(Date.UTC(2026, 11, 6) - NOW);
      for (const value of [
        'S, 22 Nov 2026 00:00:03 GMT',
        'Sundayyyyy, 22 Nov 2026 00:00:03 GMT',
        'Sun, 22 Nov 202 00:00:03 GMT',
        'Sun, 22 Nov 20266 00:00:03 GMT',
        'Sun, 22 NOV 2026 00:00:03 GMT',
        'Sun, 22_Nov_2026 00:00:03 GMT',
      ])
        expect(parseRetryAfter(value, NOW), value).toBeUndefined();
    });

    test('reads a four-digit year as it is, never as a two-digit one', () => {
      expect(parseRetryAfter('Sun, 22 Nov 0026 00:00:03 GMT', NOW)).toBe(0);
      expect(parseRetryAfter('Sun Nov 22 00:00:03 0026', NOW)).toBe(0);
    });

    test('accepts each day name in each form', () => {
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
        expect(parseRetryAfter(`${day}, 22 Nov 2026 00:00:03 GMT`, NOW)).toBe(3000);
        expect(parseRetryAfter(`${day} Nov 22 00:00:03 2026`, NOW)).toBe(3000);
      }
      for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
        expect(parseRetryAfter(`${day}, 22-Nov-26 00:00:03 GMT`, NOW)).toBe(3000);
    });
  });
});
