import type * as v from 'valibot';
import {
  AMOUNT,
  EPOCH_DATE,
  FREE_OBJECT,
  type Known,
  type ListField,
  list,
  object,
  record,
  type RecordField,
  type RecordSchema,
  TEXT,
} from './fields.js';
import { PRICE_DATA_ITEM, type PriceDataItemSchema } from './price-data.js';

const paymentMethod = {
  /** Type of the payment method; `CARD` is a known value. */
  paymentMethodType: TEXT as Known<'CARD'>,
  /** Payment instrument identifier. */
  paymentInstrumentId: TEXT,
};

const entries = {
  /** Identifier of the order. */
  orderId: TEXT,
  /** Merchant's own reference. */
  merchantReferenceId: TEXT,
  /** Related invoice identifier. */
  invoiceId: TEXT,
  /** Customer identifier. */
  customerId: TEXT,
  /** Creation time (milliseconds since the Unix epoch on the wire). */
  createTime: EPOCH_DATE,
  /** Product identifier. */
  productId: TEXT,
  /** Price identifier. */
  priceId: TEXT,
  /** Line items. */
  priceDataList: list(PRICE_DATA_ITEM) as ListField<typeof PriceDataItemSchema>,
  /** Payment method. */
  paymentMethod: record(paymentMethod) as RecordField<typeof paymentMethod>,
  /** Subtotal amount, a decimal number (fractional amounts occur). */
  amountSubtotal: AMOUNT,
  /** Total amount, a decimal number. */
  amountTotal: AMOUNT,
  /** Currency in which payment is made, such as a three-letter code. */
  paymentCurrency: TEXT,
  /** Currency of the original price, such as a three-letter code. */
  originalCurrency: TEXT,
  /** Order status; `success` is a known value. */
  status: TEXT as Known<'success'>,
  /** Identifier of the checkout session that produced the order. */
  sessionId: TEXT,
  /** Free-form key/value object; its content is defined by the merchant. */
  metadata: FREE_OBJECT,
};

/** Schema of an order (the `data` of `GET /api/order/{id}`). Unknown fields are kept; `createTime` becomes a `Date`. */
export const OrderSchema: RecordSchema<typeof entries> = /* @__PURE__ */ object(entries);

/**
 * An order: the record of a purchase, with its payment method, amounts and status. Every field may be absent or
 * `null`. Fields the service adds beyond these are kept at run time: read one as `(order as Record<string,
 * unknown>).newField`.
 */
export type Order = v.InferOutput<typeof OrderSchema>;
