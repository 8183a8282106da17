import * as v from 'valibot';
import { amount, date, integer, known, object, text } from './fields.js';
import { type PriceDataItem, PriceDataItemSchema } from './price-data.js';

/**
 * Schema of a checkout session (the `data` of `GET /api/checkout/session/{id}`). Unknown fields are kept;
 * `created` and `expire` become `Date`s.
 */
export const CheckoutSessionSchema: v.GenericSchema<unknown, CheckoutSession> = /* @__PURE__ */ (() =>
  object({
    sessionId: text(),
    token: text(),
    status: known<'open'>(),
    paymentStatus: known<'unpaid'>(),
    amountSubtotal: amount(),
    amountTotal: amount(),
    originalCurrency: text(),
    paymentCurrency: text(),
    subscriptionId: text(),
    invoiceId: text(),
    orderId: text(),
    merchantReferenceId: text(),
    locale: text(),
    cancelUrl: text(),
    successUrl: text(),
    created: date(),
    expire: date(),
    price: v.nullish(
      object({
        priceId: text(),
        priceList: v.nullish(v.array(object({ amount: amount(), currency: text(), exchangeRate: amount() }))),
        recurring: v.nullish(object({ freeTrialDays: integer(), interval: known<'week'>() })),
      }),
    ),
    product: v.nullish(object({ productId: text(), productName: text() })),
    customer: v.nullish(object({ customerId: text(), email: text() })),
    priceDataList: v.nullish(v.array(PriceDataItemSchema)),
  }))();

/**
 * A checkout session: a payment page session with its price, product, customer and resulting references. Every
 * field may be absent or `null`. Fields the service adds beyond these are kept at run time: read one as
 * `(session as Record<string, unknown>).newField`.
 */
export interface CheckoutSession {
  /** Identifier of the session. */
  sessionId?: string | null | undefined;
  /** Session token. */
  token?: string | null | undefined;
  /** Session status; `open` is a known value. */
  status?: 'open' | (string & {}) | null | undefined;
  /** Payment status of the session; `unpaid` is a known value. */
  paymentStatus?: 'unpaid' | (string & {}) | null | undefined;
  /** Subtotal amount. */
  amountSubtotal?: number | null | undefined;
  /** Total amount. */
  amountTotal?: number | null | undefined;
  /** Currency of the original price. */
  originalCurrency?: string | null | undefined;
  /** Currency in which payment is made. */
  paymentCurrency?: string | null | undefined;
  /** Related subscription identifier. */
  subscriptionId?: string | null | undefined;
  /** Related invoice identifier. */
  invoiceId?: string | null | undefined;
  /** Related order identifier. */
  orderId?: string | null | undefined;
  /** Merchant's own reference for the session. */
  merchantReferenceId?: string | null | undefined;
  /** Locale of the checkout page. */
  locale?: string | null | undefined;
  /** Address the customer returns to on cancellation. */
  cancelUrl?: string | null | undefined;
  /** Address the customer returns to on success. */
  successUrl?: string | null | undefined;
  /** Creation time (ISO 8601, UTC, on the wire). */
  created?: Date | null | undefined;
  /** Expiry time (ISO 8601, UTC, on the wire). */
  expire?: Date | null | undefined;
  /** Price object. */
  price?:
    | {
        /** Price identifier. */
        priceId?: string | null | undefined;
        /** Prices, each with an amount, its currency and an exchange rate. */
        priceList?:
          | {
              /** Amount. */
              amount?: number | null | undefined;
              /** Currency of the amount. */
              currency?: string | null | undefined;
              /** Exchange rate. */
              exchangeRate?: number | null | undefined;
            }[]
          | null
          | undefined;
        /** Recurrence of the price. */
        recurring?:
          | {
              /** Days of free trial, an integer. */
              freeTrialDays?: number | null | undefined;
              /** Interval; `week` is a known value. */
              interval?: 'week' | (string & {}) | null | undefined;
            }
          | null
          | undefined;
      }
    | null
    | undefined;
  /** Product object. */
  product?:
    | {
        /** Product identifier. */
        productId?: string | null | undefined;
        /** Product name. */
        productName?: string | null | undefined;
      }
    | null
    | undefined;
  /** Customer object. */
  customer?:
    | {
        /** Customer identifier. */
        customerId?: string | null | undefined;
        /** E-mail address of the customer. */
        email?: string | null | undefined;
      }
    | null
    | undefined;
  /** Line items. */
  priceDataList?: PriceDataItem[] | null | undefined;
}
