import type { SandboxCheckoutSession, SandboxOrder } from './types.js';

/**
 * The ids of the seeded records, by role. Read a record with `sandbox.getOrder(id)` / `sandbox.getSession(id)`
 * (what a sandbox holds now) or `SANDBOX_ORDERS_BY_ID[id]` / `SANDBOX_SESSIONS_BY_ID[id]` (the seed as shipped).
 *
 * @example
 * import { createSandbox, SANDBOX_IDS, SANDBOX_ORDERS_BY_ID } from 'checkout-lookup/testing';
 *
 * const sandbox = createSandbox();
 * sandbox.getSession(SANDBOX_IDS.sessions.open)?.status; // 'open'
 * SANDBOX_ORDERS_BY_ID[SANDBOX_IDS.orders.ada].amountTotal; // 73.27
 */
export const SANDBOX_IDS = deepFreeze({
  /** Customer ids, as in `order.customerId` and `session.customer.customerId`. */
  customers: {
    /** `cus_ada`: the open session `sessions.open`, the complete session `sessions.complete` and the order `orders.ada`. */
    ada: 'cus_ada',
    /** `cus_grace`: the open session `sessions.grace` and the order `orders.grace`. */
    grace: 'cus_grace',
  },
  /** Checkout session ids. */
  sessions: {
    /** `cs_open_ada`: open and unpaid, a weekly subscription with a 14-day trial (EUR); no order yet. */
    open: 'cs_open_ada',
    /** `cs_complete_ada`: complete and paid; its order is `orders.ada`. */
    complete: 'cs_complete_ada',
    /** `cs_open_grace`: open and unpaid, a one-off purchase (USD). */
    grace: 'cs_open_grace',
  },
  /** Order ids. */
  orders: {
    /** `ord_ada_1`: two items in EUR, paid by card, from the session `sessions.complete`. */
    ada: 'ord_ada_1',
    /** `ord_grace_1`: one item priced in USD and paid in GBP, through an invoice (`sessionId: null`). */
    grace: 'ord_grace_1',
  },
} as const);

const IMAGES = 'https://images.example.com/products';

const beans = {
  name: 'Single-origin espresso beans, 1 kg',
  unitAmount: 24.99,
  quantity: 2,
  currency: 'EUR',
  imageUrl: `${IMAGES}/espresso-beans-1kg.jpg`,
};
const dripper = {
  name: 'Ceramic pour-over dripper',
  unitAmount: 18.5,
  quantity: 1,
  currency: 'EUR',
  imageUrl: `${IMAGES}/ceramic-dripper.jpg`,
};

/** The seeded orders, in the service's wire format (frozen; every sandbox stores its own copies). */
export const SANDBOX_ORDERS: readonly SandboxOrder[] = deepFreeze([
  {
    orderId: 'ord_ada_1',
    merchantReferenceId: 'ADA-2026-0042',
    invoiceId: 'inv_ada_1',
    customerId: 'cus_ada',
    createTime: 1_795_010_851_412, // 2026-11-18T14:07:31.412Z
    productId: 'prod_espresso_beans',
    priceId: 'price_espresso_beans_once',
    priceDataList: [beans, dripper],
    paymentMethod: { paymentMethodType: 'CARD', paymentInstrumentId: 'pi_card_ada_4242' },
    amountSubtotal: 68.48,
    amountTotal: 73.27,
    paymentCurrency: 'EUR',
    originalCurrency: 'EUR',
    status: 'success',
    sessionId: 'cs_complete_ada',
    metadata: { channel: 'web', giftWrap: true, giftMessage: 'Happy analysing!', shipping: 4.79 },
  },
  {
    orderId: 'ord_grace_1',
    merchantReferenceId: 'GRACE-2026-0007',
    invoiceId: 'inv_grace_1',
    customerId: 'cus_grace',
    createTime: 1_793_702_522_005, // 2026-11-03T10:42:02.005Z
    productId: 'prod_hand_grinder',
    priceId: 'price_hand_grinder_once',
    priceDataList: [
      {
        name: 'Conical burr hand grinder',
        unitAmount: 89.9,
        quantity: 1,
        currency: 'USD',
        imageUrl: `${IMAGES}/hand-grinder.jpg`,
      },
    ],
    paymentMethod: { paymentMethodType: 'CARD', paymentInstrumentId: 'pi_card_grace_1881' },
    amountSubtotal: 89.9,
    amountTotal: 71.17,
    paymentCurrency: 'GBP',
    originalCurrency: 'USD',
    status: 'success',
    // Paid through an invoice link, not a checkout session.
    sessionId: null,
    metadata: { channel: 'invoice', exchangeRate: 0.7917 },
  },
]);

/** The seeded checkout sessions, in the service's wire format (frozen; every sandbox stores its own copies). */
export const SANDBOX_SESSIONS: readonly SandboxCheckoutSession[] = deepFreeze([
  {
    sessionId: 'cs_open_ada',
    token: 'tok_cs_open_ada_7f3c9a',
    status: 'open',
    paymentStatus: 'unpaid',
    amountSubtotal: 9.99,
    amountTotal: 9.99,
    originalCurrency: 'EUR',
    paymentCurrency: 'EUR',
    // Nothing is created before the customer pays.
    subscriptionId: null,
    invoiceId: null,
    orderId: null,
    merchantReferenceId: 'ADA-SUB-0001',
    locale: 'en-GB',
    cancelUrl: 'https://shop.example.com/subscribe/cancelled',
    successUrl: 'https://shop.example.com/subscribe/welcome',
    created: '2026-11-20T09:14:03.000Z',
    expire: '2026-11-21T09:14:03.000Z',
    price: {
      priceId: 'price_fresh_roast_weekly',
      priceList: [
        { amount: 9.99, currency: 'EUR', exchangeRate: 1 },
        { amount: 11.59, currency: 'USD', exchangeRate: 1.1602 },
      ],
      recurring: { freeTrialDays: 14, interval: 'week' },
    },
    product: { productId: 'prod_fresh_roast_weekly', productName: 'Fresh Roast, weekly delivery' },
    customer: { customerId: 'cus_ada', email: 'ada@example.com' },
    priceDataList: [
      {
        name: 'Fresh Roast, weekly delivery',
        unitAmount: 9.99,
        quantity: 1,
        currency: 'EUR',
        imageUrl: `${IMAGES}/fresh-roast-weekly.jpg`,
      },
    ],
  },
  {
    sessionId: 'cs_complete_ada',
    token: 'tok_cs_complete_ada_1b8e44',
    status: 'complete',
    paymentStatus: 'paid',
    amountSubtotal: 68.48,
    amountTotal: 73.27,
    originalCurrency: 'EUR',
    paymentCurrency: 'EUR',
    subscriptionId: null,
    invoiceId: 'inv_ada_1',
    orderId: 'ord_ada_1',
    merchantReferenceId: 'ADA-2026-0042',
    locale: 'en-GB',
    cancelUrl: 'https://shop.example.com/cart',
    successUrl: 'https://shop.example.com/orders/thanks',
    created: '2026-11-18T14:02:11.000Z',
    expire: '2026-11-19T14:02:11.000Z',
    price: {
      priceId: 'price_espresso_beans_once',
      priceList: [{ amount: 24.99, currency: 'EUR', exchangeRate: 1 }],
      recurring: null,
    },
    product: { productId: 'prod_espresso_beans', productName: 'Single-origin espresso beans, 1 kg' },
    customer: { customerId: 'cus_ada', email: 'ada@example.com' },
    priceDataList: [beans, dripper],
  },
  {
    sessionId: 'cs_open_grace',
    token: 'tok_cs_open_grace_c02d51',
    status: 'open',
    paymentStatus: 'unpaid',
    amountSubtotal: 42,
    amountTotal: 42,
    originalCurrency: 'USD',
    paymentCurrency: 'USD',
    subscriptionId: null,
    invoiceId: null,
    orderId: null,
    merchantReferenceId: 'GRACE-2026-0008',
    locale: 'en-US',
    cancelUrl: 'https://shop.example.com/cart',
    successUrl: 'https://shop.example.com/orders/thanks',
    created: '2026-11-21T16:30:00.000Z',
    expire: '2026-11-22T16:30:00.000Z',
    price: {
      priceId: 'price_cupping_kit_once',
      priceList: [{ amount: 42, currency: 'USD', exchangeRate: 1 }],
      recurring: null,
    },
    product: { productId: 'prod_cupping_kit', productName: 'Cupping kit' },
    customer: { customerId: 'cus_grace', email: 'grace@example.com' },
    priceDataList: [
      {
        name: 'Cupping kit',
        unitAmount: 42,
        quantity: 1,
        currency: 'USD',
        imageUrl: `${IMAGES}/cupping-kit.jpg`,
      },
    ],
  },
]);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The seeded orders by id, such as `SANDBOX_ORDERS_BY_ID[SANDBOX_IDS.orders.ada]` (frozen; the same objects as `SANDBOX_ORDERS`). */
export const SANDBOX_ORDERS_BY_ID = Object.freeze(Object.fromEntries(SANDBOX_ORDERS.map((order) => [order.orderId, order]))) as ById<
  typeof SANDBOX_IDS.orders,
  SandboxOrder
>;

/** The seeded checkout sessions by id, such as `SANDBOX_SESSIONS_BY_ID[SANDBOX_IDS.sessions.open]` (frozen; the same objects as `SANDBOX_SESSIONS`). */
export const SANDBOX_SESSIONS_BY_ID = Object.freeze(Object.fromEntries(SANDBOX_SESSIONS.map((session) => [session.sessionId, session]))) as ById<
  typeof SANDBOX_IDS.sessions,
  SandboxCheckoutSession
>;

// A seeded id gives the record; any other string may give `undefined`.
type ById<Ids extends Record<string, string>, T> = Readonly<Record<Ids[keyof Ids], T>> & Readonly<Record<string, T | undefined>>;
