import type { Order } from 'checkout-lookup';
import { signedIn } from './auth.js';
import type { Settings } from './env.js';
import { readerTimeZone } from './format.js';
import { chooseReader } from './i18n/index.js';
import { pipeline, ORDER, SESSION } from './pipeline.js';
import type { Answers } from './pipeline.js';
import type { Trace } from './trace.js';
import { orderView, sessionView } from './view.js';
import { checkoutPage } from './views/checkout.js';
import type { Shopper } from './views/context.js';
import { homePage, notFoundPage, notSignedInPage, tooManyPage, upstreamFailedPage } from './views/messages.js';
import { orderPage } from './views/order.js';

const ORDER_PATH = '/orders/';
const SESSION_PATH = '/sessions/';

/** `/`, `/orders/:id` and `/sessions/:id`, for the customer signed in by the cookie. */
export async function pageRoute(request: Request, url: URL, settings: Settings, trace: Trace): Promise<Response> {
  const { pathname } = url;
  const subject = await signedIn(request, settings);
  const shopper: Shopper = {
    reader: chooseReader(request.headers.get('Accept-Language')),
    timeZone: readerTimeZone(request),
    settings,
    site: url.host,
    path: pathname,
    customerId: subject?.customerId,
  };
  // The page family's stops: a page for each, in the shopper's language, with sign-out when signed in.
  const answers: Answers = {
    session: async () => subject ?? 'none',
    unauthorized: () => notSignedInPage(shopper),
    tooMany: (seconds) => tooManyPage(shopper, seconds),
    notFound: () => notFoundPage(shopper),
    failed: (status, requestId) => upstreamFailedPage(status, requestId, shopper),
  };
  const context = { request, settings, trace };
  if (pathname === '/') {
    trace.route = 'home';
    return homePage(shopper);
  }
  if (pathname.startsWith(ORDER_PATH)) {
    trace.route = 'page order';
    const received = url.searchParams.get('from') === 'checkout';
    return pipeline(context, answers, ORDER, pathname.slice(ORDER_PATH.length), (order) =>
      orderPage(orderView(order), shopper, received, recordedRate(order)),
    );
  }
  if (pathname.startsWith(SESSION_PATH)) {
    trace.route = 'page session';
    const checked = url.searchParams.has('check');
    return pipeline(context, answers, SESSION, pathname.slice(SESSION_PATH.length), (session) =>
      checkoutPage(sessionView(session), shopper, checked),
    );
  }
  return notFoundPage(shopper);
}

// The one value the pages read from an order's metadata (which customers never see as such): the exchange rate the
// service recorded for a payment in another currency, as the sandbox's `ord_grace_1` has it. A positive number only.
function recordedRate(order: Order): number | undefined {
  const rate = order.metadata?.exchangeRate;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}
