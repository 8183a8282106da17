import { html } from 'hono/html';
import { currencyName, formatCount, formatMoney, formatNumber, formatTime, minorUnit, sameCurrency } from '../format.js';
import type { TitleAndText } from '../i18n/index.js';
import type { Markup, Page } from './layout.js';
import type { ItemView, OrderView } from '../allow-list.js';
import type { PageRequest } from '../app.js';
import { isImageSource } from '../middleware/headers.js';

// Pieces the order and checkout views share.

/** What a record page shows: an order or a checkout, for the signed-in customer it belongs to. */
export interface RecordPage {
  /** The page's heading ("Your order"), and its title when the record has no number. */
  readonly heading: string;
  /** What the title calls the record before its number ("Order"). */
  readonly kind: string;
  /** The one number to quote. */
  readonly number: string | null | undefined;
  readonly serviceId: string | null | undefined;
  readonly notice: Markup;
  /** What follows the notice on a line of its own (an open checkout's live region). */
  readonly live?: Markup | string;
  readonly facts: readonly (Markup | string)[];
  readonly money: Money;
  /** Units of the payment currency per unit of the original one, when the record has it. */
  readonly rate?: number | undefined;
  readonly script?: string | undefined;
}

/** A record page; its title and printed running head are its kind and number ("Order ADA-2026-0042"), else its heading. */
export function recordPage(request: PageRequest, record: RecordPage): Page {
  const { money, number, serviceId } = record;
  const { t } = request.reader;
  // Each item's picture parsed once, for its <img> and for the page's img-src.
  const pictures = (money.priceDataList ?? []).map((item) => picture(item.imageUrl));
  // The small print names the service's own id when the number to quote is another one.
  const serviceRef = serviceId && serviceId !== number ? html`${t.serviceRef}: ${serviceId}. ` : '';
  const body = html`<h1>${record.heading}</h1>
${record.notice}
${record.live === undefined ? '' : html`${record.live}\n`}<dl class="facts">
${record.facts.map((line) => html`${line}\n`)}</dl>
${lineItems(money, pictures, request)}
${totals(money, record.rate, request)}
<p class="small">${serviceRef}${t.timesIn(request.timeZone)}</p>`;
  const title = number ? `${record.kind} ${number}` : record.heading;
  const runningHead = number ? title : undefined;
  return { status: 200, title, body, signedIn: true, images: pictures, script: record.script, runningHead };
}

/** One fact of a `<dl>`, or nothing when there is no value. */
export function fact(label: string, value: Markup | string | null | undefined): Markup | string {
  if (value === undefined || value === null || value === '') return '';
  return html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
}

/** A `<time>` in the reader's zone, or `undefined` for no or a bad date. */
export function time(value: number | string | null | undefined, request: PageRequest): Markup | undefined {
  const words = timeText(value, request);
  return words === undefined ? undefined : html`<time datetime="${new Date(value!).toISOString()}">${words}</time>`;
}

/** A time as plain words in the reader's zone (for inside a sentence), or `undefined` for no or a bad date. */
export function timeText(value: number | string | null | undefined, request: PageRequest): string | undefined {
  const date = value === null || value === undefined ? undefined : new Date(value);
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : formatTime(date, request.reader.locale, request.timeZone);
}

type Tone = 'ok' | 'wait' | 'stop' | 'plain';

/** A state's notice: its title, what it means, and the next step (a link or button); the tone is its colour only. */
export function notice(tone: Tone, [title, text]: TitleAndText, extra: Markup | string = '', next: Markup | string = ''): Markup {
  return html`<section class="notice ${tone}" aria-labelledby="state"><h2 id="state">${title}</h2><p>${text}${extra === '' ? '' : html` ${extra}`}</p>${next}</section>`;
}

/** A link styled as a button. */
export function button(href: string, words: string): Markup {
  return html`<a class="button" href="${href}">${words}</a>`;
}

/** The way back to the shop: SHOP_URL, else an http(s) address from the record (such as its cancelUrl). */
export function backToShop(request: PageRequest, fromRecord?: string | null): Markup | string {
  const shop = request.settings.shopUrl ?? (fromRecord && /^https?:\/\//i.test(fromRecord) ? URL.parse(fromRecord)?.href : undefined);
  return shop === undefined ? '' : button(shop, request.reader.t.backToShop);
}

/** The prices and subtotal are in the original currency, the total is charged in the payment currency. */
type Money = Pick<OrderView, 'amountSubtotal' | 'amountTotal' | 'originalCurrency' | 'paymentCurrency' | 'priceDataList'>;

/**
 * The subtotal, the total, and in words what differs: another currency (with the rate when known), charges or a
 * discount, items in more than one currency (never added up), items whose sum is not the subtotal (or total).
 */
function totals(money: Money, rate: number | undefined, { reader: { t, locale } }: PageRequest): Markup {
  const { amountSubtotal: subtotal, amountTotal: total } = money;
  const from = upper(money.originalCurrency ?? money.paymentCurrency);
  const to = upper(money.paymentCurrency ?? money.originalCurrency);
  const converted = from !== undefined && to !== undefined && !sameCurrency(from, to);
  const notes: string[] = [];
  if (converted) {
    notes.push(t.currencyNote(`${currencyName(from, locale)} (${from})`, `${currencyName(to, locale)} (${to})`));
    if (rate !== undefined) notes.push(t.rateNote(from, to, formatNumber(rate, locale)));
  } else if (typeof subtotal === 'number' && typeof total === 'number' && subtotal !== total) {
    notes.push(total > subtotal ? t.moreThanItems : t.lessThanItems);
  }
  const items = itemsSum(money.priceDataList, from);
  if (items?.currencies !== undefined) notes.push(t.mixedCurrencies(items.currencies.join(', ')));
  else if (items?.otherCurrency !== undefined && from !== undefined) notes.push(t.itemsInOtherCurrency(items.otherCurrency, from));
  else if (items?.sum !== undefined && from !== undefined) {
    const sum = formatMoney(items.sum, from, locale);
    if (typeof subtotal === 'number') {
      if (!withinRounding(items.sum, subtotal, items.count, from)) notes.push(t.itemsNotSubtotal(sum, formatMoney(subtotal, from, locale)));
    } else if (typeof total === 'number' && !converted && !withinRounding(items.sum, total, items.count, from)) {
      notes.push(t.itemsNotTotal(sum, formatMoney(total, to, locale)));
    }
  }
  const showSubtotal = typeof subtotal === 'number' && (converted || subtotal !== total);
  return html`<dl class="totals">
${showSubtotal ? html`<div><dt>${t.subtotal}</dt><dd>${formatMoney(subtotal, from, locale)}</dd></div>` : ''}
<div class="grand"><dt>${t.total}</dt><dd><strong>${formatMoney(total, to, locale)}</strong></dd></div>
</dl>
${notes.map((note) => html`<p class="note">${note}</p>`)}`;
}

/** The items' sum in `currency`, else the currencies they mix, else the one other currency they are all in. */
function itemsSum(items: readonly ItemView[] | null | undefined, currency: string | undefined) {
  if (!items || items.length === 0) return undefined;
  const currencies = [...new Set(items.map((item) => upper(item.currency ?? currency)).filter((code) => code !== undefined))].sort();
  if (currencies.length > 1) return { count: items.length, currencies };
  if (currencies[0] !== undefined && currency !== undefined && !sameCurrency(currencies[0], currency)) {
    return { count: items.length, otherCurrency: currencies[0] };
  }
  const lines = items.map(lineAmount);
  if (lines.includes(undefined)) return undefined;
  return { sum: lines.reduce((sum: number, line) => sum + line!, 0), count: items.length };
}

// Each line may have been rounded to the currency's smallest unit on its own: n lines may drift by n half-units.
function withinRounding(sum: number, stated: number, lines: number, currency: string): boolean {
  return Math.abs(sum - stated) <= (lines * minorUnit(currency)) / 2 + Number.EPSILON * Math.max(1, Math.abs(stated));
}

function lineAmount(item: ItemView): number | undefined {
  if (typeof item.unitAmount !== 'number' || !Number.isFinite(item.unitAmount)) return undefined;
  return typeof item.quantity === 'number' ? item.unitAmount * item.quantity : item.unitAmount;
}

function upper(code: string | null | undefined): string | undefined {
  return code ? code.toUpperCase() : undefined;
}

/** The items, each with its picture (`pictures`, by index), quantity, unit price and amount, under column headers. */
function lineItems(money: Money, pictures: readonly (URL | undefined)[], { reader: { t, locale } }: PageRequest): Markup {
  const items = money.priceDataList;
  if (!items || items.length === 0) return html``;
  const rows = items.map((item, index) => {
    const currency = upper(item.currency ?? money.originalCurrency ?? money.paymentCurrency);
    const name = item.name || t.item;
    return html`<tr>
<th scope="row"><span class="item">${thumb(name, pictures[index])}<span class="name">${name}</span></span></th>
<td class="num">${typeof item.quantity === 'number' ? formatNumber(item.quantity, locale) : ''}</td>
<td class="num">${formatMoney(item.unitAmount, currency, locale)}</td>
<td class="num">${formatMoney(lineAmount(item), currency, locale)}</td>
</tr>`;
  });
  return html`<table>
<caption>${formatCount(items.length, t.items, locale)}</caption>
<thead><tr><th scope="col">${t.item}</th><th scope="col" class="num">${t.qty}</th><th scope="col" class="num">${t.unitPrice}</th><th scope="col" class="num">${t.amount}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

/** An item's picture, when it is an https URL whose origin may enter the page's policy (which loads nothing else). */
export function picture(address: string | null | undefined): URL | undefined {
  const url = address ? URL.parse(address) : null;
  return url !== null && isImageSource(url.origin) ? url : undefined;
}

// A tile with the item's initial, and the picture on top when it loads: an image that fails leaves the tile, `alt=""`
// draws no broken-image icon, and the picture is decorative (the name is beside it, WCAG H67).
function thumb(name: string, image: URL | undefined): Markup {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '·';
  const img =
    image === undefined
      ? ''
      : html`<img src="${image.href}" alt="" data-initial="${initial}" width="56" height="56" loading="lazy" referrerpolicy="no-referrer">`;
  return html`<span class="thumb" aria-hidden="true">${initial}${img}</span>`;
}
