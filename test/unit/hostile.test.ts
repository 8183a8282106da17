import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type ApiError, getOrder, getSession, ValidationError } from '../../src/index.js';
import { envelope, ok, options, order, recordingFetch, session, validationFailure as failure } from './helpers.js';

describe('D2: validation is bounded', () => {
  test('a 1 MB body of 520,000 wrong-typed line items: 20 issues, "(and more)", well within the deadline', async () => {
    const items = 520_000;
    const text = `{"code":0,"msg":"ok","data":{"priceDataList":[${'1,'.repeat(items - 1)}1]}}`;
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const { fetch } = recordingFetch(() => new Response(text));
    const started = performance.now();
    const error = await failure(getOrder('ord_1', options(fetch, { timeout: 1000 })));
    const ms = performance.now() - started;
    expect(error.issues).toHaveLength(20);
    expect(error.issues[19]).toEqual({ path: 'priceDataList.19', message: 'expected Object, received number' });
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: priceDataList\.0: expected Object, received number, .* \(and more\) after 1 attempt in \d+ ms$/);
    expect(error.message.length).toBeLessThan(2000);
    // Before the cap: 520,000 issue objects, a 29 MB message and about 1.4 s.
    expect(ms).toBeLessThan(700);
  });

  test('issues outside lists are kept too, and the total shown stays at 20', async () => {
    const bad = Object.fromEntries(Object.keys(session).map((key) => [key, []]));
    const { fetch } = recordingFetch(ok({ ...bad, priceDataList: Array.from({ length: 30 }, () => 5) }));
    const error = await failure(getSession('cs_1', options(fetch)));
    expect(error.issues).toHaveLength(20);
    expect(error.message).toContain(' (and more) after 1 attempt in ');
  });

  test('the schemas used on their own still report every issue', async () => {
    const v = await import('valibot');
    const { OrderSchema } = await import('../../src/index.js');
    const result = v.safeParse(OrderSchema, { priceDataList: Array.from({ length: 30 }, () => 5) });
    expect(result.issues).toHaveLength(30);
  });
});

describe('D3: Retry-After', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

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

  test.each(['later 2', '1.5', '-1', 'Sunday, 06-Nov-94 08:49:37 GMT junk', '2 GMT', '0x10', '1e3', 'junk Sun, 22 Nov 2026 00:00:03 GMT', 'Sun, 22 Nov 2026 00:00:03 GMT+0100'])(
    '"%s" is neither delay-seconds nor an IMF-fixdate: backoff is used, so retries do not fire at once',
    async (value) => {
      const { gaps: waits, error } = await gaps(value);
      expect(error.retryAfter).toBeUndefined();
      expect(waits).toHaveLength(2);
      expect(waits[0]).toBeGreaterThanOrEqual(125);
      expect(waits[1]).toBeGreaterThanOrEqual(250);
    },
  );

  test('"0" means retry at once, explicitly', async () => {
    const { gaps: waits, error } = await gaps('0');
    expect(error.retryAfter).toBe(0);
    expect(waits).toEqual([0, 0]);
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

describe('an envelope that is an array', () => {
  test('is a ValidationError: it has no code', async () => {
    const { fetch } = recordingFetch(() => Response.json([0, 'ok', order]));
    const error = await failure(getOrder('ord_1', options(fetch)));
    expect(error.issues).toEqual([{ path: 'code', message: 'expected "code", received undefined' }]);
  });
});

describe('dates and numbers', () => {
  test.each([
    ['2026-02-30T10:00:00Z', null],
    ['2026-04-31T00:00:00+02:00', null],
    ['2025-02-29T10:00:00Z', null],
    ['2026-13-01T10:00:00Z', null],
    ['2026-11-00T10:00:00Z', null],
    ['2026-11-20T24:30:00Z', null],
    ['2024-02-29T10:00:00Z', new Date('2024-02-29T10:00:00Z')],
    ['2026-02-28T23:30:00-05:00', new Date('2026-03-01T04:30:00Z')],
    ['2026-12-31T23:59:59.5Z', new Date('2026-12-31T23:59:59.500Z')],
  ])('created "%s" reads as %s: the calendar date must exist', async (created, expected) => {
    const { fetch } = recordingFetch(ok({ ...session, created }));
    expect((await getSession('cs_1', options(fetch))).created).toEqual(expected);
  });

  test.each(['amountTotal', 'unitAmount'])('%s of 1e400 (Infinity once parsed) is a ValidationError', async (field) => {
    const text =
      field === 'amountTotal'
        ? '{"code":0,"msg":"ok","data":{"amountTotal":1e400}}'
        : '{"code":0,"msg":"ok","data":{"priceDataList":[{"unitAmount":-1e400}]}}';
    const { fetch } = recordingFetch(() => new Response(text));
    const error = await failure(getOrder('ord_1', options(fetch)));
    expect(error.issues[0]?.message).toBe('expected finite number, received number');
  });
});
