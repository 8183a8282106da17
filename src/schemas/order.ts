import * as v from 'valibot';
import { amount, date, known, text } from './fields.js';
import { PriceDataItemSchema } from './price-data.js';

/** Schema of an order (the `data` of `GET /api/order/{id}`). Unknown fields are kept; `createTime` becomes a `Date`. */
export const OrderSchema = /* @__PURE__ */ (() =>
  v.looseObject({
    orderId: text(),
    merchantReferenceId: text(),
    invoiceId: text(),
    customerId: text(),
    createTime: date(),
    productId: text(),
    priceId: text(),
    priceDataList: v.nullish(v.array(PriceDataItemSchema)),
    paymentMethod: v.nullish(
      v.looseObject({
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
    metadata: v.nullish(v.looseObject({})),
  }))();

/** An order: the record of a purchase, with its payment method, amounts and status. */
export type Order = v.InferOutput<typeof OrderSchema>;
