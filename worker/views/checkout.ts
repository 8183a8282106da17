import { html } from 'hono/html';
import { sameCurrency } from '../format.js';
import { inWords } from '../i18n/index.js';
import type { Messages, Said } from '../i18n/index.js';
import type { Markup } from '../layout.js';
import type { SessionView } from '../allow-list.js';
import type { Shopper } from './context.js';
import { backToShop, button, fact, notice, recordPage, time, timeText } from './parts.js';
import { PENDING_SCRIPT } from './pending-script.js';

/**
 * What a checkout's state means for the shopper. `confirming` only while it is open, not expired and its payment
 * is under way; `unpaid` while it is open, not expired and not paid; `expired` once its `expire` time has passed
 * (whatever its status still says) or the service says so.
 */
export type CheckoutState = 'complete' | 'confirming' | 'unpaid' | 'expired' | 'unknown';

export function checkoutState(session: SessionView, now: number): CheckoutState {
  if (session.orderId || session.status === 'complete') return 'complete';
  const expire = session.expire ? Date.parse(session.expire) : Number.NaN;
  if (session.status === 'expired' || expire <= now) return 'expired';
  if (session.status !== 'open') return 'unknown';
  return !session.paymentStatus || session.paymentStatus === 'unpaid' ? 'unpaid' : 'confirming';
}

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

// One view per state: the notice, with what it means for the shopper's money and the next step.
const VIEWS: Readonly<Record<CheckoutState, (session: SessionView, shopper: Shopper) => Markup>> = {
  complete: (session, shopper) => {
    const { t } = shopper.reader;
    if (session.orderId) return notice('ok', t.checkoutDone, '', button(orderPath(session.orderId), t.viewOrder));
    // Paid, but the service has not made the order yet: nothing to confirm or open, so check again later.
    return notice('ok', t.checkoutDoneNoOrder, '', html`${checkAgain(shopper)} ${backToShop(shopper, session.cancelUrl)}`);
  },
  confirming: (_session, shopper) => notice('wait', shopper.reader.t.confirming, '', checkAgain(shopper)),
  unpaid: (session, shopper) => {
    const until = timeText(session.expire, shopper);
    return notice(
      'wait',
      shopper.reader.t.unpaid,
      until ? shopper.reader.t.openUntil(until) : '',
      html`${backToShop(shopper, session.cancelUrl)} ${checkAgain(shopper)}`,
    );
  },
  expired: (session, shopper) => {
    const at = timeText(session.expire, shopper);
    const { t } = shopper.reader;
    return notice('stop', expiredWords(session.paymentStatus, t), at ? t.expiredAt(at) : '', backToShop(shopper, session.cancelUrl));
  },
  unknown: (session, shopper) => notice('plain', shopper.reader.t.unknownCheckout, '', backToShop(shopper, session.cancelUrl)),
};

/**
 * An expired checkout in the words its payment status calls for: only an unpaid one says nothing was charged; a
 * paid or processing one says so and tells the shopper to keep the receipt and contact the shop; any other (or
 * none) says the page cannot tell, with the same advice.
 */
function expiredWords(paymentStatus: string | null | undefined, t: Messages): Said {
  switch (paymentStatus?.toLowerCase()) {
    case 'unpaid':
      return t.expired;
    case 'paid':
      return t.expiredPaid;
    case 'processing':
      return t.expiredProcessing;
    default:
      return t.expiredUnknown;
  }
}

function checkAgain(shopper: Shopper): Markup {
  return button(`${shopper.path}?check=1`, shopper.reader.t.checkAgain);
}

/**
 * The checkout page. Reached by "Check again" (`checked`) once the checkout has its order: on to that order, which
 * then says "Payment received". Open checkouts get the background checks (PENDING_SCRIPT) and a live region.
 */
export function checkoutPage(session: SessionView, shopper: Shopper, checked: boolean, now = Date.now()): Promise<Response> {
  if (checked && session.orderId) {
    return Promise.resolve(new Response(null, { status: 303, headers: { Location: `${orderPath(session.orderId)}?from=checkout` } }));
  }
  const { t } = shopper.reader;
  const state = checkoutState(session, now);
  const open = state === 'confirming' || state === 'unpaid';
  const recurring = session.price?.recurring;
  const every = inWords(recurring?.interval, t.every);
  const billing = every && recurring?.freeTrialDays ? `${every}, ${t.freeTrial(recurring.freeTrialDays)}` : every;
  // How long this checkout stays open by the worker's clock (positive: an open one has not expired), so the script
  // can reload it when that time has passed without comparing `expire` with the browser's own clock.
  const left = session.expire ? Date.parse(session.expire) - now : Number.NaN;
  // Without script the status line says how to check by hand; the script puts its own words there.
  const live = open
    ? html`<p id="live" class="noprint" role="status" aria-live="polite">${t.checkByHand}</p>
<div id="checks" hidden data-api="/api/checkout/session/${encodeURIComponent(session.sessionId ?? shopper.path.split('/').at(-1) ?? '')}" data-path="${shopper.path}" data-state="${`${session.status} ${session.paymentStatus} ${session.expire}`}" data-left="${Number.isFinite(left) ? left : ''}" data-checking="${t.checking}" data-stopped="${t.stopped}" data-opening="${t.opening}" data-changed="${t.changed}"></div>`
    : '';
  // One number to quote: the merchant's reference, else the order's id. Never the checkout's own id, which is no
  // order number: without either, the small print names it as the payment service's reference.
  const number = session.merchantReferenceId || session.orderId;
  return recordPage(
    {
      heading: t.yourCheckout,
      kind: t.checkout,
      number,
      serviceId: session.sessionId,
      notice: VIEWS[state](session, shopper),
      live,
      facts: [
        fact(t.quoteNumber, number),
        fact(t.product, session.product?.productName),
        fact(t.billing, billing),
        fact(t.started, time(session.created, shopper)),
        open ? fact(t.expires, time(session.expire, shopper)) : '',
      ],
      money: {
        subtotal: session.amountSubtotal,
        total: session.amountTotal,
        originalCurrency: session.originalCurrency,
        paymentCurrency: session.paymentCurrency,
        rate: sessionRate(session),
        items: session.priceDataList,
      },
      script: open ? PENDING_SCRIPT : undefined,
    },
    shopper,
  );
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
