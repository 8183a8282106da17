import type { Plural } from './i18n/index.js';

// `Intl` formatters are costly to build: each is kept per isolate (it holds no request's data), in a bounded cache.

const MAX_CACHED = 500;
const cache = new Map<string, unknown>();

function cached<T>(key: string, build: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    value = build();
    cache.set(key, value);
  }
  return value;
}

/** An amount in its currency, such as `€12.50`; the bare number and code (joined by a no-break space) for an unknown code. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, locale: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  const money = currency ? moneyFormat(locale, currency) : null;
  if (money !== null) return money.format(amount);
  return currency ? `${numberFormat(locale).format(amount)}\u00a0${currency}` : numberFormat(locale).format(amount);
}

/** Whether two currency codes name the same currency: ISO 4217 codes are letters, compared without regard to case. */
export function sameCurrency(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

/** The currency's smallest unit (0.01 for EUR, 1 for JPY, 0.001 for KWD); 0.01 for a code this runtime does not know. */
export function minorUnit(currency: string): number {
  const code = currency.toUpperCase();
  // Kept per code: `resolvedOptions()` builds a new object on every call.
  return cached(`unit ${code}`, () => 10 ** -(moneyFormat('en', code)?.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A plain number in the reader's locale, with up to 6 decimals (exchange rates). */
export function formatNumber(value: number, locale: string): string {
  return cached(`r ${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 })).format(value);
}

/** `count` in the words of `forms` by the reader's plural rules ("1 Tag", "5 Tage"), in the reader's digits. */
export function formatCount(count: number, forms: Plural, locale: string): string {
  const rule = cached(`p ${locale}`, () => new Intl.PluralRules(locale)).select(count);
  return (forms[rule] ?? forms.other).replace('#', formatNumber(count, locale));
}

/** A whole number of days, hours or minutes in words in the reader's language ("7 days", "12 Stunden"). */
export function formatUnit(value: number, unit: 'day' | 'hour' | 'minute', locale: string): string {
  return cached(
    `u ${locale} ${unit}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }),
  ).format(value);
}

/** A currency's name in the reader's language (`USD` → "US dollars"), or the code itself when unknown. */
export function currencyName(code: string, locale: string): string {
  try {
    return cached(`c ${locale}`, () => new Intl.DisplayNames(locale, { type: 'currency' })).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A point in time in the reader's language and time zone, with the zone shown. */
export function formatTime(date: Date | null | undefined, locale: string, timeZone = 'UTC'): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return '—';
  return timeFormat(locale, timeZone).format(date);
}

/** The IANA time zone Cloudflare places the request in, when it is one this runtime knows; else UTC. */
export function readerTimeZone(request: Request): string {
  const zone = (request as { cf?: { timezone?: unknown } }).cf?.timezone;
  if (typeof zone !== 'string' || zone === '' || zone.length > 64) return 'UTC';
  try {
    timeFormat('en', zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

const TIME = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } as const;

function timeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  return cached(`t ${locale} ${timeZone}`, () => new Intl.DateTimeFormat(locale, { ...TIME, timeZone }));
}

function numberFormat(locale: string): Intl.NumberFormat {
  return cached(`n ${locale}`, () => new Intl.NumberFormat(locale));
}

function moneyFormat(locale: string, code: string): Intl.NumberFormat | null {
  const currency = code.toUpperCase();
  // An unknown code (`XYZ1`) makes the constructor throw: remembered as `null`, so it is not retried per request.
  return cached(`m ${locale} ${currency}`, () => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      return null;
    }
  });
}
