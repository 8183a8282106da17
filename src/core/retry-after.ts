// An HTTP-date (RFC 9110 §5.6.7) as IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT" or RFC 850 "Sunday, 06-Nov-94
// 08:49:37 GMT" (asctime is rewritten to this shape first): day, month, year, hour, minute, second. Lenient where
// nothing can be misread: the day name is not checked, and either separator goes with either year form.
const HTTP_DATE = /^[A-Z][a-z]{2,8}, ([ \d]\d)[ -]([A-Z][a-z]{2})[ -](\d\d|\d{4}) (\d\d):(\d\d):(\d\d) GMT$/;
// asctime "Sun Nov  6 08:49:37 1994", in HTTP_DATE's order: "Sun,  6 Nov 1994 08:49:37 GMT".
// Stryker disable next-line Regex: HTTP_DATE is anchored, so a rewrite of part of the text never passes it.
const ASCTIME = /^(\w{3}) (\w{3}) ([ \d]\d) (\S{8}) (\d{4})$/;
/** The longest wait a `Retry-After` is read as: 100 years of 365.25 days, beyond any date the RFC 850 form can say. */
export const MAX_RETRY_AFTER_MS = 3_155_760_000_000;
// Capitalised three-letter windows of this text start only at multiples of 3.
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/**
 * Milliseconds to wait as asked by a `Retry-After` value (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date in any
 * of its three forms (a date already past gives 0), with surrounding spaces or tabs, and at most `MAX_RETRY_AFTER_MS`
 * (delay-seconds of 400 digits are 100 years, not `Infinity`). Undefined when there is none or it
 * cannot be read, an impossible date (31 February, 24:00:00) included. Engines' Date.parse is never used: it reads
 * almost anything ("later 2" is a date in 2001 in V8) and rolls 31 February over into March.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  // Stryker disable next-line StringLiteral: any fallback that is neither a number nor a date reads the same.
  const text = (value ?? '').replace(/^[ \t]+|[ \t]+$/g, '');
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const parts = HTTP_DATE.exec(text.replace(ASCTIME, '$1, $3 $2 $5 $4 GMT'));
  if (!parts) return undefined;
  const [, day, , year, hour, minute, second] = parts.map(Number) as number[] as [number, number, number, number, number, number, number];
  const month = MONTHS.indexOf(parts[2] as string) / 3;
  // RFC 850's two-digit year: the year with those digits from 49 years back to 50 years ahead.
  const thisYear = new Date(nowMs).getUTCFullYear();
  const fullYear = (parts[3] as string).length === 2 ? thisYear + ((year - (thisYear % 100) + 149) % 100) - 49 : year;
  const at = Date.UTC(fullYear, month, day, hour, minute, second);
  // Date.UTC rolls 31 February into March and hours 24 to 99 into the next days: a date that moved did not exist.
  // Minutes and seconds can roll over within the day, so they are checked; a leap second (60) is allowed by the
  // grammar and lands on the next minute.
  if (month < 0 || new Date(at).getUTCDate() !== day || minute > 59 || second > 60) return undefined;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}
