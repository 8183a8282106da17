import { html } from 'hono/html';
import { formatCount, sameCurrency } from '../format.js';
import { inWords } from '../i18n/index.js';
import type { Markup, Page } from './layout.js';
import type { SessionView } from '../allow-list.js';
import type { PageRequest } from '../app.js';
import { backToShop, button, fact, notice, recordPage, time, timeText } from './parts.js';
import { PENDING_SCRIPT } from './pending-script.js';

/** What a checkout's state means for the shopper: `expired` once its `expire` has passed, whatever its status says. */
export type CheckoutState = 'complete' | 'confirming' | 'unpaid' | 'expired' | 'unknown';

export function checkoutState(session: SessionView, now: number): CheckoutState {
  if (session.orderId || session.status === 'complete') return 'complete';
  const expire = session.expire ? Date.parse(session.expire) : Number.NaN;
  if (session.status === 'expired' || expire <= now) return 'expired';
  if (session.status !== 'open') return 'unknown';
  return !session.paymentStatus || session.paymentStatus === 'unpaid' ? 'unpaid' : 'confirming';
}

/** The path of an order's page. */
export const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

// Only an unpaid expired checkout says nothing was charged; a paid or processing one tells the shopper to keep the
// receipt and contact the shop; any other payment status (or none) says the page cannot tell, with the same advice.
const EXPIRED_WORDS = { unpaid: 'expired', paid: 'expiredPaid', processing: 'expiredProcessing' } as const;

/** The notice of a state: what it means for the shopper's money, and the next step. */
function stateNotice(state: CheckoutState, session: SessionView, request: PageRequest): Markup {
  const { t } = request.reader;
  const back = backToShop(request, session.cancelUrl);
  const checkAgain = button(`${request.path}?check=1`, t.checkAgain);
  const expire = timeText(session.expire, request);
  if (state === 'confirming') return notice('wait', t.confirming, '', checkAgain);
  if (state === 'unpaid') return notice('wait', t.unpaid, expire ? t.openUntil(expire) : '', html`${back} ${checkAgain}`);
  if (state === 'unknown') return notice('plain', t.unknownCheckout, '', back);
  if (state === 'expired') {
    const status = session.paymentStatus?.toLowerCase() ?? '';
    const words = t[Object.hasOwn(EXPIRED_WORDS, status) ? EXPIRED_WORDS[status as keyof typeof EXPIRED_WORDS] : 'expiredUnknown'];
    return notice('stop', words, expire ? t.expiredAt(expire) : '', back);
  }
  state satisfies 'complete'; // the one state left: a new one fails to compile here until it has its notice above
  if (session.orderId) return notice('ok', t.received, '', button(orderPath(session.orderId), t.viewOrder));
  // Paid, but the service has not made the order yet: nothing to confirm or open, so check again later.
  return notice('ok', t.checkoutDoneNoOrder, '', html`${checkAgain} ${back}`);
}

/** The checkout page in its state; open ones check in the background. */
export function checkoutPage(session: SessionView, request: PageRequest, now = Date.now()): Page {
  const { t } = request.reader;
  const state = checkoutState(session, now);
  const open = state === 'confirming' || state === 'unpaid';
  const recurring = session.price?.recurring;
  const every = inWords(recurring?.interval, t.every);
  const billing = every && recurring?.freeTrialDays ? `${every}, ${formatCount(recurring.freeTrialDays, t.freeTrial, request.reader.locale)}` : every;
  // Time left by the worker's clock, so the script never compares `expire` with the browser's own clock.
  const left = session.expire ? Date.parse(session.expire) - now : Number.NaN;
  // Without script the status line says how to check by hand; the script puts its own words there.
  const live = open
    ? html`<p id="live" class="noprint" role="status" aria-live="polite">${t.checkByHand}</p>
<div id="checks" hidden data-api="/api/checkout/session/${encodeURIComponent(session.sessionId ?? request.path.split('/').at(-1) ?? '')}" data-path="${request.path}" data-state="${`${session.status} ${session.paymentStatus} ${session.expire}`}" data-left="${Number.isFinite(left) ? left : ''}" data-checking="${t.checking}" data-stopped="${t.stopped}" data-opening="${t.opening}" data-changed="${t.changed}"></div>`
    : '';
  // One number to quote (a reference until there is an order), never the checkout's id: the small print names that,
  // but not beside the shop's reference on a complete checkout, whose words point to one reference.
  const number = session.merchantReferenceId || session.orderId;
  return recordPage(request, {
    heading: t.yourCheckout,
    kind: t.checkout,
    number,
    serviceId: state === 'complete' && !session.orderId && number ? undefined : session.sessionId,
    notice: stateNotice(state, session, request),
    live,
    facts: [
      fact(session.orderId ? t.quoteNumber : t.quoteReference, number),
      fact(t.product, session.product?.productName),
      fact(t.billing, billing),
      fact(t.started, time(session.created, request)),
      open ? fact(t.expires, time(session.expire, request)) : '',
    ],
    money: session,
    rate: sessionRate(session),
    script: open ? PENDING_SCRIPT : undefined,
  });
}

/** The payment currency's rate against the original one, from the price list's exchange rates, when both are there. */
export function sessionRate(session: SessionView): number | undefined {
  const list = session.price?.priceList ?? [];
  const rateOf = (currency: string | null | undefined) =>
    currency ? list.find((entry) => entry.currency && sameCurrency(entry.currency, currency))?.exchangeRate : undefined;
  const from = rateOf(session.originalCurrency);
  const to = rateOf(session.paymentCurrency);
  if (typeof from !== 'number' || typeof to !== 'number' || !(from > 0) || !(to > 0)) return undefined;
  return to / from;
}
