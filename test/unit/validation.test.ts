import * as v from 'valibot';
import { describe, expect, test, vi } from 'vitest';
import { validate } from '../../src/core/validate.js';
import { EnvelopeSchema } from '../../src/schemas/envelope.js';
import { noArray } from '../../src/schemas/fields.js';
import { ApiError, CheckoutSessionSchema, getOrder, getSession, OrderSchema, PriceDataItemSchema, ValidationError } from '../../src/index.js';
import { envelope, ok, options, order, recordingFetch, session, validationFailure as failure } from './helpers.js';

const body =
  (text: string | Uint8Array<ArrayBuffer> | null, init: ResponseInit = {}) =>
  () =>
    new Response(text, init);
const json = (data: unknown) => JSON.stringify({ code: 0, msg: 'success', data });

/** A Response whose body comes as the given byte chunks, with the headers given (no Content-Length unless given). */
function chunked(chunks: Uint8Array[], headers: Record<string, string> = {}): Response {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]!);
      else controller.close();
    },
  });
  return new Response(body, { headers });
}

/** A Response of 32 chunks of 64 KiB of spaces (2 MiB, never JSON), counting the chunks pulled from it. */
function large(headers: Record<string, string>) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled++ < 32) controller.enqueue(chunk);
      else controller.close();
    },
  });
  return { response: new Response(body, { headers }), counter };
}

describe('what a lookup returns', () => {
  test('getOrder returns the validated order with createTime as a Date', async () => {
    const { fetch } = recordingFetch(ok(order));
    const result = await getOrder('ord_ada_1', options(fetch));
    expect(result.orderId).toBe('ord_ada_1');
    expect(result.createTime).toBeInstanceOf(Date);
    expect(result.createTime?.getTime()).toBe(order.createTime);
    expect(result.priceDataList?.[0]?.quantity).toBe(2);
    expect(result.paymentMethod?.paymentMethodType).toBe('CARD');
    expect(result.metadata).toEqual({ channel: 'web', giftWrap: true, giftMessage: 'Happy analysing!', shipping: 4.79 });
  });

  test('getSession returns the validated session with its dates as Dates', async () => {
    const { fetch } = recordingFetch(ok(session));
    const result = await getSession('cs_open_ada', options(fetch));
    expect(result.created).toEqual(new Date('2026-11-20T09:14:03Z'));
    expect(result.expire).toEqual(new Date('2026-11-21T09:14:03Z'));
    expect(result.price?.recurring?.interval).toBe('week');
    expect(result.customer?.email).toBe('ada@example.com');
  });
});

describe('validation of the documented fields', () => {
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
    expect((result as Record<string, unknown>).loyaltyPoints).toBe(12);
    expect((result.paymentMethod as Record<string, unknown>).last4).toBe('4242');
    expect((result.priceDataList![0] as Record<string, unknown>).sku).toBe('BEANS-1KG');
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

describe('nested session records are checked field by field', () => {
  test.each([
    [
      'price.priceList.0.amount',
      { price: { priceId: 'p', priceList: [{ amount: '1', currency: 'EUR', exchangeRate: 1 }] } },
      'expected finite number, received string',
    ],
    [
      'price.recurring.freeTrialDays',
      { price: { priceId: 'p', recurring: { freeTrialDays: 'x', interval: 'week' } } },
      'expected integer, received string',
    ],
    ['product.productId', { product: { productId: 5, productName: 'n' } }, 'expected string, received number'],
  ])('a wrong %s is named by its path', async (path, change, message) => {
    const error = (await failure(getSession('cs_1', options(recordingFetch(ok({ ...session, ...change })).fetch)))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path, message }]);
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
  ])('%s, in a form or of a type that cannot be read, becomes null without failing the lookup', async (value) => {
    const { fetch } = recordingFetch(ok({ ...order, createTime: value }));
    const result = await getOrder('ord_ada_1', options(fetch));
    expect(result.createTime).toBeNull();
    expect(result.orderId).toBe('ord_ada_1');
  });

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
describe('impossible dates and numbers out of range', () => {
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

describe('the body and envelope', () => {
  test.each([
    ['an HTML page', body('<!doctype html><h1>502 Bad Gateway</h1>', { headers: { 'content-type': 'text/html' } })],
    ['truncated JSON', body('{"code":0,"msg":"success","data":{"orderId":"o')],
    ['an empty body', body('')],
    ['no body', body(null)],
    // Valid JSON once decoded leniently (U+FFFD), so only a strict UTF-8 decoder refuses it.
    [
      'invalid UTF-8 inside a string',
      body(new TextEncoder().encode('{"code":0,"msg":"ok","data":{"orderId":"ord_\u0001"}}').map((b) => (b === 1 ? 0xff : b))),
    ],
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

  test('an envelope that is an array is a ValidationError: the body is not an object', async () => {
    const { fetch } = recordingFetch(() => Response.json([0, 'ok', order]));
    const error = await failure(getOrder('ord_1', options(fetch)));
    expect(error.issues).toEqual([{ path: '', message: 'expected Object, received array' }]);
  });

  test('a code that is no integer is named as such', async () => {
    const error = (await failure(
      getOrder(
        'ord_1',
        options(async () => envelope(order, { code: 1.5 })),
      ),
    )) as ValidationError;
    expect(error.issues).toEqual([{ path: 'code', message: 'expected integer, received number' }]);
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

describe('validation is bounded: at most 20 issues', () => {
  test('a 1 MB body of 520,000 wrong-typed line items: 20 issues and "(and more)", within a 1 s deadline', async () => {
    const items = 520_000;
    const text = `{"code":0,"msg":"ok","data":{"priceDataList":[${'1,'.repeat(items - 1)}1]}}`;
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const { fetch } = recordingFetch(() => new Response(text));
    const error = await failure(getOrder('ord_1', options(fetch, { timeout: 1000 })));
    expect(error.issues).toHaveLength(20);
    expect(error.issues[19]).toEqual({ path: 'priceDataList.19', message: 'expected Object, received number' });
    expect(error.message).toMatch(
      /^GET \/api\/order\/ord_1: priceDataList\.0: expected Object, received number, .* \(and more\) after 1 attempt in \d+ ms$/,
    );
    expect(error.message.length).toBeLessThan(2000);
    // Uncapped, this body would raise 520,000 issue objects and a 29 MB message. That the parse stops at the 21st issue is counted, not
    // timed, in 'the parse stops at the 21st issue: the items after it are never read' below (21 of 1,000 read).
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

  test('20 wrong line items are all shown, with no "(and more)"', async () => {
    const answer = ok({ ...order, priceDataList: Array.from({ length: 20 }, () => 5) });
    const error = (await failure(getOrder('ord_1', options(recordingFetch(answer).fetch)))) as ValidationError;
    expect(error.issues).toHaveLength(20);
    expect(error.issues[19]).toEqual({ path: 'priceDataList.19', message: 'expected Object, received number' });
    expect(error.message).toMatch(/priceDataList\.19: expected Object, received number after 1 attempt in \d+ ms$/);
    expect(error.message).not.toContain('(and more)');
  });

  test('21 wrong line items show 20 and "(and more)"', async () => {
    const answer = ok({ ...order, priceDataList: Array.from({ length: 21 }, () => 5) });
    const error = (await failure(getOrder('ord_1', options(recordingFetch(answer).fetch)))) as ValidationError;
    expect(error.issues).toHaveLength(20);
    expect(error.issues.map((issue) => issue.path)).not.toContain('priceDataList.20');
    expect(error.message).toMatch(/priceDataList\.19: expected Object, received number \(and more\) after 1 attempt in \d+ ms$/);
  });

  test('the parse stops at the 21st issue: the items after it are never read', () => {
    let read = 0;
    const items = new Proxy(
      Array.from({ length: 1000 }, () => 5),
      {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) read++;
          return Reflect.get(target, key, receiver);
        },
      },
    );
    const [output, issues, more] = validate(OrderSchema, { priceDataList: items }, 'data');
    expect(output).toBeUndefined();
    expect(issues).toHaveLength(20);
    expect(more).toBe(true);
    expect(read).toBe(21);
  });

  test('the stop holds when the app registered valibot messages of its own (no language), which answer before the count', () => {
    v.setSchemaMessage(() => 'Invalid');
    v.setSpecificMessage(v.rawCheck, () => 'Invalid check');
    try {
      let read = 0;
      const items = new Proxy(
        Array.from({ length: 1000 }, () => ({ quantity: 1.5 })),
        {
          get(target, key, receiver) {
            if (typeof key === 'string' && /^\d+$/.test(key)) read++;
            return Reflect.get(target, key, receiver);
          },
        },
      );
      const [, issues, more] = validate(OrderSchema, { priceDataList: items }, 'data');
      expect(issues).toHaveLength(20);
      expect(issues![19]).toEqual({ path: 'priceDataList.19.quantity', message: 'expected integer, received number' });
      expect(more).toBe(true);
      expect(read).toBe(21);
    } finally {
      v.deleteSchemaMessage();
      v.deleteSpecificMessage(v.rawCheck);
    }
  });

  // The stop sets `abortEarly` on the configuration valibot hands a record's first check, and valibot's loops read it
  // after each issue. That is how valibot 1.5 passes its configuration down, not a documented promise, so package.json
  // pins valibot to 1.5.x, and this test fails first if an update changes it.
  test("valibot's object and array loops stop once a check sets abortEarly on the configuration it was handed", () => {
    const stop = v.pipe(
      v.unknown(),
      v.rawCheck(({ config, addIssue }) => {
        addIssue();
        (config as { abortEarly?: boolean }).abortEarly = true;
      }),
    );
    let read = 0;
    const items = new Proxy([1, 2, 3], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read++;
        return Reflect.get(target, key, receiver);
      },
    });
    // A configuration of the test's own each time: without one, valibot hands every parse one shared object.
    expect(v.safeParse(v.array(stop), items, {}).issues).toHaveLength(1);
    expect(read).toBe(1);
    expect(v.safeParse(v.looseObject({ a: stop, b: stop, c: stop }), { a: 1, b: 2, c: 3 }, {}).issues).toHaveLength(1);
    expect(v.safeParse(v.looseObject({ list: v.array(stop), b: stop }), { list: [1, 2], b: 3 }, {}).issues).toHaveLength(1);
  });

  test('more than 20 issues outside lists show 20 and "(and more)"', async () => {
    const bad = {
      ...Object.fromEntries(Object.keys(session).map((key) => [key, []])),
      price: { priceId: 1, recurring: { freeTrialDays: 'x', interval: 1 } },
      product: { productId: 1, productName: 1 },
      customer: { customerId: 1, email: 1 },
    };
    // The schema on its own reports every issue; the SDK keeps the first 20 of them, in order.
    const paths = v.safeParse(CheckoutSessionSchema, bad).issues!.map((issue) => issue.path!.map((item) => item.key).join('.'));
    expect(paths.length).toBeGreaterThan(20);
    const error = (await failure(getSession('cs_1', options(recordingFetch(ok(bad)).fetch)))) as ValidationError;
    expect(error.issues.map((issue) => issue.path)).toEqual(paths.slice(0, 20));
    expect(error.message).toContain(' (and more) after 1 attempt in ');
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

  test('maxBodyBytes can be raised or lowered', async () => {
    const { fetch } = recordingFetch(ok(order));
    await failure(getOrder('ord_ada_1', options(fetch, { maxBodyBytes: 100 })));
    expect((await getOrder('ord_ada_1', options(fetch, { maxBodyBytes: 10_000 }))).orderId).toBe('ord_ada_1');
  });
});

describe('reading the body', () => {
  test('a body in several chunks is joined before decoding, also inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode(json({ ...order, sessionId: 'cs_ünï€😀' }));
    const cut = bytes.indexOf(0xf0) + 2; // inside the 4-byte emoji
    const parts = [bytes.slice(0, 7), bytes.slice(7, cut), bytes.slice(cut)];
    const result = await getOrder(
      'ord_1',
      options(async () => chunked(parts)),
    );
    expect(result.sessionId).toBe('cs_ünï€😀');
  });

  test('a real U+FFFD in the text is kept; bytes that are not UTF-8 are not JSON', async () => {
    const real = await getOrder(
      'ord_1',
      options(async () => new Response(json({ ...order, sessionId: 'cs_\uFFFD' }))),
    );
    expect(real.sessionId).toBe('cs_\uFFFD');
    const text = new TextEncoder().encode(json(order));
    const broken = Uint8Array.from([...text.slice(0, 20), 0xff, ...text.slice(20)]);
    for (const headers of [{}, { 'content-length': String(broken.length) }]) {
      const error = await failure(
        getOrder(
          'ord_1',
          options(async () => chunked([broken], headers)),
        ),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toContain('body: expected JSON, received a body that is not UTF-8');
    }
  });

  test('bytes that are not UTF-8 between valid chunks are not JSON, even if the chunks around them would be', async () => {
    const text = new TextEncoder().encode(json(order));
    const cut = text.indexOf(0x3a); // after the first key: each side alone is no JSON, both joined are
    const parts = [text.slice(0, cut), Uint8Array.of(0xff), text.slice(cut)];
    const error = await failure(
      getOrder(
        'ord_1',
        options(async () => chunked(parts)),
      ),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path: '', message: 'expected JSON, received a body that is not UTF-8' }]);
  });

  test('a response without a body is not JSON', async () => {
    const error = await failure(
      getOrder(
        'ord_1',
        options(async () => new Response(null)),
      ),
    );
    expect(error.issues).toEqual([{ path: '', message: 'expected JSON, received an empty body' }]);
  });

  test('a body framed by a Content-Length within the limit is read whole', async () => {
    const text = json(order);
    const result = await getOrder(
      'ord_1',
      options(async () => chunked([new TextEncoder().encode(text)], { 'content-length': String(text.length) })),
    );
    expect(result.orderId).toBe('ord_ada_1');
  });

  test.each([
    ['a compressed body (Content-Encoding), whose length is not the decoded one', { 'content-length': '10', 'content-encoding': 'gzip' }],
    ['a Content-Length that is not plain digits', { 'content-length': '1e1' }],
    ['a Content-Length with a sign', { 'content-length': '+10' }],
  ])('%s is counted while read, not trusted', async (_, headers) => {
    const { response, counter } = large(headers);
    const error = await failure(
      getOrder(
        'ord_1',
        options(async () => response, { maxBodyBytes: 1024 * 1024 }),
      ),
    );
    expect(error.issues).toEqual([{ path: '', message: 'expected JSON, received more than 1048576 bytes' }]);
    // 1 MiB is 16 chunks: reading stopped right after the limit (with the stream's read-ahead), not at 32.
    expect(counter.pulled).toBeLessThan(20);
  });

  test('a Content-Length that understates the body (only a made-up Response can) still gives the size error', async () => {
    const { response } = large({ 'content-length': '10' });
    const error = await failure(
      getOrder(
        'ord_1',
        options(async () => response, { maxBodyBytes: 1024 * 1024 }),
      ),
    );
    expect(error.issues).toEqual([{ path: '', message: 'expected JSON, received more than 1048576 bytes' }]);
  });

  test.each([
    ['framed by its Content-Length', (length: number) => ({ 'content-length': String(length) })],
    ['read chunk by chunk (no Content-Length)', () => ({})],
    [
      'read chunk by chunk (compressed, Content-Length of the same size)',
      (length: number) => ({ 'content-length': String(length), 'content-encoding': 'identity' }),
    ],
  ])('a body of exactly maxBodyBytes is read, %s', async (_, headers) => {
    const bytes = new TextEncoder().encode(json(order));
    const result = await getOrder(
      'ord_1',
      options(async () => chunked([bytes], headers(bytes.length)), { maxBodyBytes: bytes.length }),
    );
    expect(result.orderId).toBe('ord_ada_1');
  });
});

describe('an array is never an object', () => {
  const ARRAY = 'expected Object, received array';

  /** `value` with `path` (dotted, numbers for list items) replaced by `replacement`. */
  function withAt(value: unknown, path: string, replacement: unknown): unknown {
    const copy = structuredClone(value) as Record<string, unknown>;
    const keys = path.split('.');
    let at = copy;
    for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
    at[keys.at(-1) as string] = replacement;
    return copy;
  }

  describe('arrays where the documentation says object', () => {
    test.each(['paymentMethod', 'metadata', 'priceDataList.0', 'priceDataList.1'])(
      'an order with %s as an array is refused at that path',
      async (path) => {
        for (const array of [[], ['CARD'], [{ paymentMethodType: 'CARD' }]]) {
          const { fetch } = recordingFetch(ok(withAt(order, path, array)));
          const error = await failure(getOrder('ord_ada_1', options(fetch)));
          expect(error.issues).toEqual([{ path, message: ARRAY }]);
        }
      },
    );

    test.each(['price', 'price.priceList.0', 'price.recurring', 'product', 'customer', 'priceDataList.0'])(
      'a session with %s as an array is refused at that path',
      async (path) => {
        const { fetch } = recordingFetch(ok(withAt(session, path, [{ interval: 'week' }])));
        const error = await failure(getSession('cs_open_ada', options(fetch)));
        expect(error.issues).toEqual([{ path, message: ARRAY }]);
      },
    );

    test('data as an array is refused at "data", in both resources', async () => {
      expect((await failure(getOrder('ord_ada_1', options(recordingFetch(ok([order])).fetch)))).issues).toEqual([{ path: 'data', message: ARRAY }]);
      expect((await failure(getSession('cs_open_ada', options(recordingFetch(ok([])).fetch)))).issues).toEqual([{ path: 'data', message: ARRAY }]);
    });

    test('each exported schema accepts an object, keeping unknown fields; with the check before it, as the SDK validates, it refuses an array', () => {
      for (const schema of [OrderSchema, CheckoutSessionSchema, PriceDataItemSchema]) {
        expect(validate(noArray(schema), [], 'data')).toEqual([undefined, [{ path: 'data', message: ARRAY }], false]);
        expect(validate(schema, { extra: 1 }, 'data')).toEqual([{ extra: 1 }]);
      }
    });

    test("each exported schema is valibot's looseObject: v.pick, v.omit and its entries make schemas of their own", () => {
      for (const schema of [OrderSchema, CheckoutSessionSchema, PriceDataItemSchema]) {
        expect(schema.type).toBe('loose_object');
        expect(Object.keys(schema.entries).length).toBeGreaterThan(3);
      }
      const picked = v.pick(OrderSchema, ['orderId']);
      // Only the picked field is checked: a bad amount passes, as an unknown field, and a bad id does not.
      expect(v.parse(picked, { orderId: 'ord_1', amountTotal: 'x' })).toEqual({ orderId: 'ord_1', amountTotal: 'x' });
      expect(v.safeParse(picked, { orderId: 5 }).success).toBe(false);
      const omitted = v.omit(OrderSchema, ['orderId']);
      expect(v.safeParse(omitted, { orderId: 5 }).success).toBe(true);
      expect(v.safeParse(omitted, { amountTotal: 'x' }).success).toBe(false);
      const extended = v.looseObject({ ...OrderSchema.entries, note: v.string() });
      expect(v.safeParse(extended, { orderId: 'ord_1', note: 'n' }).success).toBe(true);
      expect(v.safeParse(extended, { orderId: 'ord_1' }).success).toBe(false);
    });

    test("an exported schema refuses an array with valibot's own message too, for apps that parse with it", () => {
      const result = v.safeParse(OrderSchema, { paymentMethod: ['CARD'] });
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe('Invalid type: Expected Object but received Array');
      expect(v.safeParse(OrderSchema, { paymentMethod: { paymentMethodType: 'CARD' } }).success).toBe(true);
    });

    test('the envelope needs an integer code; msg may be absent or null', () => {
      expect(validate(EnvelopeSchema, { msg: 'ok' }, '')).toEqual([
        undefined,
        [{ path: 'code', message: 'expected "code", received undefined' }],
        false,
      ]);
      expect(validate(EnvelopeSchema, { code: 0.5, msg: 1 }, '')).toEqual([
        undefined,
        [
          { path: 'code', message: 'expected integer, received number' },
          { path: 'msg', message: 'expected string, received number' },
        ],
        false,
      ]);
      expect(validate(EnvelopeSchema, { code: 7, msg: null }, '')).toEqual([{ code: 7, msg: null }]);
    });

    test('an envelope that is an array is refused as a body that is not an object', () => {
      expect(validate(EnvelopeSchema, [0, 'ok', order], '')).toEqual([undefined, [{ path: '', message: ARRAY }], false]);
      expect(validate(EnvelopeSchema, { code: 0, msg: 'ok', data: [] }, '')).toEqual([{ code: 0, msg: 'ok', data: [] }]);
    });

    test('every array in the order counts as an issue, up to the limit', () => {
      const many = { ...order, paymentMethod: [], metadata: [], priceDataList: [[], [], {}] };
      const [, issues] = validate(OrderSchema, many, 'data');
      expect(issues).toEqual([
        { path: 'priceDataList.0', message: ARRAY },
        { path: 'priceDataList.1', message: ARRAY },
        { path: 'paymentMethod', message: ARRAY },
        { path: 'metadata', message: ARRAY },
      ]);
      const [, tooMany, more] = validate(OrderSchema, { priceDataList: Array.from({ length: 30 }, () => []) }, 'data');
      expect(tooMany).toHaveLength(20);
      expect(more).toBe(true);
    });
  });
});
