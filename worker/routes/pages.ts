import type { Order } from 'checkout-lookup';
import { Hono } from 'hono/tiny';
import { HTTPException } from 'hono/http-exception';
import { orderView, sessionView } from '../allow-list.js';
import type { App, AppContext, PageRequest } from '../app.js';
import { checkoutSessions, orders, ownRecord } from '../lookup.js';
import { requireCustomer } from '../middleware/customer.js';
import { pageRequest } from '../middleware/page-request.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { formLimit, signIn, signInPage, signOut, signOutPage } from '../sign-in/routes.js';
import { sameOriginForm } from '../sign-in/same-origin.js';
import { checkoutPage, orderPath } from '../views/checkout.js';
import { failurePage, homePage } from '../views/message-pages.js';
import { orderPage } from '../views/order.js';
import { internalError } from './api.js';
import { render } from './render.js';

/** The pages, in the reader's language, for the customer signed in by the cookie. */
export const pages = new Hono<App>();

// Mounted after the JSON routes, whose own last route answers every `/api/` path first.
pages.use(pageRequest);

/** The order page; `?from=checkout` (where a completed checkout lands) adds "Payment received". */
pages.get('/orders/:id', requireCustomer, rateLimit, async (c) => {
  const order = await ownRecord(c, orders);
  return render(c, orderPage(orderView(order), c.get('pageRequest'), c.req.query('from') === 'checkout', recordedRate(order)));
});

/** The checkout page in its state; `?check=1` (Check again) goes on to the order once there is one. */
pages.get('/sessions/:id', requireCustomer, rateLimit, async (c) => {
  const session = sessionView(await ownRecord(c, checkoutSessions));
  if (c.req.query('check') !== undefined && session.orderId) return c.redirect(`${orderPath(session.orderId)}?from=checkout`, 303);
  return render(c, checkoutPage(session, c.get('pageRequest')));
});

/** `/`: who is signed in and how to reach an order, or how to sign in. */
pages.get('/', (c) => render(c, homePage(c.get('pageRequest'))));

// Sign-in and sign-out: GET shows a page, only this site's own form POSTs.
pages.get('/sign-in', signInPage);
pages.post('/sign-in', sameOriginForm, formLimit, signIn);
pages.get('/sign-out', signOutPage);
pages.post('/sign-out', sameOriginForm, signOut);

pages.onError((error, c) => failure(c, error));

/** The pages' answer to a failure, in the reader's words; the unexpected in the JSON envelope. */
export function failure(c: AppContext, error: Error): Response | Promise<Response> {
  // A failure before the page's first step is done has no reader to speak to.
  const request = c.get('pageRequest') as PageRequest | undefined;
  if (!(error instanceof HTTPException) || request === undefined) return internalError(c, error);
  const status = error.status;
  if (status === 401 || status === 404 || status === 429 || status === 502 || status === 504)
    return render(c, failurePage(status, request, c.get('requestId')));
  return internalError(c, error);
}

// The one value the pages read from an order's metadata (never shown as such): the exchange rate, a positive number.
function recordedRate(order: Order): number | undefined {
  const rate = order.metadata?.exchangeRate;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}
