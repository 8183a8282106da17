// The three HTTP-date forms a recipient must accept (RFC 9110 §5.6.7), case-sensitive as the RFC has them:
// IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT", RFC 850 "Sunday, 06-Nov-94 08:49:37 GMT", asctime "Sun Nov  6 08:49:37 1994".
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?<month>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '(?<hour>\\d\\d):(?<minute>\\d\\d):(?<second>\\d\\d)';
const DATES = [
  `${DAY}, (?<day>\\d\\d) ${MONTH} (?<year>\\d{4}) ${TIME} GMT`,
  `(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, (?<day>\\d\\d)-${MONTH}-(?<year>\\d\\d) ${TIME} GMT`,
  `${DAY} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})`,
].map((form) => new RegExp(`^${form}$`));
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/**
 * Milliseconds to wait as asked by a `Retry-After` value (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date in any
 * of its three forms (a date already past gives 0), with surrounding spaces or tabs. Undefined when there is none or it
 * cannot be read, an impossible date (31 February, 24:00:00) included. Engines' Date.parse is never used: it reads
 * almost anything ("later 2" is a date in 2001 in V8) and rolls 31 February over into March.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  const text = (value ?? '').replace(/^[ \t]+|[ \t]+$/g, '');
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  for (const form of DATES) {
    const parts = form.exec(text)?.groups;
    if (parts) {
      const at = dateOf(parts, nowMs);
      return at === undefined ? undefined : Math.max(0, at - nowMs);
    }
  }
  return undefined;
}

/** The instant of a matched HTTP-date, or undefined for a date or time that does not exist. */
function dateOf(parts: Record<string, string | undefined>, nowMs: number): number | undefined {
  const [day, year, hour, minute, second] = [parts.day, parts.year, parts.hour, parts.minute, parts.second].map(Number) as [number, number, number, number, number];
  const month = MONTHS.indexOf(parts.month ?? '') / 3;
  let fullYear = year;
  if (year < 100) {
    // RFC 850's two-digit year: the year with those digits from 49 years back to 50 years ahead (a year more than
    // 50 years ahead is read as the most recent past one).
    const thisYear = new Date(nowMs).getUTCFullYear();
    const yearsAhead = ((year - (thisYear % 100) + 149) % 100) - 49;
    fullYear = thisYear + yearsAhead;
  }
  const at = Date.UTC(fullYear, month, day, hour, minute, second);
  // Date.UTC rolls 31 February into March and 24:00 into the next day: a date that moved did not exist.
  // A leap second (60) is allowed by RFC 9110's grammar (second = 2DIGIT) and lands on the next minute.
  return new Date(at).getUTCDate() === day && hour < 24 && minute < 60 && second <= 60 ? at : undefined;
}
