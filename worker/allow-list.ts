import type { CheckoutSession, Order, PriceDataItem } from 'checkout-lookup';

// What a customer may see of a record, rebuilt field by field from docs/service.md: never the payment instrument,
// metadata, session token or an undocumented field. allow-list.test-d.ts checks every SDK field is listed or left out.
// Dates go out in the service's wire format (`createTime` epoch ms, `created`/`expire` ISO 8601).

/** The listed fields of `T`, each optional (a record may lack any) and without `undefined`. */
type Picked<T, F extends readonly (keyof T)[]> = { -readonly [K in F[number]]?: Exclude<T[K], undefined> };
type Part<T> = Exclude<T, null | undefined>;
type Price = Part<CheckoutSession['price']>;

export const ITEM_FIELDS = ['name', 'unitAmount', 'quantity', 'currency', 'imageUrl'] as const satisfies readonly (keyof PriceDataItem)[];
export const PAYMENT_METHOD_FIELDS = ['paymentMethodType'] as const satisfies readonly (keyof Part<Order['paymentMethod']>)[];
export const ORDER_FIELDS = [
  'orderId',
  'merchantReferenceId',
  'invoiceId',
  'customerId',
  'productId',
  'priceId',
  'amountSubtotal',
  'amountTotal',
  'paymentCurrency',
  'originalCurrency',
  'status',
  'sessionId',
] as const satisfies readonly (keyof Order)[];
export const SESSION_FIELDS = [
  'sessionId',
  'status',
  'paymentStatus',
  'amountSubtotal',
  'amountTotal',
  'originalCurrency',
  'paymentCurrency',
  'subscriptionId',
  'invoiceId',
  'orderId',
  'merchantReferenceId',
  'locale',
  'cancelUrl',
  'successUrl',
] as const satisfies readonly (keyof CheckoutSession)[];
export const PRICE_FIELDS = ['priceId'] as const satisfies readonly (keyof Price)[];
export const PRICE_LIST_FIELDS = ['amount', 'currency', 'exchangeRate'] as const satisfies readonly (keyof Part<Price['priceList']>[number])[];
export const RECURRING_FIELDS = ['freeTrialDays', 'interval'] as const satisfies readonly (keyof Part<Price['recurring']>)[];
export const PRODUCT_FIELDS = ['productId', 'productName'] as const satisfies readonly (keyof Part<CheckoutSession['product']>)[];
export const CUSTOMER_FIELDS = ['customerId', 'email'] as const satisfies readonly (keyof Part<CheckoutSession['customer']>)[];

/** A line item as a customer sees it (docs/service.md, "Line item", all of it). */
export type ItemView = Picked<PriceDataItem, typeof ITEM_FIELDS>;

/** An order as a customer sees it (docs/service.md, "Order", without `paymentMethod.paymentInstrumentId` and `metadata`). */
export type OrderView = Picked<Order, typeof ORDER_FIELDS> & {
  createTime?: number | null;
  priceDataList?: ItemView[] | null;
  paymentMethod?: Picked<Part<Order['paymentMethod']>, typeof PAYMENT_METHOD_FIELDS> | null;
};

/** A checkout session as a customer sees it (docs/service.md, "Checkout session", without `token`). */
export type SessionView = Picked<CheckoutSession, typeof SESSION_FIELDS> & {
  created?: string | null;
  expire?: string | null;
  priceDataList?: ItemView[] | null;
  price?:
    | (Picked<Price, typeof PRICE_FIELDS> & {
        priceList?: Picked<Part<Price['priceList']>[number], typeof PRICE_LIST_FIELDS>[] | null;
        recurring?: Picked<Part<Price['recurring']>, typeof RECURRING_FIELDS> | null;
      })
    | null;
  product?: Picked<Part<CheckoutSession['product']>, typeof PRODUCT_FIELDS> | null;
  customer?: Picked<Part<CheckoutSession['customer']>, typeof CUSTOMER_FIELDS> | null;
};

/** The customer's view of an order. */
export function orderView(order: Order): OrderView {
  const view = pick<OrderView>(order, ORDER_FIELDS);
  if (order.createTime !== undefined) view.createTime = order.createTime === null ? null : order.createTime.getTime();
  if (order.priceDataList !== undefined) view.priceDataList = items(order.priceDataList);
  if (order.paymentMethod !== undefined) view.paymentMethod = nested(order.paymentMethod, PAYMENT_METHOD_FIELDS);
  return view;
}

/** The customer's view of a checkout session. */
export function sessionView(session: CheckoutSession): SessionView {
  const view = pick<SessionView>(session, SESSION_FIELDS);
  if (session.created !== undefined) view.created = session.created === null ? null : session.created.toISOString();
  if (session.expire !== undefined) view.expire = session.expire === null ? null : session.expire.toISOString();
  if (session.priceDataList !== undefined) view.priceDataList = items(session.priceDataList);
  const { price, product, customer } = session;
  if (price !== undefined) view.price = price === null ? null : priceView(price);
  if (product !== undefined) view.product = nested(product, PRODUCT_FIELDS);
  if (customer !== undefined) view.customer = nested(customer, CUSTOMER_FIELDS);
  return view;
}

function priceView(price: Price): NonNullable<SessionView['price']> {
  const view = pick<NonNullable<SessionView['price']>>(price, PRICE_FIELDS);
  if (price.priceList !== undefined) view.priceList = price.priceList?.map((entry) => pick(entry, PRICE_LIST_FIELDS)) ?? null;
  if (price.recurring !== undefined) view.recurring = nested(price.recurring, RECURRING_FIELDS);
  return view;
}

function items(list: readonly PriceDataItem[] | null): ItemView[] | null {
  return list === null ? null : list.map((item) => pick<ItemView>(item, ITEM_FIELDS));
}

function nested<T>(value: object | null, fields: readonly string[]): T | null {
  return value === null ? null : pick<T>(value, fields);
}

/** Copies the named fields that are present and hold a plain value; nothing else comes along. */
function pick<T>(source: object, fields: readonly string[]): T {
  const out: Record<string, string | number | boolean | null> = {};
  for (const field of fields) {
    if (!Object.hasOwn(source, field)) continue;
    const value = (source as Record<string, unknown>)[field];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[field] = value;
  }
  return out as T;
}
