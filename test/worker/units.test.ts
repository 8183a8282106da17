import type { CheckoutSession, Order } from 'checkout-lookup';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bearerToken, isCompactJws, newSignIn, plannedSignIn } from '../../worker/sign-in/tokens.js';
import { readSettings } from '../../worker/settings.js';
import { chooseReader, inWords } from '../../worker/i18n/index.js';
import { parseId } from '../../worker/lookup.js';
import { currencyName, formatMoney, formatTime, readerTimeZone } from '../../worker/format.js';
import { fromThisSite, sameOriginPath } from '../../worker/sign-in/same-origin.js';
import { orderView, sessionView } from '../../worker/allow-list.js';
import type { SessionView } from '../../worker/allow-list.js';
import { checkoutState, sessionRate } from '../../worker/views/checkout.js';
import { orderState } from '../../worker/views/order.js';

// The worker's pure functions, one by one.

// parseId reads the route's `:id` as the router decoded it; the raw paths (`%2F`, `%2e%2e`, bad escapes) are sent
// through the whole worker in api.test.ts and workerd.test.ts.
describe('parseId', () => {
  test.each([
    ['ord_ada_1', 'ord_ada_1'],
    ['ord:ada.1', 'ord:ada.1'],
    ['a'.repeat(128), 'a'.repeat(128)],
  ])('%s is the id %s', (param, id) => {
    expect(parseId(param)).toBe(id);
  });

  test.each(['', '.', '..', 'a/b', '%ZZ', '%2e%2e', '\u0000', '_x', '-x', 'a b', 'a'.repeat(129), 'é', 'ord<1>'])('%j is not an id', (param) => {
    expect(parseId(param)).toBeUndefined();
  });
});

describe('bearerToken', () => {
  const request = (value?: string) => new Request('https://w.test/', value === undefined ? {} : { headers: { Authorization: value } });
  test('absent header: undefined; other forms: empty string; Bearer: the token', () => {
    expect(bearerToken(request())).toBeUndefined();
    expect(bearerToken(request('Bearer a.b.c'))).toBe('a.b.c');
    expect(bearerToken(request('bearer   a.b.c'))).toBe('a.b.c');
    for (const value of ['Basic a.b.c', 'Bearer', 'Bearer a.b.c d', 'a.b.c', 'Bearer a,b']) expect(bearerToken(request(value))).toBe('');
  });
});

describe('isCompactJws', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.dGVzdHNpZ25hdHVyZXRlc3RzaWduYXR1cmV0ZXN0c2lnbmE';
  test('three canonical base64url parts: yes', () => {
    expect(isCompactJws(token)).toBe(true);
  });
  test.each([
    ['padding', `${token}=`],
    ['two parts', token.split('.').slice(0, 2).join('.')],
    ['four parts', `${token}.AA`],
    ['an empty part', token.replace('.', '..')],
    ['a space', token.replace('.', ' .')],
    ['a CR', token.replace('.', '\r.')],
    ['an LF', token.replace('.', '\n.')],
    ['a plus', token.replace('e', '+')],
    ['a slash', token.replace('e', '/')],
    ['a part of length 4n+1', 'AA.AA.AAAAA'],
    ['non-zero padding bits (length 4n+2)', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.AB'],
    ['non-zero padding bits (length 4n+3)', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.AAB'],
    ['over 8 KiB', `${token}${'A'.repeat(8192)}`],
  ])('%s: no', (_name, value) => {
    expect(isCompactJws(value)).toBe(false);
  });
  test('canonical endings are accepted: AA, AAE, AQ', () => {
    for (const part of ['AA', 'AAE', 'AQ', 'AAAA', 'AAAAAw']) expect(isCompactJws(`AA.AA.${part}`)).toBe(true);
  });
  test('every canonical encoding of random bytes is accepted, and no other spelling of the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (bytes) => {
        const part = Buffer.from(bytes).toString('base64url');
        expect(isCompactJws(`${part}.${part}.${part}`)).toBe(true);
        const rest = part.length % 4;
        if (rest === 0) return;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const last = alphabet.indexOf(part.at(-1)!);
        const other = `${part.slice(0, -1)}${alphabet[last ^ 1]}`;
        // Node's decoder reads the same bytes from the changed spelling: exactly what must not pass.
        expect(Buffer.from(other, 'base64url')).toEqual(Buffer.from(bytes));
        expect(isCompactJws(`${part}.${part}.${other}`)).toBe(false);
      }),
    );
  });
});

describe('plannedSignIn', () => {
  const read = readSettings({ API_BASE_URL: 'https://checkout.invalid', API_KEY: 'sk_test', AUTH_SECRET: 'x'.repeat(32) });
  if (!('settings' in read)) throw new Error(read.problem);
  const { settings } = read;

  test("tells the length and expiry of newSignIn's token without signing it", async () => {
    const ids = fc.oneof(
      fc.string({ minLength: 1 }),
      fc.string({ unit: 'grapheme', minLength: 1 }),
      fc.constantFrom('cus_ada', 'a"b\\c', '\u2028', '\u0000'),
    );
    await fc.assert(
      fc.asyncProperty(
        ids,
        fc.integer({ min: 1_600_000_000_000, max: 4_000_000_000_000 }),
        fc.integer({ min: -60, max: 10 ** 9 }),
        async (id, now, life) => {
          const customer = { id, expires: Math.floor(now / 1000) + life };
          const made = await newSignIn(customer, settings, now);
          expect(plannedSignIn(customer, settings, now)).toEqual({ expires: made.expires, length: made.token.length });
        },
      ),
    );
  });
});

describe('sameOriginPath (the next check)', () => {
  const url = new URL('https://orders.shop.test/sign-in');
  test.each([
    ['/', '/'],
    ['/orders/ord_1', '/orders/ord_1'],
    ['/sessions/cs_1?tab=items#total', '/sessions/cs_1?tab=items#total'],
    ['/a/../orders/x', '/orders/x'],
  ])('%j is %j', (next, path) => {
    expect(sameOriginPath(next, url)).toBe(path);
  });
  test.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil',
    '/.//evil',
    '/%2e//evil',
    '/a/..//evil',
    'https://evil.example',
    'javascript:alert(1)',
    '/\t/evil',
    ' /x',
    'x',
    '',
  ])('%j is refused', (next) => {
    expect(sameOriginPath(next, url)).toBeUndefined();
  });
  test('whatever is accepted stays on this origin when a browser resolves it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (next) => {
        const path = sameOriginPath(next, url);
        if (path !== undefined) expect(new URL(path, url).origin).toBe(url.origin);
      }),
    );
  });
});

describe('fromThisSite', () => {
  const url = new URL('https://orders.shop.test/sign-in');
  const request = (headers: Record<string, string>) => new Request(url, { method: 'POST', headers });
  test('Origin decides when sent; else Sec-Fetch-Site must be same-origin', () => {
    expect(fromThisSite(request({ Origin: 'https://orders.shop.test' }), url)).toBe(true);
    expect(fromThisSite(request({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' }), url)).toBe(false);
    expect(fromThisSite(request({ Origin: 'null' }), url)).toBe(false);
    // What Chromium sends for a form on a page with Referrer-Policy: no-referrer.
    expect(fromThisSite(request({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }), url)).toBe(true);
    expect(fromThisSite(request({ Origin: 'https://orders.shop.test', 'Sec-Fetch-Site': 'cross-site' }), url)).toBe(false);
    expect(fromThisSite(request({ 'Sec-Fetch-Site': 'same-origin' }), url)).toBe(true);
    expect(fromThisSite(request({ 'Sec-Fetch-Site': 'same-site' }), url)).toBe(false);
    expect(fromThisSite(request({}), url)).toBe(false);
  });
});

describe('the allow-list views', () => {
  const order = {
    orderId: 'o',
    merchantReferenceId: 'r',
    invoiceId: 'i',
    customerId: 'c',
    createTime: new Date(1_795_010_851_412),
    productId: 'p',
    priceId: 'pr',
    priceDataList: [{ name: 'n', unitAmount: 1.5, quantity: 2, currency: 'EUR', imageUrl: 'https://x/y.jpg' }],
    paymentMethod: { paymentMethodType: 'CARD', paymentInstrumentId: 'pi' },
    amountSubtotal: 3,
    amountTotal: 3.5,
    paymentCurrency: 'EUR',
    originalCurrency: 'USD',
    status: 'success',
    sessionId: 's',
    metadata: { a: 1 },
  } as Order;

  test('an order: every documented field but the instrument and metadata, createTime in ms', () => {
    const { metadata: _m, paymentMethod: _p, createTime: _c, ...rest } = order;
    expect(orderView(order)).toEqual({ ...rest, createTime: 1_795_010_851_412, paymentMethod: { paymentMethodType: 'CARD' } });
  });

  test('absent stays absent and null stays null', () => {
    expect(orderView({ orderId: 'o', paymentMethod: null, createTime: null, priceDataList: null } as Order)).toEqual({
      orderId: 'o',
      paymentMethod: null,
      createTime: null,
      priceDataList: null,
    });
    expect(sessionView({ sessionId: 's', price: { recurring: null }, customer: null } as CheckoutSession)).toEqual({
      sessionId: 's',
      price: { recurring: null },
      customer: null,
    });
  });

  test('no undocumented key survives at any depth, whatever its name or value', () => {
    const extra = fc.dictionary(
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter(
          (key) =>
            !/^(name|unitAmount|quantity|currency|imageUrl|paymentMethodType|customerId|email|productId|productName|priceId|amount|exchangeRate|freeTrialDays|interval)$/.test(
              key,
            ),
        ),
      fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object()),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(extra, extra, extra, (top, nested, item) => {
        const view = orderView({
          ...top,
          ...order,
          paymentMethod: { ...nested, ...order.paymentMethod! },
          priceDataList: [{ ...item, ...order.priceDataList![0]! }],
        } as Order);
        expect(view).toEqual(orderView(order));
        const session = sessionView({
          ...top,
          sessionId: 's',
          customer: { ...nested, customerId: 'c' },
          price: { ...nested, priceId: 'p', priceList: [{ ...item, amount: 1 }], recurring: { ...item, interval: 'week' } },
          product: { ...nested, productName: 'x' },
        } as CheckoutSession);
        expect(session).toEqual({
          sessionId: 's',
          customer: { customerId: 'c' },
          price: { priceId: 'p', priceList: [{ amount: 1 }], recurring: { interval: 'week' } },
          product: { productName: 'x' },
        });
      }),
    );
  });

  test('a documented field holding an object instead of a value is dropped, not passed on', () => {
    expect(orderView({ orderId: { secret: 1 }, status: ['x'] } as unknown as Order)).toEqual({});
  });
});

describe('chooseReader', () => {
  test.each([
    [null, 'en', 'en'],
    ['', 'en', 'en'],
    ['de-DE,de;q=0.9', 'de', 'de-DE'],
    ['fr', 'fr', 'fr'],
    ['es-MX', 'es', 'es-MX'],
    ['ja, zh;q=0.8', 'en', 'en'],
    ['ja, es;q=0.2, fr;q=0.3', 'fr', 'fr'],
    ['de;q=0, fr;q=0.1', 'fr', 'fr'],
    ['EN-gb', 'en', 'en-GB'],
    ['*;q=1, de;q=0.5', 'de', 'de'],
    ['no-such_tag!!, es', 'es', 'es'],
  ])('%j: %s (%s)', (header, language, locale) => {
    const reader = chooseReader(header);
    expect(reader.language).toBe(language);
    expect(reader.locale).toBe(locale);
  });
});

describe('inWords', () => {
  test('known values in words; unknown ones, inherited names and nothing: undefined, never the raw value', () => {
    const { t } = chooseReader('de');
    expect(inWords('CARD', t.methods)).toBe('Karte');
    expect(inWords('PAYPAL', t.methods)).toBe('PayPal');
    expect(inWords('week', t.every)).toBe('wöchentlich');
    expect(inWords('WIRE_XYZ', t.methods)).toBeUndefined();
    expect(inWords('toString', t.methods)).toBeUndefined();
    expect(inWords(null, t.methods)).toBeUndefined();
    expect(inWords('', t.methods)).toBeUndefined();
  });
});

describe('formatMoney', () => {
  test.each([
    [12800, 'JPY', 'en', '¥12,800'],
    [12800, 'JPY', 'de', '12.800 ¥'],
    [12800, 'JPY', 'fr', '12 800 JPY'],
    [12800, 'JPY', 'es', '12.800 JPY'],
    [12.345, 'KWD', 'en', 'KWD 12.345'],
    [12.345, 'KWD', 'de', '12,345 KWD'],
    [12.345, 'KWD', 'fr', '12,345 KWD'],
    [12.345, 'KWD', 'es', '12,345 KWD'],
    [89.9, 'USD', 'en', '$89.90'],
    [71.17, 'GBP', 'de', '71,17 £'],
  ])('%s %s in %s: %s (the currency’s own decimals)', (amount, currency, locale, text) => {
    expect(formatMoney(amount, currency, locale).replace(/\s/g, ' ')).toBe(text);
  });
  test('an unknown code beside the number, on the same line (a no-break space), every time; no amount: a dash', () => {
    expect(formatMoney(1.5, 'XYZ1', 'en')).toBe('1.5\u00a0XYZ1');
    expect(formatMoney(1.5, 'XYZ1', 'en')).toBe('1.5\u00a0XYZ1');
    expect(formatMoney(null, 'EUR', 'en')).toBe('—');
    expect(formatMoney(Number.NaN, 'EUR', 'en')).toBe('—');
    expect(formatMoney(2, null, 'de')).toBe('2');
  });
  test("currency names in the reader's language", () => {
    expect(currencyName('USD', 'en')).toBe('US Dollar');
    expect(currencyName('GBP', 'de')).toBe('Britisches Pfund');
  });
});

describe("times in the shopper's zone", () => {
  const request = (cf: unknown) => Object.assign(new Request('https://w.test/'), { cf }) as Request;
  test('the zone Cloudflare gives, when the runtime knows it; else UTC', () => {
    expect(readerTimeZone(request({ timezone: 'Europe/Berlin' }))).toBe('Europe/Berlin');
    expect(readerTimeZone(request({ timezone: 'Mars/Olympus' }))).toBe('UTC');
    expect(readerTimeZone(request({ timezone: 7 }))).toBe('UTC');
    expect(readerTimeZone(request(undefined))).toBe('UTC');
  });
  test('formatted in that zone, with the zone shown', () => {
    const date = new Date('2026-11-18T14:07:31.412Z');
    expect(formatTime(date, 'en', 'UTC')).toBe('November 18, 2026 at 02:07 PM UTC');
    expect(formatTime(date, 'de', 'Europe/Berlin')).toBe('18. November 2026 um 15:07 MEZ');
    expect(formatTime(date, 'en', 'America/New_York')).toMatch(/09:07 AM EST$/);
  });
});

describe('page states', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const future = '2026-11-26T12:00:00.000Z';
  const past = '2026-11-24T12:00:00.000Z';
  test.each([
    [{ status: 'open', paymentStatus: 'unpaid', expire: future }, 'unpaid'],
    [{ status: 'open', expire: future }, 'unpaid'],
    [{ status: 'open', paymentStatus: 'processing', expire: future }, 'confirming'],
    [{ status: 'open', paymentStatus: 'processing', expire: past }, 'expired'],
    [{ status: 'open', paymentStatus: 'unpaid', expire: past }, 'expired'],
    [{ status: 'expired', paymentStatus: 'unpaid', expire: future }, 'expired'],
    [{ status: 'complete', paymentStatus: 'paid', orderId: 'o', expire: past }, 'complete'],
    [{ status: 'open', paymentStatus: 'unpaid', orderId: 'o' }, 'complete'],
    [{ status: 'on_hold', expire: future }, 'unknown'],
    [{ status: 'open', paymentStatus: 'unpaid', expire: null }, 'unpaid'],
  ] as [SessionView, string][])('a checkout %j: %s', (session, state) => {
    expect(checkoutState(session, now)).toBe(state);
  });
  test.each([
    ['success', 'paid'],
    ['pending', 'processing'],
    ['refunded', 'refunded'],
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['cancelled', 'cancelled'],
    ['partially_shipped', 'unknown'],
    ['toString', 'unknown'],
    [null, 'unknown'],
  ])('an order %j: %s', (status, state) => {
    expect(orderState(status)).toBe(state);
  });
  test("a checkout's rate: payment currency per original unit, from its price list", () => {
    const priceList = [
      { amount: 9.99, currency: 'EUR', exchangeRate: 1 },
      { amount: 11.59, currency: 'USD', exchangeRate: 1.1602 },
    ];
    expect(sessionRate({ originalCurrency: 'EUR', paymentCurrency: 'USD', price: { priceList } })).toBeCloseTo(1.1602, 6);
    expect(sessionRate({ originalCurrency: 'USD', paymentCurrency: 'EUR', price: { priceList } })).toBeCloseTo(1 / 1.1602, 6);
    expect(sessionRate({ originalCurrency: 'EUR', paymentCurrency: 'GBP', price: { priceList } })).toBeUndefined();
    expect(
      sessionRate({
        originalCurrency: 'EUR',
        paymentCurrency: 'USD',
        price: {
          priceList: [
            { currency: 'EUR', exchangeRate: 0 },
            { currency: 'USD', exchangeRate: 1 },
          ],
        },
      }),
    ).toBeUndefined();
    expect(sessionRate({ originalCurrency: 'EUR', paymentCurrency: 'USD', price: null })).toBeUndefined();
  });
});
