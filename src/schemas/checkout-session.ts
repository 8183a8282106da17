import type * as v from 'valibot';
import {
  AMOUNT,
  INTEGER,
  ISO_DATE,
  type Known,
  type ListField,
  list,
  noArray,
  object,
  record,
  type RecordField,
  type RecordSchema,
  TEXT,
} from './fields.js';
import { PRICE_DATA_ITEM, type PriceDataItemSchema } from './price-data.js';

const priceListItem = {
  /** Amount. */
  amount: AMOUNT,
  /** Currency of the amount. */
  currency: TEXT,
  /** Exchange rate. */
  exchangeRate: AMOUNT,
};

const recurring = {
  /** Days of free trial, an integer. */
  freeTrialDays: INTEGER,
  /** Interval; `week` is a known value. */
  interval: TEXT as Known<'week'>,
};

const price = {
  /** Price identifier. */
  priceId: TEXT,
  /** Prices, each with an amount, its currency and an exchange rate. */
  priceList: list(noArray(object(priceListItem))) as ListField<RecordSchema<typeof priceListItem>>,
  /** Recurrence of the price. */
  recurring: record(recurring) as RecordField<typeof recurring>,
};

const product = {
  /** Product identifier. */
  productId: TEXT,
  /** Product name. */
  productName: TEXT,
};

const customer = {
  /** Customer identifier. */
  customerId: TEXT,
  /** E-mail address of the customer. */
  email: TEXT,
};

const entries = {
  /** Identifier of the session. */
  sessionId: TEXT,
  /** Session token. */
  token: TEXT,
  /** Session status; `open` is a known value. */
  status: TEXT as Known<'open'>,
  /** Payment status of the session; `unpaid` is a known value. */
  paymentStatus: TEXT as Known<'unpaid'>,
  /** Subtotal amount. */
  amountSubtotal: AMOUNT,
  /** Total amount. */
  amountTotal: AMOUNT,
  /** Currency of the original price. */
  originalCurrency: TEXT,
  /** Currency in which payment is made. */
  paymentCurrency: TEXT,
  /** Related subscription identifier. */
  subscriptionId: TEXT,
  /** Related invoice identifier. */
  invoiceId: TEXT,
  /** Related order identifier. */
  orderId: TEXT,
  /** Merchant's own reference for the session. */
  merchantReferenceId: TEXT,
  /** Locale of the checkout page. */
  locale: TEXT,
  /** Address the customer returns to on cancellation. */
  cancelUrl: TEXT,
  /** Address the customer returns to on success. */
  successUrl: TEXT,
  /** Creation time (ISO 8601, UTC, on the wire). */
  created: ISO_DATE,
  /** Expiry time (ISO 8601, UTC, on the wire). */
  expire: ISO_DATE,
  /** Price object. */
  price: record(price) as RecordField<typeof price>,
  /** Product object. */
  product: record(product) as RecordField<typeof product>,
  /** Customer object. */
  customer: record(customer) as RecordField<typeof customer>,
  /** Line items. */
  priceDataList: list(PRICE_DATA_ITEM) as ListField<typeof PriceDataItemSchema>,
};

/**
 * Schema of a checkout session (the `data` of `GET /api/checkout/session/{id}`). Unknown fields are kept;
 * `created` and `expire` become `Date`s.
 */
export const CheckoutSessionSchema: RecordSchema<typeof entries> = /* @__PURE__ */ object(entries);

/**
 * A checkout session: a payment page session with its price, product, customer and resulting references. Every
 * field may be absent or `null`. Fields the service adds beyond these are kept at run time: read one as
 * `(session as Record<string, unknown>).newField`.
 */
export type CheckoutSession = v.InferOutput<typeof CheckoutSessionSchema>;
