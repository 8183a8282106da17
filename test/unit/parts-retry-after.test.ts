import { describe, expect, test } from 'vitest';
import { parseRetryAfter } from '../../src/core/retry-after.js';

const NOW = Date.parse('2026-11-22T00:00:00Z');

describe('parseRetryAfter', () => {
  test('reads delay-seconds as milliseconds, 0 included', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
  });

  test('allows spaces and tabs around the value, as a field value may carry them', () => {
    expect(parseRetryAfter('2 ', NOW)).toBe(2000);
    expect(parseRetryAfter(' \t2\t ', NOW)).toBe(2000);
    expect(parseRetryAfter('  Sun, 22 Nov 2026 00:00:03 GMT\t', NOW)).toBe(3000);
  });

  test('gives undefined for no header and for what is not delay-seconds or an HTTP-date', () => {
    for (const value of [null, '', ' ', 'later 2', '1.5', '-1', '+1', '0x10', '1e3', '2 GMT', '2 2', '\n2', '2\n', '\u00a02'])
      expect(parseRetryAfter(value, NOW), JSON.stringify(value)).toBeUndefined();
  });

  test('reads an IMF-fixdate as the time until it', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:03 GMT', NOW)).toBe(3000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 01:02:03 GMT', NOW)).toBe(((25 * 60 + 2) * 60 + 3) * 1000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:00 GMT', NOW)).toBe(0);
  });

  test('reads every month name', () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    months.forEach((month, index) => {
      const at = Date.UTC(2027, index, 1);
      expect(parseRetryAfter(`Mon, 01 ${month} 2027 00:00:00 GMT`, NOW)).toBe(at - NOW);
    });
  });

  test('reads the RFC 850 form, its two-digit year at most 50 years ahead', () => {
    expect(parseRetryAfter('Sunday, 22-Nov-26 00:00:03 GMT', NOW)).toBe(3000);
    expect(parseRetryAfter('Wednesday, 22-Nov-76 00:00:00 GMT', NOW)).toBe(Date.UTC(2076, 10, 22) - NOW);
    // 2077 would be more than 50 years ahead of 2026: 1977, long past.
    expect(parseRetryAfter('Monday, 22-Nov-77 00:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(0);
    const near = Date.UTC(2099, 0, 1);
    expect(parseRetryAfter('Thursday, 01-Jan-00 00:00:00 GMT', near)).toBe(Date.UTC(2100, 0, 1) - near);
  });

  test('reads the asctime form, with a space-padded day', () => {
    expect(parseRetryAfter('Sun Nov 22 00:00:03 2026', NOW)).toBe(3000);
    expect(parseRetryAfter('Mon Dec  7 00:00:00 2026', NOW)).toBe(Date.UTC(2026, 11, 7) - NOW);
  });

  test('gives 0 for a date already past', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 23:59:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(0);
  });

  test('refuses dates and times that do not exist instead of rolling them over', () => {
    for (const value of [
      'Sat, 31 Feb 2027 00:00:00 GMT',
      'Sun, 00 Nov 2026 00:00:00 GMT',
      'Sun, 22 Nov 2026 24:00:00 GMT',
      'Sun, 22 Nov 2026 00:60:00 GMT',
      'Sun, 22 Nov 2026 00:00:61 GMT',
      'Wednesday, 31-Feb-27 00:00:00 GMT',
      'Wed Feb 31 00:00:00 2027',
      'Thu Feb 29 00:00:00 2027',
    ])
      expect(parseRetryAfter(value, NOW), value).toBeUndefined();
    // 2028 is a leap year.
    expect(parseRetryAfter('Tue, 29 Feb 2028 00:00:00 GMT', NOW)).toBe(Date.UTC(2028, 1, 29) - NOW);
  });

  test('accepts a leap second, which the grammar allows', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:60 GMT', NOW)).toBe(60_000);
  });

  test('refuses near-misses of each form', () => {
    for (const value of [
      'Sun, 22 Nov 2026 00:00:03 GMT junk',
      'junk Sun, 22 Nov 2026 00:00:03 GMT',
      'Sun, 22 Nov 2026 00:00:03 GMT+0100',
      'Sun, 22 Nov 2026 00:00:03 UTC',
      'sun, 22 nov 2026 00:00:03 gmt',
      'Sunday, 22-Nov-26 00:00:03',
      'Sun Nov 22 00:00:03 2026 GMT',
      'Sun Nov 22 00:00:03 26',
      'Sun, 22 Foo 2026 00:00:03 GMT',
      'Sun, 22 Nov 2026 0:00:03 GMT',
      'Sun Nov 22 0:00:003 2026',
      'Sun Nov 22 00-00-03 2026',
      'Sun Nov 2 00:00:03 2026',
      'Sun Nov 22 00:00:03  2026',
    ])
      expect(parseRetryAfter(value, NOW), value).toBeUndefined();
  });

  test('is lenient where nothing can be misread: any day name, either separator with either year form', () => {
    expect(parseRetryAfter('Sunday, 22 Nov 2026 00:00:03 GMT', NOW)).toBe(3000);
    expect(parseRetryAfter('Sun, 22-Nov-26 00:00:03 GMT', NOW)).toBe(3000);
    expect(parseRetryAfter('Sun, 22 Nov 26 00:00:03 GMT', NOW)).toBe(3000);
    expect(parseRetryAfter('Mon, 22-Nov-2026 00:00:03 GMT', NOW)).toBe(3000);
    expect(parseRetryAfter('Sun,  6 Dec 2026 00:00:00 GMT', NOW)).toBe(Date.UTC(2026, 11, 6) - NOW);
    for (const value of ['S, 22 Nov 2026 00:00:03 GMT', 'Sundayyyyy, 22 Nov 2026 00:00:03 GMT', 'Sun, 22 Nov 202 00:00:03 GMT', 'Sun, 22 Nov 20266 00:00:03 GMT', 'Sun, 22 NOV 2026 00:00:03 GMT', 'Sun, 22_Nov_2026 00:00:03 GMT'])
      expect(parseRetryAfter(value, NOW), value).toBeUndefined();
  });

  test('reads a four-digit year as it is, never as a two-digit one', () => {
    expect(parseRetryAfter('Sun, 22 Nov 0026 00:00:03 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Sun Nov 22 00:00:03 0026', NOW)).toBe(0);
  });

  test('accepts each day name in each form', () => {
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      expect(parseRetryAfter(`${day}, 22 Nov 2026 00:00:03 GMT`, NOW)).toBe(3000);
      expect(parseRetryAfter(`${day} Nov 22 00:00:03 2026`, NOW)).toBe(3000);
    }
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      expect(parseRetryAfter(`${day}, 22-Nov-26 00:00:03 GMT`, NOW)).toBe(3000);
  });
});
