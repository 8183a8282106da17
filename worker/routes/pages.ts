import type { CheckoutSession, Order } from 'checkout-lookup';
import type { Context } from 'hono';
import { orderView, sessionView } from '../allow-list.js';
import type { AppContext, WithRecord } from '../app.js';
import { checkoutPage } from '../views/checkout.js';
import { homePage } from '../views/message-pages.js';
import { orderPage } from '../views/order.js';

// The pages, for the customer signed in by the cookie. The steps before them (customer, rate limit, id, lookup)
// are middleware, declared with the routes in worker/index.ts.

/** `/`: who is signed in and how to reach an order, or how to sign in. */
export const home = (c: AppContext) => homePage(c.get('shopper'));

/** The order page; `?from=checkout` (where a completed checkout lands) adds "Payment received". */
export const orderHtml = (c: Context<WithRecord<Order>>) =>
  orderPage(orderView(c.get('record')), c.get('shopper'), c.req.query('from') === 'checkout', recordedRate(c.get('record')));

/** The checkout page in its state; `?check=1` (Check again) goes on to the order once there is one. */
export const checkoutSessionHtml = (c: Context<WithRecord<CheckoutSession>>) =>
  checkoutPage(sessionView(c.get('record')), c.get('shopper'), c.req.query('check') !== undefined);

// The one value the pages read from an order's metadata (which customers never see as such): the exchange rate the
// service recorded for a payment in another currency, as the sandbox's `ord_grace_1` has it. A positive number only.
function recordedRate(order: Order): number | undefined {
  const rate = order.metadata?.exchangeRate;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}
