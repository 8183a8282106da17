// Formatting for the reader: their locale (i18n.ts), the order's own currency, times in UTC (the
// edge does not know the reader's time zone, so the zone is printed).

/** An amount in its currency, such as `€12.50`; the bare number and code when the currency code is unknown. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, locale: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(locale).format(amount);
}

/** A point in time in the reader's language, in UTC with the zone shown. */
export function formatTime(date: Date | null | undefined, locale: string): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}
