import type { CheckoutSession, Order, PriceDataItem } from 'checkout-lookup';

// The allow-list: what a customer may see of a record, rebuilt field by field from the service's documentation
// (shared/api-spec.md §2), nested objects and line items included. Everything else is dropped: the fields only the
// merchant may see (the payment instrument, order metadata, the session token) and every field the documentation
// does not name, so a field the service adds tomorrow never reaches a customer until someone adds it here.
// The JSON routes answer these objects and the pages render them: one view for both.
//
// Dates go out in the service's own wire format, so the SDK in a browser reads the worker as it reads the service:
// `createTime` in epoch milliseconds, `created`/`expire` as ISO 8601 strings. A field the record does not have is
// left out; a null stays null.

type Scalar = string | number | boolean | null;

/** A line item as a customer sees it (spec §2.4, all of it). */
export interface ItemView {
  name?: string | null;
  unitAmount?: number | null;
  quantity?: number | null;
  currency?: string | null;
  imageUrl?: string | null;
}

/** An order as a customer sees it (spec §2.3 without `paymentMethod.paymentInstrumentId` and `metadata`). */
export interface OrderView {
  orderId?: string | null;
  merchantReferenceId?: string | null;
  invoiceId?: string | null;
  customerId?: string | null;
  createTime?: number | null;
  productId?: string | null;
  priceId?: string | null;
  priceDataList?: ItemView[] | null;
  paymentMethod?: { paymentMethodType?: string | null } | null;
  amountSubtotal?: number | null;
  amountTotal?: number | null;
  paymentCurrency?: string | null;
  originalCurrency?: string | null;
  status?: string | null;
  sessionId?: string | null;
}

/** A checkout session as a customer sees it (spec §2.2 without `token`). */
export interface SessionView {
  sessionId?: string | null;
  status?: string | null;
  paymentStatus?: string | null;
  amountSubtotal?: number | null;
  amountTotal?: number | null;
  originalCurrency?: string | null;
  paymentCurrency?: string | null;
  subscriptionId?: string | null;
  invoiceId?: string | null;
  orderId?: string | null;
  merchantReferenceId?: string | null;
  locale?: string | null;
  cancelUrl?: string | null;
  successUrl?: string | null;
  created?: string | null;
  expire?: string | null;
  price?: {
    priceId?: string | null;
    priceList?: { amount?: number | null; currency?: string | null; exchangeRate?: number | null }[] | null;
    recurring?: { freeTrialDays?: number | null; interval?: string | null } | null;
  } | null;
  product?: { productId?: string | null; productName?: string | null } | null;
  customer?: { customerId?: string | null; email?: string | null } | null;
  priceDataList?: ItemView[] | null;
}

const ORDER_FIELDS = [
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
] as const;
const SESSION_FIELDS = [
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
] as const;
const ITEM_FIELDS = ['name', 'unitAmount', 'quantity', 'currency', 'imageUrl'] as const;

/** The customer's view of an order. */
export function orderView(order: Order): OrderView {
  const view = pick<OrderView>(order, ORDER_FIELDS);
  if (order.createTime !== undefined) view.createTime = order.createTime === null ? null : order.createTime.getTime();
  if (order.priceDataList !== undefined) view.priceDataList = items(order.priceDataList);
  if (order.paymentMethod !== undefined) {
    view.paymentMethod = order.paymentMethod === null ? null : pick(order.paymentMethod, ['paymentMethodType'] as const);
  }
  return view;
}

/** The customer's view of a checkout session. */
export function sessionView(session: CheckoutSession): SessionView {
  const view = pick<SessionView>(session, SESSION_FIELDS);
  if (session.created !== undefined) view.created = session.created === null ? null : session.created.toISOString();
  if (session.expire !== undefined) view.expire = session.expire === null ? null : session.expire.toISOString();
  if (session.priceDataList !== undefined) view.priceDataList = items(session.priceDataList);
  const { price, product, customer } = session;
  if (price !== undefined) {
    view.price =
      price === null
        ? null
        : {
            ...pick(price, ['priceId'] as const),
            ...(price.priceList === undefined
              ? {}
              : { priceList: price.priceList === null ? null : price.priceList.map((entry) => pick(entry, ['amount', 'currency', 'exchangeRate'] as const)) }),
            ...(price.recurring === undefined
              ? {}
              : { recurring: price.recurring === null ? null : pick(price.recurring, ['freeTrialDays', 'interval'] as const) }),
          };
  }
  if (product !== undefined) view.product = product === null ? null : pick(product, ['productId', 'productName'] as const);
  if (customer !== undefined) view.customer = customer === null ? null : pick(customer, ['customerId', 'email'] as const);
  return view;
}

function items(list: readonly PriceDataItem[] | null): ItemView[] | null {
  return list === null ? null : list.map((item) => pick<ItemView>(item, ITEM_FIELDS));
}

/** Copies the named fields that are present and hold a plain value; nothing else comes along. */
function pick<T>(source: object, fields: readonly string[]): T {
  const out: Record<string, Scalar> = {};
  for (const field of fields) {
    if (!Object.hasOwn(source, field)) continue;
    const value = (source as Record<string, unknown>)[field];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[field] = value;
  }
  return out as T;
}
