import { describe, expect, test, vi } from 'vitest';
import { ApiError, getOrder, getSession, ValidationError } from '../../src/index.js';
import { envelope, ok, options, order, recordingFetch, session, validationFailure as failure } from './helpers.js';

const body = (text: string | Uint8Array<ArrayBuffer> | null, init: ResponseInit = {}) => () => new Response(text, init);

describe('validation', () => {
  test('accepts null and absent for every field', async () => {
    const nulls = Object.fromEntries(Object.keys(order).map((key) => [key, null]));
    const { fetch } = recordingFetch(ok(nulls), ok({}));
    expect(await getOrder('ord_ada_1', options(fetch))).toMatchObject({ orderId: null, createTime: null, priceDataList: null });
    expect(await getOrder('ord_ada_1', options(fetch))).toEqual({});
    const sessionNulls = Object.fromEntries(Object.keys(session).map((key) => [key, null]));
    const s = recordingFetch(ok(sessionNulls), ok({ price: { priceList: null, recurring: {} }, customer: {} }));
    expect(await getSession('cs_open_ada', options(s.fetch))).toMatchObject({ sessionId: null, created: null, price: null });
    expect(await getSession('cs_open_ada', options(s.fetch))).toEqual({ price: { priceList: null, recurring: {} }, customer: {} });
  });

  test('keeps unknown fields, at the top and nested', async () => {
    const extended = {
      ...order,
      loyaltyPoints: 12,
      paymentMethod: { ...order.paymentMethod, last4: '4242' },
      priceDataList: [{ ...order.priceDataList[0], sku: 'BEANS-1KG' }],
    };
    const { fetch } = recordingFetch(ok(extended));
    const result = await getOrder('ord_ada_1', options(fetch));
    // As the README says: the types list the documented fields only; an unknown one is read through a cast.
    expect((result as Record<string, unknown>)['loyaltyPoints']).toBe(12);
    expect((result.paymentMethod as Record<string, unknown>)['last4']).toBe('4242');
    expect((result.priceDataList?.[0] as Record<string, unknown>)['sku']).toBe('BEANS-1KG');
  });

  test('accepts status values it has never seen', async () => {
    const { fetch } = recordingFetch(ok({ ...order, status: 'refunded', paymentMethod: { paymentMethodType: 'SEPA' } }));
    const result = await getOrder('ord_ada_1', options(fetch));
    expect(result.status).toBe('refunded');
    expect(result.paymentMethod?.paymentMethodType).toBe('SEPA');
  });

  test('a field of the wrong type is a ValidationError naming its path and types, never its value', async () => {
    const secretEmail = 'grace.hopper@private.test';
    const bad = {
      ...session,
      customer: { customerId: 7, email: secretEmail },
      priceDataList: [{ ...session.priceDataList[0], quantity: 1.5 }],
      amountTotal: '10.00',
    };
    const { fetch } = recordingFetch(ok(bad));
    const error = await failure(getSession('cs_open_ada', options(fetch)));
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'amountTotal', message: 'expected finite number, received string' },
        { path: 'customer.customerId', message: 'expected string, received number' },
        { path: 'priceDataList.0.quantity', message: 'expected integer, received number' },
      ]),
    );
    expect(error.name).toBe('ValidationError');
    expect(error.message).toContain('amountTotal');
    expect(JSON.stringify(error.issues) + error.message).not.toContain('10.00');
    expect(JSON.stringify(error.issues) + error.message).not.toContain('1.5');
  });

  test('a wrong type deep in a list is reported with its index', async () => {
    const { fetch } = recordingFetch(ok({ ...order, priceDataList: [order.priceDataList[0], { name: ['x'] }] }));
    const error = await failure(getOrder('ord_ada_1', options(fetch)));
    expect(error.issues).toEqual([{ path: 'priceDataList.1.name', message: 'expected string, received array' }]);
  });
});

describe('dates', () => {
  test.each([
    [1_763_800_000_000, '2025-11-22T08:26:40.000Z'],
    ['1763800000000', '2025-11-22T08:26:40.000Z'],
    ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20T10:00:00.123456Z', '2026-11-20T10:00:00.123Z'],
    ['2026-11-20T11:00:00+01:00', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20T10:00Z', '2026-11-20T10:00:00.000Z'],
  ])('%s is read as %s', async (value, iso) => {
    const { fetch } = recordingFetch(ok({ createTime: value }), ok({ created: value, expire: value }));
    expect((await getOrder('ord_ada_1', options(fetch))).createTime?.toISOString()).toBe(iso);
    const result = await getSession('cs_open_ada', options(fetch));
    expect(result.created?.toISOString()).toBe(iso);
    expect(result.expire?.toISOString()).toBe(iso);
  });

  test.each([
    'yesterday',
    'Tue, 20 Nov 2026 10:00:00 GMT',
    '2026-13-45T99:99:99Z',
    // Without an offset, engines disagree (local time or UTC): not guessed at.
    '2026-11-20T10:00:00',
    '2026-11-20',
    '',
    9e20,
    true,
    ['2026-11-20T10:00:00Z'],
    { at: 1 },
  ])(
    '%s, in a form or of a type that cannot be read, becomes null without failing the lookup',
    async (value) => {
      const { fetch } = recordingFetch(ok({ ...order, createTime: value }));
      const result = await getOrder('ord_ada_1', options(fetch));
      expect(result.createTime).toBeNull();
      expect(result.orderId).toBe('ord_ada_1');
    },
  );

  /**
   * An engine whose parser picks a date-time out of surrounding text, as engines may for strings outside the
   * standard's format (V8 does not): only what the SDK hands to `Date` decides.
   */
  class LenientDate extends Date {
    constructor(value: string | number) {
      super(typeof value === 'string' ? (/\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)/.exec(value)?.[0] ?? value) : value);
    }
  }

  test.each([
    // An extended year, which the standard's format allows and engines read: not the 4-digit form documented.
    '+002026-11-20T10:00:00Z',
    'on 2026-11-20T10:00:00Z',
    '2026-11-20T10:00:00Z (UTC)',
    '2026-11-20T11:00:00+01:00 CET',
    // A calendar date in front: the day check alone would pass it, so only the anchor refuses it.
    '2026-11-20 2026-11-20T10:00:00Z',
  ])('%s, an ISO date-time with text around it, becomes null, whatever the engine makes of it', async (value) => {
    for (const engine of [Date, LenientDate]) {
      vi.stubGlobal('Date', engine);
      try {
        const { fetch } = recordingFetch(ok({ ...order, createTime: value }));
        const result = await getOrder('ord_ada_1', options(fetch));
        expect(result.createTime).toBeNull();
        expect(result.orderId).toBe('ord_ada_1');
      } finally {
        vi.unstubAllGlobals();
      }
    }
    // The stand-in really reads these, so the nulls above come from the SDK, not from the engine.
    expect(new LenientDate(value).getTime()).not.toBeNaN();
  });

  test.each([[['1763800000000']], [[1763800000000]], [{ ms: 1763800000000 }]])('%o, digits inside another type, becomes null', async (value) => {
    const { fetch } = recordingFetch(ok({ ...order, createTime: value }));
    expect((await getOrder('ord_ada_1', options(fetch))).createTime).toBeNull();
  });

  test('an order serialised with JSON.stringify reads back the same', async () => {
    const first = recordingFetch(ok(order));
    const parsed = await getOrder('ord_ada_1', options(first.fetch));
    const second = recordingFetch(() => new Response(JSON.stringify({ code: 0, msg: 'ok', data: parsed })));
    expect(await getOrder('ord_ada_1', options(second.fetch))).toEqual(parsed);
  });
});

describe('the body and envelope', () => {
  test.each([
    ['an HTML page', body('<!doctype html><h1>502 Bad Gateway</h1>', { headers: { 'content-type': 'text/html' } })],
    ['truncated JSON', body('{"code":0,"msg":"success","data":{"orderId":"o')],
    ['an empty body', body('')],
    ['no body', body(null)],
    // Valid JSON once decoded leniently (U+FFFD), so only a strict UTF-8 decoder refuses it.
    ['invalid UTF-8 inside a string', body(new TextEncoder().encode('{"code":0,"msg":"ok","data":{"orderId":"ord_\u0001"}}').map((b) => (b === 1 ? 0xff : b)))],
  ])('%s in a 2xx is a ValidationError', async (_, answer) => {
    const { fetch, requests } = recordingFetch(answer);
    const error = await failure(getOrder('ord_ada_1', options(fetch)));
    expect(error.issues[0]?.message).toContain('JSON');
    expect(requests).toHaveLength(1);
  });

  test.each([
    ['an array', []],
    ['a string', 'ok'],
    ['no code', { msg: 'success', data: order }],
    ['a string code', { code: '0', msg: 'success', data: order }],
  ])('JSON that is %s is a ValidationError', async (_, json) => {
    const { fetch } = recordingFetch(() => Response.json(json));
    await failure(getOrder('ord_ada_1', options(fetch)));
  });

  test.each([
    ['null', null],
    ['an array', [order]],
    ['a string', 'order'],
    ['absent', undefined],
  ])('data that is %s is a ValidationError at path "data"', async (_, data) => {
    const { fetch } = recordingFetch(() => Response.json({ code: 0, msg: 'success', data }));
    const error = await failure(getOrder('ord_ada_1', options(fetch)));
    expect(error.issues[0]?.path).toBe('data');
  });

  test('data that is an array names the path "data" and what it expected', async () => {
    const { fetch } = recordingFetch(() => Response.json({ code: 0, msg: 'success', data: [order] }));
    const error = await failure(getOrder('ord_ada_1', options(fetch)));
    expect(error.issues).toEqual([{ path: 'data', message: 'expected Object, received array' }]);
    expect(error.message).toMatch(/: data: expected Object, received array after 1 attempt in \d+ ms$/);
  });

  test('successCodes decides which envelope codes succeed', async () => {
    const { fetch } = recordingFetch(() => envelope(order, { code: 1000 }));
    await expect(getOrder('ord_ada_1', options(fetch))).rejects.toBeInstanceOf(ApiError);
    expect((await getOrder('ord_ada_1', options(fetch, { successCodes: [1000] }))).orderId).toBe('ord_ada_1');
  });

  test('code 200 succeeds by default, as 0 does', async () => {
    const { fetch } = recordingFetch(() => envelope(order, { code: 200 }));
    expect((await getOrder('ord_ada_1', options(fetch))).orderId).toBe('ord_ada_1');
  });

  test('a non-2xx answer without an envelope is still an ApiError with its status', async () => {
    const { fetch } = recordingFetch(body('<h1>Forbidden</h1>', { status: 403 }));
    const error = await getOrder('ord_ada_1', options(fetch)).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 403, code: undefined });
  });
});

describe('the body size limit', () => {
  test('a body longer than maxBodyBytes is a ValidationError, and it is never read whole', async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled++;
            controller.enqueue(chunk);
          },
          cancel() {
            cancelled = true;
          },
        }),
      );
    const { fetch } = recordingFetch(endless);
    const error = await failure(getOrder('ord_ada_1', options(fetch)));
    expect(error.issues[0]?.message).toContain('1048576');
    expect(cancelled).toBe(true);
    // 1 MiB is 16 chunks of 64 KiB: reading stops right after the limit, with at most the stream's read-ahead.
    expect(pulled).toBeLessThan(20);
  });

  test('a declared Content-Length above the limit is refused without reading', async () => {
    // A valid envelope, so only the declared length can make this fail; the stream counts what is pulled from it.
    let pulled = 0;
    const valid = new TextEncoder().encode(JSON.stringify({ code: 0, msg: 'success', data: order }));
    const declared = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled++;
            controller.enqueue(valid);
            controller.close();
          },
        }),
        { headers: { 'content-length': '5000000' } },
      );
    const { fetch } = recordingFetch(declared);
    const error = await failure(getOrder('ord_ada_1', options(fetch)));
    expect(error.issues[0]?.message).toBe('expected at most 1048576 bytes, received more');
    // At most the stream's own first pull when it is built; the SDK reads nothing.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  test('maxBodyBytes can be raised or lowered', async () => {
    const { fetch } = recordingFetch(ok(order));
    await failure(getOrder('ord_ada_1', options(fetch, { maxBodyBytes: 100 })));
    expect((await getOrder('ord_ada_1', options(fetch, { maxBodyBytes: 10_000 }))).orderId).toBe('ord_ada_1');
  });
});
