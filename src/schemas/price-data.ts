import type * as v from 'valibot';
import { AMOUNT, INTEGER, noArray, object, type RecordSchema, TEXT } from './fields.js';

const entries = {
  /** Name of the item. */
  name: TEXT,
  /** Unit amount. */
  unitAmount: AMOUNT,
  /** Quantity, an integer. */
  quantity: INTEGER,
  /** Currency of the amount. */
  currency: TEXT,
  /** Address of an image of the item. */
  imageUrl: TEXT,
};

/** Schema of a line item (price-data item), shared by checkout sessions and orders. Unknown fields are kept. */
export const PriceDataItemSchema: RecordSchema<typeof entries> = /* @__PURE__ */ object(entries);

/** A line item as a list holds it: an array refused first (`priceDataList.0: expected Object, received array`). */
export const PRICE_DATA_ITEM: RecordSchema<typeof entries> = /* @__PURE__ */ noArray(PriceDataItemSchema);

/** A line item of a checkout session or an order. Every field may be absent or `null`. */
export type PriceDataItem = v.InferOutput<typeof PriceDataItemSchema>;
