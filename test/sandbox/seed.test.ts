import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { CheckoutSessionSchema, OrderSchema } from '../../src/index.js';
import {
  createSandbox,
  SANDBOX_IDS,
  SANDBOX_ORDERS,
  SANDBOX_ORDERS_BY_ID,
  SANDBOX_SESSIONS,
  SANDBOX_SESSIONS_BY_ID,
} from '../../src/testing/index.js';
import { call, signed } from './helpers.js';

// docs/service.md's fields (Checkout session, Order, Line item) with its types, every one required: the seed is
// the realistic example users read, so it carries them all. `null` only where the record has no such link yet.
const isoUtc = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.regex(/Z$/),
  v.check((s) => !Number.isNaN(Date.parse(s))),
);
const int = v.pipe(v.number(), v.integer());
const currency = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));
const item = v.strictObject({
  name: v.string(),
  unitAmount: v.number(),
  quantity: int,
  currency,
  imageUrl: v.pipe(v.string(), v.url()),
});
const strictOrder = v.strictObject({
  orderId: v.string(),
  merchantReferenceId: v.string(),
  invoiceId: v.string(),
  customerId: v.string(),
  createTime: v.pipe(int, v.minValue(Date.UTC(2020, 0, 1))),
  productId: v.string(),
  priceId: v.string(),
  priceDataList: v.pipe(v.array(item), v.minLength(1)),
  paymentMethod: v.strictObject({ paymentMethodType: v.string(), paymentInstrumentId: v.string() }),
  amountSubtotal: v.number(),
  amountTotal: v.number(),
  paymentCurrency: currency,
  originalCurrency: currency,
  status: v.string(),
  sessionId: v.nullable(v.string()),
  metadata: v.record(v.string(), v.unknown()),
});
const strictSession = v.strictObject({
  sessionId: v.string(),
  token: v.string(),
  status: v.string(),
  paymentStatus: v.string(),
  amountSubtotal: v.number(),
  amountTotal: v.number(),
  originalCurrency: currency,
  paymentCurrency: currency,
  subscriptionId: v.nullable(v.string()),
  invoiceId: v.nullable(v.string()),
  orderId: v.nullable(v.string()),
  merchantReferenceId: v.string(),
  locale: v.string(),
  cancelUrl: v.pipe(v.string(), v.url()),
  successUrl: v.pipe(v.string(), v.url()),
  created: isoUtc,
  expire: isoUtc,
  price: v.strictObject({
    priceId: v.string(),
    priceList: v.pipe(v.array(v.strictObject({ amount: v.number(), currency, exchangeRate: v.number() })), v.minLength(1)),
    recurring: v.nullable(v.strictObject({ freeTrialDays: int, interval: v.string() })),
  }),
  product: v.strictObject({ productId: v.string(), productName: v.string() }),
  customer: v.strictObject({ customerId: v.string(), email: v.pipe(v.string(), v.email()) }),
  priceDataList: v.pipe(v.array(item), v.minLength(1)),
});

const order = (id: string) => SANDBOX_ORDERS_BY_ID[id]!;
const session = (id: string) => SANDBOX_SESSIONS_BY_ID[id]!;

describe('seed data', () => {
  test('has a record for every id in SANDBOX_IDS, and nothing else', () => {
    expect(SANDBOX_ORDERS.map((o) => o.orderId).sort()).toEqual(Object.values(SANDBOX_IDS.orders).sort());
    expect(SANDBOX_SESSIONS.map((s) => s.sessionId).sort()).toEqual(Object.values(SANDBOX_IDS.sessions).sort());
  });

  test('reaches every record by id, the same frozen objects as the arrays', () => {
    expect(Object.values(SANDBOX_ORDERS_BY_ID)).toEqual(SANDBOX_ORDERS);
    expect(Object.values(SANDBOX_SESSIONS_BY_ID)).toEqual(SANDBOX_SESSIONS);
    expect(SANDBOX_ORDERS_BY_ID[SANDBOX_IDS.orders.ada]).toBe(SANDBOX_ORDERS.find((o) => o.orderId === 'ord_ada_1'));
    expect(SANDBOX_SESSIONS_BY_ID[SANDBOX_IDS.sessions.grace]).toBe(SANDBOX_SESSIONS.find((s) => s.sessionId === 'cs_open_grace'));
    expect(SANDBOX_ORDERS_BY_ID.ord_nope).toBeUndefined();
    expect(Object.isFrozen(SANDBOX_ORDERS_BY_ID) && Object.isFrozen(SANDBOX_SESSIONS_BY_ID)).toBe(true);
    expect(() => {
      (SANDBOX_ORDERS_BY_ID as Record<string, unknown>).ord_new = {};
    }).toThrow(TypeError);
  });

  test.each(SANDBOX_ORDERS.map((o) => [o.orderId, o] as const))('order %s has every documented field, typed as docs/service.md says', (_, record) => {
    expect(v.safeParse(strictOrder, record).issues).toBeUndefined();
  });

  test.each(SANDBOX_SESSIONS.map((s) => [s.sessionId, s] as const))(
    'session %s has every documented field, typed as docs/service.md says',
    (_, record) => {
      expect(v.safeParse(strictSession, record).issues).toBeUndefined();
    },
  );

  test('every record parses with the SDK schemas, dates included', () => {
    for (const record of SANDBOX_ORDERS) {
      const parsed = v.parse(OrderSchema, structuredClone(record));
      expect(parsed.createTime).toBeInstanceOf(Date);
      expect(parsed.createTime!.getTime()).toBe(record.createTime);
    }
    for (const record of SANDBOX_SESSIONS) {
      const parsed = v.parse(CheckoutSessionSchema, structuredClone(record));
      expect(parsed.created!.toISOString()).toBe(record.created);
      expect(parsed.expire!.toISOString()).toBe(record.expire);
    }
  });

  test('the open session of ada is unpaid, weekly recurring with a free trial', () => {
    const open = session(SANDBOX_IDS.sessions.open);
    expect(open).toMatchObject({ status: 'open', paymentStatus: 'unpaid', customer: { customerId: 'cus_ada' } });
    expect(open.price!.recurring).toEqual({ freeTrialDays: expect.any(Number), interval: 'week' });
    expect(open.price!.recurring!.freeTrialDays).toBeGreaterThan(0);
  });

  test('the complete session of ada is paid and links to her order, which links back', () => {
    const complete = session(SANDBOX_IDS.sessions.complete);
    expect(complete).toMatchObject({ status: 'complete', paymentStatus: 'paid', orderId: 'ord_ada_1', customer: { customerId: 'cus_ada' } });
    expect(order('ord_ada_1')).toMatchObject({ sessionId: 'cs_complete_ada', customerId: 'cus_ada' });
  });

  test("ada's order is paid by CARD with fractional amounts, two line items with images, and metadata", () => {
    const ada = order(SANDBOX_IDS.orders.ada);
    expect(ada).toMatchObject({ status: 'success', paymentMethod: { paymentMethodType: 'CARD' } });
    expect(Number.isInteger(ada.amountTotal)).toBe(false);
    expect(Number.isInteger(ada.amountSubtotal)).toBe(false);
    expect(ada.priceDataList).toHaveLength(2);
    for (const line of ada.priceDataList!) expect(line.imageUrl).toMatch(/^https:\/\//);
    // The subtotal is the sum of the lines, to the cent.
    const sum = ada.priceDataList!.reduce((total, line) => total + line.unitAmount! * line.quantity!, 0);
    expect(Math.round(sum * 100)).toBe(Math.round(ada.amountSubtotal! * 100));
    expect(Object.keys(ada.metadata!).length).toBeGreaterThan(0);
  });

  test("grace's records belong to grace, not ada", () => {
    expect(order(SANDBOX_IDS.orders.grace).customerId).toBe(SANDBOX_IDS.customers.grace);
    expect(session(SANDBOX_IDS.sessions.grace).customer!.customerId).toBe(SANDBOX_IDS.customers.grace);
    expect(order(SANDBOX_IDS.orders.ada).customerId).toBe(SANDBOX_IDS.customers.ada);
  });

  test('is served exactly as exported', async () => {
    const sandbox = createSandbox();
    for (const record of SANDBOX_ORDERS) {
      expect((await call(sandbox, signed(sandbox, `/api/order/${record.orderId}`))).body.data).toEqual(record);
    }
    for (const record of SANDBOX_SESSIONS) {
      expect((await call(sandbox, signed(sandbox, `/api/checkout/session/${record.sessionId}`))).body.data).toEqual(record);
    }
  });
});
