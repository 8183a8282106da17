import type { CheckoutSession, Order } from 'checkout-lookup';
import type { Context } from 'hono';
import { orderView, sessionView } from '../allow-list.js';
import type { WithRecord } from '../app.js';
import { json } from '../responses.js';

// The JSON lookups, on the service's own paths and envelope, so the SDK works against the worker from a browser
// (`baseUrl` = the worker, no `apiKey`, the sign-in token as `Authorization: Bearer`). The steps before them
// (customer, rate limit, id, lookup) are middleware, declared with the routes in worker/index.ts.

function found(view: object): Response {
  return json(200, { code: 0, msg: 'success', data: view });
}

/** The allow-listed order, for its owner. */
export const orderJson = (c: Context<WithRecord<Order>>) => found(orderView(c.get('record')));

/** The allow-listed checkout session, for its customer. */
export const checkoutSessionJson = (c: Context<WithRecord<CheckoutSession>>) => found(sessionView(c.get('record')));
