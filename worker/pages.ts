import { signedIn } from './auth.js';
import type { Settings } from './env.js';
import { formatMoney, formatTime } from './format.js';
import { html, Html } from './html.js';
import { chooseReader, inWords } from './i18n.js';
import type { Reader } from './i18n.js';
import { lookupOrder, lookupSession, parseId } from './lookup.js';
import type { Outcome } from './lookup.js';
import { overLimit, RETRY_AFTER_SECONDS } from './rate-limit.js';
import { imageSources, withCommonHeaders } from './responses.js';
import type { Trace } from './trace.js';
import { orderView, sessionView } from './view.js';
import type { ItemView, OrderView, SessionView } from './view.js';

/** Seconds between two automatic checks of a pending checkout, and how many are made before the page stops. */
export const PENDING_REFRESH_SECONDS = 3;
export const PENDING_MAX_CHECKS = 10;

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1d232b;background:#f3f4f6}
*{box-sizing:border-box}
body{margin:0;min-height:100vh}
.bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;max-width:46rem;margin:0 auto;padding:1rem 1rem .5rem;font-size:.95rem}
.bar a{color:#2450a6;text-decoration:none;font-weight:600}
.bar a:hover,.bar a:focus-visible{text-decoration:underline}
main{max-width:46rem;margin:0 auto 2rem;padding:1.5rem 1.25rem;background:#fff;border-radius:14px;box-shadow:0 1px 3px #0001,0 8px 24px #0000000d}
.kicker{margin:0;color:#5b6472;font-size:.8rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase}
h1{font-size:1.6rem;line-height:1.25;margin:.15rem 0 .6rem;overflow-wrap:anywhere}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
p{margin:.4rem 0}
.badge{display:inline-block;padding:.15rem .7rem;border-radius:1rem;font-size:.9rem;font-weight:600;background:#eceff3;color:#374151}
.badge.ok{background:#e3f5e9;color:#11592c}
.badge.wait{background:#fff4d6;color:#7a4b00}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.75rem 1.5rem;margin:1.25rem 0;padding:1rem;border-radius:10px;background:#f7f8fa}
.facts div{min-width:0}
.facts dt{color:#5b6472;font-size:.85rem}
.facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse}
caption{text-align:left;font-weight:700;font-size:1.05rem;padding:.25rem 0 .5rem}
th{font-size:.8rem;color:#5b6472;font-weight:600;text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e5e7eb}
td{padding:.7rem .5rem;border-bottom:1px solid #eef0f3;vertical-align:middle}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;padding-right:0}
main a:not(.button){color:#2450a6}
.thumbcell{width:4.25rem;padding-left:0}
.thumb{position:relative;display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:10px;overflow:hidden;background:linear-gradient(135deg,#e8ecf3,#d6dde8);color:#5b6472;font-weight:700;font-size:1.35rem}
.thumb img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;color:transparent;font-size:0}
.thumb img::after{content:attr(data-initial);position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:linear-gradient(135deg,#e8ecf3,#d6dde8);color:#5b6472;font-size:1.35rem;font-weight:700}
.name{font-weight:600;overflow-wrap:anywhere}
.sub{color:#5b6472;font-size:.9rem}
.totals{display:grid;grid-template-columns:1fr auto;row-gap:.35rem;max-width:20rem;margin:1rem 0 0 auto}
.totals dt{color:#5b6472}
.totals dd{margin:0;padding-left:1rem;text-align:right;font-variant-numeric:tabular-nums}
.totals .grand{font-size:1.15rem;font-weight:700;color:#1d232b;padding-top:.35rem;border-top:1px solid #e5e7eb}
.totals dt.grand:first-child,.totals dt.grand:first-child+dd{border-top:0}
.notice{margin:1rem 0;padding:1rem 1.1rem;border-radius:10px;border:1px solid #f0d58c;background:#fffbeb}
.notice.done{border-color:#a7dcb9;background:#effaf3}
.notice h2{margin:0 0 .25rem}
.spinner{display:inline-block;width:.9rem;height:.9rem;margin-right:.5rem;border:2px solid #c98a00;border-right-color:transparent;border-radius:50%;vertical-align:-.1rem;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.button{display:inline-block;margin-top:.5rem;padding:.6rem 1.1rem;border:0;border-radius:8px;background:#2450a6;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button:hover,.button:focus-visible{background:#1b3f86}
.message p{max-width:36rem}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (max-width:34rem){main{border-radius:0;margin:0 0 1rem;padding:1.25rem 1rem}h1{font-size:1.35rem}.bar{padding:.75rem 1rem}.thumbcell{width:3.5rem}.thumb,.thumb img::after{width:44px;height:44px;font-size:1.1rem}}
@media print{:root{background:#fff}.bar,.notice .button,.noprint{display:none}main{box-shadow:none;border-radius:0;margin:0;padding:0;max-width:none}.facts{background:none;padding:0}.thumbcell{display:none}a{color:inherit;text-decoration:none}.spinner{display:none}}
`;

/**
 * SHA-256 of STYLE, for the Content-Security-Policy. A constant rather than computed per isolate: a promise cached
 * across requests is resolved in the first request's context, which workerd does not let other requests rely on.
 * A unit test (units.test.ts) recomputes it, so a change of STYLE without a new hash fails there.
 */
export const STYLE_HASH = 'Xxklf5Vug5P/8cHwWX9EcOB1SCuxHx5YARuA+SUm/Mk=';
export { STYLE };

export interface PageOptions {
  readonly status: number;
  readonly title: string;
  readonly body: Html;
  readonly reader: Reader;
  readonly settings?: Settings | undefined;
  readonly headers?: HeadersInit;
  /** Show the sign-out link (the reader is signed in). */
  readonly signedIn?: boolean;
  /** `<meta http-equiv="refresh">`: seconds and a same-origin path. */
  readonly refresh?: { readonly seconds: number; readonly to: string } | undefined;
  /** The page has a form posting to this site: the CSP then allows `form-action 'self'` (else `'none'`). */
  readonly form?: boolean;
  /** The addresses of the images the page shows, for `img-src` when IMAGE_HOSTS is not set. */
  readonly images?: Iterable<string | null | undefined>;
}

/** Builds a whole HTML answer. No script may run and only https images load (a strict Content-Security-Policy). */
export async function page(options: PageOptions): Promise<Response> {
  const { status, title, body, reader, settings, signedIn = false, refresh, form = false } = options;
  const shop = settings?.shopUrl;
  const bar =
    shop !== undefined || signedIn
      ? html`<nav class="bar">${shop === undefined ? html`<span></span>` : html`<a href="${shop}">← ${reader.t.backToShop}</a>`}${signedIn ? html`<a href="/sign-out">${reader.t.signOut}</a>` : ''}</nav>`
      : '';
  const document = html`<!doctype html>
<html lang="${reader.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh ? html`<meta http-equiv="refresh" content="${refresh.seconds}; url=${refresh.to}">\n` : ''}<title>${title}</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
${bar}
<main>
${body}
</main>
</body>
</html>
`;
  const response = new Response(document.value, { status, headers: options.headers ?? {} });
  response.headers.set('Content-Type', 'text/html; charset=utf-8');
  response.headers.set(
    'Content-Security-Policy',
    `default-src 'none'; img-src ${imageSources(settings, options.images)}; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action ${form ? "'self'" : "'none'"}; frame-ancestors 'none'`,
  );
  if (!response.headers.has('Content-Language')) response.headers.set('Content-Language', reader.language);
  response.headers.append('Vary', 'Accept-Language');
  return withCommonHeaders(response);
}

/** A page that says one thing, for every answer that is not a resource. */
export function messagePage(
  status: number,
  [title = '', text = '']: readonly string[],
  reader: Reader,
  settings?: Settings,
  headers: HeadersInit = {},
  extra: Html | string = '',
): Promise<Response> {
  return page({ status, title, body: html`<div class="message"><h1>${title}</h1><p>${text}</p>${extra}</div>`, reader, settings, headers });
}

/** `/`, `/orders/:id` and `/sessions/:id`, for the customer signed in by the cookie. */
export async function pageRoute(request: Request, url: URL, settings: Settings, trace: Trace): Promise<Response> {
  const { pathname } = url;
  const reader = chooseReader(request.headers.get('Accept-Language'));
  if (pathname === '/') {
    trace.route = 'home';
    return messagePage(200, reader.t.home, reader, settings);
  }
  const kind = pathname.startsWith('/orders/') ? 'order' : pathname.startsWith('/sessions/') ? 'session' : undefined;
  if (kind === undefined) return notFoundPage(reader, settings);
  trace.route = kind === 'order' ? 'page order' : 'page session';

  const subject = await signedIn(request, settings);
  if (subject === undefined) return messagePage(401, reader.t.notSignedIn, reader, settings);
  if (await overLimit(subject, settings)) {
    return messagePage(429, reader.t.tooMany, reader, settings, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  const id = parseId(pathname.slice(kind === 'order' ? '/orders/'.length : '/sessions/'.length));
  if (id === undefined) return notFoundPage(reader, settings);

  if (kind === 'order') {
    return render(await lookupOrder(id, subject, settings, trace), reader, settings, (order) => orderPage(orderView(order), reader, settings));
  }
  return render(await lookupSession(id, subject, settings, trace), reader, settings, (session) =>
    sessionPage(sessionView(session), url, reader, settings),
  );
}

function notFoundPage(reader: Reader, settings?: Settings): Promise<Response> {
  return messagePage(404, reader.t.notFound, reader, settings);
}

function render<T>(outcome: Outcome<T>, reader: Reader, settings: Settings, view: (value: T) => Promise<Response>): Promise<Response> {
  switch (outcome.kind) {
    case 'found':
      return view(outcome.value);
    case 'not-found':
      return notFoundPage(reader, settings);
    case 'failed': {
      const [title = '', text = ''] = reader.t.unavailable;
      return messagePage(outcome.status, [title, `${text} ${outcome.requestId}`], reader, settings, { 'X-Request-Id': outcome.requestId });
    }
  }
}

function orderPage(order: OrderView, reader: Reader, settings: Settings): Promise<Response> {
  const { t, locale } = reader;
  const heading = order.merchantReferenceId || t.yourOrder;
  const currency = order.paymentCurrency ?? order.originalCurrency;
  const body = html`<p class="kicker">${t.order}</p>
<h1>${heading}</h1>
${badge(order.status, reader)}
<dl class="facts">
${fact(t.orderNumber, order.orderId)}
${fact(t.placed, time(order.createTime, locale))}
${fact(t.paymentMethod, inWords(order.paymentMethod?.paymentMethodType, t))}
</dl>
${lineItems(order.priceDataList, currency, reader)}
${totals(order.amountSubtotal, order.amountTotal, currency, reader)}`;
  const images = order.priceDataList?.map((item) => item.imageUrl);
  return page({ status: 200, title: `${t.order} ${heading}`, body, reader, settings, signedIn: true, images: images ?? [] });
}

function sessionPage(session: SessionView, url: URL, reader: Reader, settings: Settings): Promise<Response> {
  const { t, locale } = reader;
  const checks = checkCount(url);
  // Reached by the pending page's own refresh, and the checkout now has its order: on to the order page.
  if (checks !== undefined && session.orderId) {
    return Promise.resolve(
      withCommonHeaders(new Response(null, { status: 303, headers: { Location: `/orders/${encodeURIComponent(session.orderId)}` } })),
    );
  }
  const pending = !session.orderId && session.status !== 'expired' && (session.status === 'open' || session.paymentStatus === 'unpaid');
  // The path asked for (its id already checked by parseId), so a record without sessionId still refreshes itself.
  const self = url.pathname;
  const done = checks !== undefined && checks >= PENDING_MAX_CHECKS;
  const heading = session.merchantReferenceId || t.yourOrder;
  const currency = session.paymentCurrency ?? session.originalCurrency;
  const recurring = session.price?.recurring;
  const every = recurring?.interval ? (t.every[recurring.interval] ?? recurring.interval) : undefined;
  const billing = every && recurring?.freeTrialDays ? `${every}, ${t.freeTrial(recurring.freeTrialDays)}` : every;
  const notice = pending
    ? html`<section class="notice" role="status" aria-live="polite">
<h2>${done ? '' : html`<span class="spinner" aria-hidden="true"></span>`}${t.pendingTitle}</h2>
<p>${done ? t.pendingSlow : t.pendingText}</p>
${done ? html`<a class="button" href="${self}?check=0">${t.checkAgain}</a>` : ''}
</section>`
    : session.orderId
      ? html`<section class="notice done" role="status">
<h2>${t.receivedTitle}</h2>
<p>${t.receivedText}</p>
<a class="button" href="/orders/${encodeURIComponent(session.orderId)}">${t.viewOrder}</a>
</section>`
      : '';
  const body = html`<p class="kicker">${t.checkout}</p>
<h1>${heading}</h1>
${notice}
<dl class="facts">
${fact(t.status, inWords(session.status, t))}
${fact(t.payment, inWords(session.paymentStatus, t))}
${fact(t.product, session.product?.productName)}
${fact(t.billing, billing)}
${fact(t.started, time(session.created, locale))}
${fact(t.expires, pending || !session.orderId ? time(session.expire, locale) : undefined)}
${session.orderId ? fact(t.orderNumber, html`<a href="/orders/${encodeURIComponent(session.orderId)}">${session.orderId}</a>`) : ''}
</dl>
${lineItems(session.priceDataList, currency, reader)}
${totals(session.amountSubtotal, session.amountTotal, currency, reader)}`;
  const refresh = pending && !done ? { seconds: PENDING_REFRESH_SECONDS, to: `${self}?check=${(checks ?? 0) + 1}` } : undefined;
  const images = session.priceDataList?.map((item) => item.imageUrl);
  return page({ status: 200, title: `${t.checkout} ${heading}`, body, reader, settings, signedIn: true, refresh, images: images ?? [] });
}

/** The pending page's counter from `?check=`, or `undefined` when the page was opened directly. */
export function checkCount(url: URL): number | undefined {
  const value = url.searchParams.get('check');
  if (value === null) return undefined;
  return /^\d{1,3}$/.test(value) ? Math.min(Number(value), PENDING_MAX_CHECKS) : 0;
}

function badge(status: string | null | undefined, reader: Reader): Html | string {
  const words = inWords(status, reader.t);
  if (words === undefined) return '';
  const tone = ['success', 'paid', 'complete'].includes(status!) ? 'ok' : ['open', 'unpaid', 'pending', 'processing'].includes(status!) ? 'wait' : '';
  return html`<p><span class="badge ${tone}">${words}</span></p>`;
}

function fact(label: string, value: Html | string | null | undefined): Html | string {
  if (value === undefined || value === null || value === '') return '';
  return html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
}

function time(value: number | string | null | undefined, locale: string): Html | undefined {
  if (value === null || value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return html`<time datetime="${date.toISOString()}">${formatTime(date, locale)}</time>`;
}

function totals(subtotal: number | null | undefined, total: number | null | undefined, currency: string | null | undefined, { t, locale }: Reader): Html {
  return html`<dl class="totals">
${typeof subtotal === 'number' && subtotal !== total ? html`<dt>${t.subtotal}</dt><dd>${formatMoney(subtotal, currency, locale)}</dd>` : ''}
<dt class="grand">${t.total}</dt><dd class="grand"><strong>${formatMoney(total, currency, locale)}</strong></dd>
</dl>`;
}

function lineItems(items: readonly ItemView[] | null | undefined, fallbackCurrency: string | null | undefined, { t, locale }: Reader): Html {
  if (!items || items.length === 0) return html``;
  const rows = items.map((item) => {
    const currency = item.currency ?? fallbackCurrency;
    const name = item.name || t.item;
    const line = typeof item.unitAmount === 'number' && typeof item.quantity === 'number' ? item.unitAmount * item.quantity : item.unitAmount;
    const each = typeof item.quantity === 'number' ? `${item.quantity} × ${formatMoney(item.unitAmount, currency, locale)}` : undefined;
    return html`<tr>
<td class="thumbcell">${thumb(name, item.imageUrl)}</td>
<td><div class="name">${name}</div>${each ? html`<div class="sub">${each}</div>` : ''}</td>
<td class="num">${formatMoney(line, currency, locale)}</td>
</tr>`;
  });
  return html`<table>
<caption>${t.items}</caption>
<thead><tr><th scope="col"><span class="sr-only">${t.item}</span></th><th scope="col">${t.item} · ${t.qty} × ${t.price}</th><th scope="col" class="num">${t.amount}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

// A tile with the item's initial, and the picture on top of it when it loads. Only https images: the page's policy
// loads nothing else, and a `javascript:` or `data:` address never gets in. An image that fails (an offline host)
// leaves the tile: `alt=""` draws no broken-image icon, and the picture is decorative (the name is in the next cell,
// WCAG H67).
function thumb(name: string, address: string | null | undefined): Html {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '·';
  const image =
    address && URL.canParse(address) && new URL(address).protocol === 'https:'
      ? html`<img src="${new URL(address).href}" alt="" data-initial="${initial}" width="56" height="56" loading="lazy" referrerpolicy="no-referrer">`
      : '';
  return html`<span class="thumb" aria-hidden="true">${initial}${image}</span>`;
}
