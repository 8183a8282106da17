import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { validate } from '../../src/core/validate.js';
import { getOrder, getSession } from '../../src/index.js';
import { CheckoutSessionSchema } from '../../src/schemas/checkout-session.js';
import { EnvelopeSchema } from '../../src/schemas/envelope.js';
import { OrderSchema } from '../../src/schemas/order.js';
import { PriceDataItemSchema } from '../../src/schemas/price-data.js';
import { ok, options, order, recordingFetch, session, validationFailure as failure } from './helpers.js';

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
  test.each(['paymentMethod', 'metadata', 'priceDataList.0', 'priceDataList.1'])('an order with %s as an array is refused at that path', async (path) => {
    for (const array of [[], ['CARD'], [{ paymentMethodType: 'CARD' }]]) {
      const { fetch } = recordingFetch(ok(withAt(order, path, array)));
      const error = await failure(getOrder('ord_ada_1', options(fetch)));
      expect(error.issues).toEqual([{ path, message: ARRAY }]);
    }
  });

  test.each(['price', 'price.priceList.0', 'price.recurring', 'product', 'customer', 'priceDataList.0'])('a session with %s as an array is refused at that path', async (path) => {
    const { fetch } = recordingFetch(ok(withAt(session, path, [{ interval: 'week' }])));
    const error = await failure(getSession('cs_open_ada', options(fetch)));
    expect(error.issues).toEqual([{ path, message: ARRAY }]);
  });

  test('data as an array is refused at "data", in both resources', async () => {
    expect((await failure(getOrder('ord_ada_1', options(recordingFetch(ok([order])).fetch)))).issues).toEqual([{ path: 'data', message: ARRAY }]);
    expect((await failure(getSession('cs_open_ada', options(recordingFetch(ok([])).fetch)))).issues).toEqual([{ path: 'data', message: ARRAY }]);
  });

  test('each schema refuses an array itself, and still accepts an object, keeping unknown fields', () => {
    for (const schema of [OrderSchema, CheckoutSessionSchema, PriceDataItemSchema]) {
      expect(validate(schema, [], 'data')).toEqual([undefined, [{ path: 'data', message: ARRAY }], false]);
      expect(validate(schema, { extra: 1 }, 'data')).toEqual([{ extra: 1 }]);
    }
  });

  test('an exported schema refuses an array with valibot\'s own message too, for apps that parse with it', () => {
    const result = v.safeParse(OrderSchema, { paymentMethod: ['CARD'] });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('Invalid type: Expected Object but received Array');
    expect(v.safeParse(OrderSchema, { paymentMethod: { paymentMethodType: 'CARD' } }).success).toBe(true);
  });

  test('the envelope needs an integer code; msg may be absent or null', () => {
    expect(validate(EnvelopeSchema, { msg: 'ok' }, '')).toEqual([undefined, [{ path: 'code', message: 'expected "code", received undefined' }], false]);
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
