import * as v from 'valibot';
import { amount, date, known, object, text } from './fields.js';
import { type PriceDataItem, PriceDataItemSchema } from './price-data.js';

/** Schema of an order (the `data` of `GET /api/order/{id}`). Unknown fields are kept; `createTime` becomes a `Date`. */
export const OrderSchema: v.GenericSchema<unknown, Order> = /* @__PURE__ */ (() =>
  object({
    orderId: text(),
    merchantReferenceId: text(),
    invoiceId: text(),
    customerId: text(),
    createTime: date(),
    productId: text(),
    priceId: text(),
    priceDataList: v.nullish(v.array(PriceDataItemSchema)),
    paymentMethod: v.nullish(
      object({
        paymentMethodType: known<'CARD'>(),
        paymentInstrumentId: text(),
      }),
    ),
    amountSubtotal: amount(),
    amountTotal: amount(),
    paymentCurrency: text(),
    originalCurrency: text(),
    status: known<'success'>(),
    sessionId: text(),
    metadata: v.nullish(object({})),
  }))();

/**
 * An order: the record of a purchase, with its payment method, amounts and status. Every field may be absent or
 * `null`. Fields the service adds beyond these are kept at run time: read one as `(order as Record<string,
 * unknown>).newField`.
 */
export interface Order {
  /** Identifier of the order. */
  orderId?: string | null | undefined;
  /** Merchant's own reference. */
  merchantReferenceId?: string | null | undefined;
  /** Related invoice identifier. */
  invoiceId?: string | null | undefined;
  /** Customer identifier. */
  customerId?: string | null | undefined;
  /** Creation time (milliseconds since the Unix epoch on the wire). */
  createTime?: Date | null | undefined;
  /** Product identifier. */
  productId?: string | null | undefined;
  /** Price identifier. */
  priceId?: string | null | undefined;
  /** Line items. */
  priceDataList?: PriceDataItem[] | null | undefined;
  /** Payment method. */
  paymentMethod?:
    | {
        /** Type of the payment method; `CARD` is a known value. */
        paymentMethodType?: 'CARD' | (string & {}) | null | undefined;
        /** Payment instrument identifier. */
        paymentInstrumentId?: string | null | undefined;
      }
    | null
    | undefined;
  /** Subtotal amount, a decimal number (fractional amounts occur). */
  amountSubtotal?: number | null | undefined;
  /** Total amount, a decimal number. */
  amountTotal?: number | null | undefined;
  /** Currency in which payment is made, such as a three-letter code. */
  paymentCurrency?: string | null | undefined;
  /** Currency of the original price, such as a three-letter code. */
  originalCurrency?: string | null | undefined;
  /** Order status; `success` is a known value. */
  status?: 'success' | (string & {}) | null | undefined;
  /** Identifier of the checkout session that produced the order. */
  sessionId?: string | null | undefined;
  /** Free-form key/value object; its content is defined by the merchant. */
  metadata?: { [key: string]: unknown } | null | undefined;
}
