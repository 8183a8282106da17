import type * as v from 'valibot';
import { amount, integer, object, text } from './fields.js';

/** Schema of a line item (price-data item), shared by checkout sessions and orders. Unknown fields are kept. */
export const PriceDataItemSchema: v.GenericSchema<unknown, PriceDataItem> = /* @__PURE__ */ (() =>
  object({
    name: text(),
    unitAmount: amount(),
    quantity: integer(),
    currency: text(),
    imageUrl: text(),
  }))();

/** A line item of a checkout session or an order. Every field may be absent or `null`. */
export interface PriceDataItem {
  /** Name of the item. */
  name?: string | null | undefined;
  /** Unit amount. */
  unitAmount?: number | null | undefined;
  /** Quantity, an integer. */
  quantity?: number | null | undefined;
  /** Currency of the amount. */
  currency?: string | null | undefined;
  /** Address of an image of the item. */
  imageUrl?: string | null | undefined;
}
