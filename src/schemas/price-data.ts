import * as v from 'valibot';
import { amount, integer, text } from './fields.js';

/** Schema of a line item (price-data item), shared by checkout sessions and orders. Unknown fields are kept. */
export const PriceDataItemSchema = /* @__PURE__ */ (() =>
  v.looseObject({
    name: text(),
    unitAmount: amount(),
    quantity: integer(),
    currency: text(),
    imageUrl: text(),
  }))();

/** A line item of a checkout session or an order. */
export type PriceDataItem = v.InferOutput<typeof PriceDataItemSchema>;
