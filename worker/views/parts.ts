import { currencyName, formatMoney, formatNumber, formatTime } from '../format.js';
import { html } from '../html.js';
import type { Html } from '../html.js';
import type { ItemView } from '../allow-list.js';
import type { Shopper } from './context.js';

// Pieces the order and checkout views share: facts, times, the item table, the totals with their currency notes,
// the state notice and the small print.

/** One fact of a `<dl>`, or nothing when there is no value. */
export function fact(label: string, value: Html | string | null | undefined): Html | string {
  if (value === undefined || value === null || value === '') return '';
  return html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
}

/** A `<time>` in the shopper's zone, or `undefined` for no or a bad date. */
export function time(value: number | string | null | undefined, shopper: Shopper): Html | undefined {
  if (value === null || value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return html`<time datetime="${date.toISOString()}">${formatTime(date, shopper.reader.locale, shopper.timeZone)}</time>`;
}

/** A time as plain words in the shopper's zone (for inside a sentence), or `undefined`. */
export function timeText(value: number | string | null | undefined, shopper: Shopper): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : formatTime(date, shopper.reader.locale, shopper.timeZone);
}

/** The tone of a notice: its colour only; the words say the same. */
export type Tone = 'ok' | 'wait' | 'stop' | 'plain';

/** A state's notice: its title, what it means, and the next step (a link or button). */
export function notice(tone: Tone, [title, text]: readonly [string, string], extra: Html | string = '', next: Html | string = ''): Html {
  return html`<section class="notice ${tone}" aria-labelledby="state"><h2 id="state">${title}</h2><p>${text}${extra === '' ? '' : html` ${extra}`}</p>${next}</section>`;
}

/** A link styled as a button. */
export function button(href: string, words: string): Html {
  return html`<a class="button" href="${href}">${words}</a>`;
}

/** The way back to the shop: SHOP_URL, else an http(s) address from the record (such as its cancelUrl). */
export function backToShop(shopper: Shopper, fromRecord?: string | null): Html | string {
  const shop =
    shopper.settings.shopUrl ?? (fromRecord && /^https?:\/\//i.test(fromRecord) && URL.canParse(fromRecord) ? new URL(fromRecord).href : undefined);
  return shop === undefined ? '' : button(shop, shopper.reader.t.backToShop);
}

/** The small print: the service's own id (when the number to quote is another one) and the time zone. */
export function smallPrint(serviceId: string | null | undefined, quoted: string | null | undefined, shopper: Shopper): Html {
  const { t } = shopper.reader;
  const id = serviceId && serviceId !== quoted ? html`${t.serviceRef}: ${serviceId}. ` : '';
  return html`<p class="small">${id}${t.timesIn(shopper.timeZone)}</p>`;
}

export interface Money {
  readonly subtotal: number | null | undefined;
  readonly total: number | null | undefined;
  /** The currency of the prices and the subtotal. */
  readonly originalCurrency: string | null | undefined;
  /** The currency the total is charged in. */
  readonly paymentCurrency: string | null | undefined;
  /** Units of the payment currency per unit of the original one, when the record has it. */
  readonly rate?: number | undefined;
}

/**
 * The subtotal in the original currency, the total in the payment currency, and in words what differs: another
 * currency (with the rate when known), or charges or a discount beyond the items.
 */
export function totals(money: Money, { reader: { t, locale } }: Shopper): Html {
  const from = money.originalCurrency ?? money.paymentCurrency;
  const to = money.paymentCurrency ?? money.originalCurrency;
  const converted = Boolean(from && to && from !== to);
  const showSubtotal = typeof money.subtotal === 'number' && (converted || money.subtotal !== money.total);
  const notes: string[] = [];
  if (converted) {
    notes.push(t.currencyNote(`${currencyName(from!, locale)} (${from})`, `${currencyName(to!, locale)} (${to})`));
    if (money.rate !== undefined) notes.push(t.rateNote(from!, to!, formatNumber(money.rate, locale)));
  } else if (typeof money.subtotal === 'number' && typeof money.total === 'number' && money.subtotal !== money.total) {
    notes.push(money.total > money.subtotal ? t.moreThanItems : t.lessThanItems);
  }
  return html`<dl class="totals">
${showSubtotal ? html`<dt>${t.subtotal}</dt><dd>${formatMoney(money.subtotal, from, locale)}</dd>` : ''}
<dt class="grand">${t.total}</dt><dd class="grand"><strong>${formatMoney(money.total, to, locale)}</strong></dd>
</dl>
${notes.map((note) => html`<p class="note">${note}</p>`)}`;
}

/** The items: name (with its picture), quantity, unit price and amount, each under its own column header. */
export function lineItems(
  items: readonly ItemView[] | null | undefined,
  fallbackCurrency: string | null | undefined,
  { reader: { t, locale } }: Shopper,
): Html {
  if (!items || items.length === 0) return html``;
  const rows = items.map((item) => {
    const currency = item.currency ?? fallbackCurrency;
    const name = item.name || t.item;
    const line = typeof item.unitAmount === 'number' && typeof item.quantity === 'number' ? item.unitAmount * item.quantity : item.unitAmount;
    return html`<tr>
<th scope="row"><span class="item">${thumb(name, item.imageUrl)}<span class="name">${name}</span></span></th>
<td class="num">${typeof item.quantity === 'number' ? formatNumber(item.quantity, locale) : ''}</td>
<td class="num">${formatMoney(item.unitAmount, currency, locale)}</td>
<td class="num">${formatMoney(line, currency, locale)}</td>
</tr>`;
  });
  return html`<table>
<caption>${t.items}</caption>
<thead><tr><th scope="col">${t.item}</th><th scope="col" class="num">${t.qty}</th><th scope="col" class="num">${t.unitPrice}</th><th scope="col" class="num">${t.amount}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

/** The image addresses of the items, for the page's `img-src`. */
export function images(items: readonly ItemView[] | null | undefined): (string | null | undefined)[] {
  return (items ?? []).map((item) => item.imageUrl);
}

// A tile with the item's initial, and the picture on top of it when it loads. Only https images: the page's policy
// loads nothing else, and a `javascript:` or `data:` address never gets in. An image that fails (an offline host)
// leaves the tile: `alt=""` draws no broken-image icon, and the picture is decorative (the name is beside it,
// WCAG H67).
function thumb(name: string, address: string | null | undefined): Html {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '·';
  const image =
    address && URL.canParse(address) && new URL(address).protocol === 'https:'
      ? html`<img src="${new URL(address).href}" alt="" data-initial="${initial}" width="56" height="56" loading="lazy" referrerpolicy="no-referrer">`
      : '';
  return html`<span class="thumb" aria-hidden="true">${initial}${image}</span>`;
}
