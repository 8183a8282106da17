import type { CheckoutSession, Order, PriceDataItem } from 'checkout-lookup';
import { verifyToken } from './auth.js';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import type { Settings } from './env.js';
import { formatMoney, formatTime, readerLocale } from './format.js';
import { html, Html } from './html.js';
import { lookupOrder, lookupSession, parseId } from './lookup.js';
import type { Outcome } from './lookup.js';
import { overLimit, RETRY_AFTER_SECONDS } from './rate-limit.js';
import { withCommonHeaders } from './responses.js';

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{margin:0 auto;max-width:44rem;padding:1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
.status{display:inline-block;padding:.1rem .6rem;border-radius:1rem;background:#e7f5ec;color:#11592c;font-weight:600}
table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{padding:.5rem;border-bottom:1px solid #8884;text-align:left;vertical-align:middle}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
img{width:48px;height:48px;object-fit:cover;border-radius:6px;background:#8882}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0}
.muted{color:#666}
`;

/** Builds a whole HTML answer. No script may run and only https images load (a strict Content-Security-Policy). */
export async function page(status: number, title: string, body: Html, locale = 'en', headers: HeadersInit = {}): Promise<Response> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(STYLE));
  const styleHash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  const document = html`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
  const response = new Response(document.value, { status, headers });
  response.headers.set('Content-Type', 'text/html; charset=utf-8');
  response.headers.set(
    'Content-Security-Policy',
    `default-src 'none'; img-src https:; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return withCommonHeaders(response);
}

/** A page that says one thing, for every answer that is not a resource. */
export function messagePage(status: number, title: string, text: string, headers: HeadersInit = {}): Promise<Response> {
  return page(status, title, html`<h1>${title}</h1><p>${text}</p>`, 'en', headers);
}

/** `/`, `/orders/:id` and `/sessions/:id`, for the customer signed in by the cookie. */
export async function pageRoute(request: Request, url: URL, settings: Settings): Promise<Response> {
  const { pathname } = url;
  if (pathname === '/') {
    return messagePage(200, 'Your orders', 'Open the link to an order or a checkout from the shop to see it here.');
  }
  const kind = pathname.startsWith('/orders/') ? 'order' : pathname.startsWith('/sessions/') ? 'session' : undefined;
  if (kind === undefined) return notFoundPage();

  const token = readCookie(request, SESSION_COOKIE);
  const subject = token ? await verifyToken(token, settings) : undefined;
  if (subject === undefined) {
    return messagePage(401, 'Not signed in', 'You are not signed in, or your sign-in has expired. Open the link from the shop again.');
  }
  if (await overLimit(subject, settings)) {
    return messagePage(429, 'Too many requests', 'Please wait a minute and reload.', { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  const id = parseId(pathname.slice(kind === 'order' ? '/orders/'.length : '/sessions/'.length));
  if (id === undefined) return notFoundPage();

  const locale = readerLocale(request);
  return kind === 'order'
    ? render(await lookupOrder(id, subject, settings), (order) => page(200, `Order ${order.orderId ?? ''}`, orderView(order, locale), locale))
    : render(await lookupSession(id, subject, settings), (session) =>
        page(200, `Checkout ${session.sessionId ?? ''}`, sessionView(session, locale), locale),
      );
}

function notFoundPage(): Promise<Response> {
  return messagePage(404, 'Not found', 'There is nothing here for you. Check the link, or sign in again from the shop.');
}

function render<T>(outcome: Outcome<T>, view: (value: T) => Promise<Response>): Promise<Response> {
  switch (outcome.kind) {
    case 'found':
      return view(outcome.value);
    case 'not-found':
      return notFoundPage();
    case 'failed':
      return messagePage(
        outcome.status,
        'Temporarily unavailable',
        `The order service could not be reached. Please try again shortly. Reference: ${outcome.requestId}`,
        { 'X-Request-Id': outcome.requestId },
      );
  }
}

function orderView(order: Order, locale: string): Html {
  const currency = order.paymentCurrency ?? order.originalCurrency;
  return html`<h1>Order <span class="muted">${order.orderId}</span></h1>
<p>Status: <span class="status">${order.status ?? 'unknown'}</span></p>
<dl>
<dt>Placed</dt><dd>${time(order.createTime, locale)}</dd>
${order.paymentMethod?.paymentMethodType ? html`<dt>Paid by</dt><dd>${order.paymentMethod.paymentMethodType}</dd>` : ''}
${order.merchantReferenceId ? html`<dt>Reference</dt><dd>${order.merchantReferenceId}</dd>` : ''}
</dl>
${lineItems(order.priceDataList, currency, locale)}
<dl>
<dt>Subtotal</dt><dd>${formatMoney(order.amountSubtotal, currency, locale)}</dd>
<dt>Total</dt><dd><strong>${formatMoney(order.amountTotal, currency, locale)}</strong></dd>
</dl>`;
}

function sessionView(session: CheckoutSession, locale: string): Html {
  const currency = session.paymentCurrency ?? session.originalCurrency;
  const recurring = session.price?.recurring;
  return html`<h1>Checkout <span class="muted">${session.sessionId}</span></h1>
<p>Status: <span class="status">${session.status ?? 'unknown'}</span> · Payment: <span class="status">${session.paymentStatus ?? 'unknown'}</span></p>
<dl>
${session.product?.productName ? html`<dt>Product</dt><dd>${session.product.productName}</dd>` : ''}
${recurring?.interval ? html`<dt>Billed</dt><dd>every ${recurring.interval}${recurring.freeTrialDays ? html`, ${recurring.freeTrialDays}-day free trial` : ''}</dd>` : ''}
<dt>Started</dt><dd>${time(session.created, locale)}</dd>
<dt>Expires</dt><dd>${time(session.expire, locale)}</dd>
${session.orderId ? html`<dt>Order</dt><dd><a href="/orders/${encodeURIComponent(session.orderId)}">${session.orderId}</a></dd>` : ''}
</dl>
${lineItems(session.priceDataList, currency, locale)}
<dl>
<dt>Subtotal</dt><dd>${formatMoney(session.amountSubtotal, currency, locale)}</dd>
<dt>Total</dt><dd><strong>${formatMoney(session.amountTotal, currency, locale)}</strong></dd>
</dl>`;
}

function time(date: Date | null | undefined, locale: string): Html {
  if (!(date instanceof Date)) return html`—`;
  return html`<time datetime="${date.toISOString()}">${formatTime(date, locale)}</time>`;
}

function lineItems(items: readonly PriceDataItem[] | null | undefined, fallbackCurrency: string | null | undefined, locale: string): Html {
  if (!items || items.length === 0) return html``;
  const rows = items.map((item) => {
    const currency = item.currency ?? fallbackCurrency;
    const line = typeof item.unitAmount === 'number' && typeof item.quantity === 'number' ? item.unitAmount * item.quantity : undefined;
    return html`<tr>
<td>${image(item.imageUrl)}</td>
<td>${item.name ?? 'Item'}</td>
<td class="num">${item.quantity ?? '—'}</td>
<td class="num">${formatMoney(item.unitAmount, currency, locale)}</td>
<td class="num">${formatMoney(line, currency, locale)}</td>
</tr>`;
  });
  return html`<table>
<caption class="muted">Items</caption>
<thead><tr><th scope="col"><span class="muted">Image</span></th><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

// Only https images: the page's policy loads nothing else, and a `javascript:` or `data:` address never gets in.
function image(address: string | null | undefined): Html {
  if (!address || !URL.canParse(address) || new URL(address).protocol !== 'https:') return html``;
  // Decorative: the item's name is in the next cell, so screen readers skip the picture (WCAG H67).
  return html`<img src="${new URL(address).href}" alt="" width="48" height="48" loading="lazy" referrerpolicy="no-referrer">`;
}
