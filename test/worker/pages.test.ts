import { beforeAll, describe, expect, test } from 'vitest';
import { CHECK_FOR_MS, PENDING_SCRIPT } from '../../worker/views/pending-script.js';
import { openSignInLink, stableHeaders, upstreamRecord } from './helpers.js';
import { startLocal, useLocalStack } from './in-process.js';
import type { Local as Stack } from './in-process.js';

const stack = useLocalStack();
let ada: string;
let grace: string;

/** Signs in the way a browser does (the Continue page's POST) and returns the Cookie header it was given. */
async function cookieFor(local: Stack, sub: string): Promise<string> {
  const token = await local.token(sub);
  const answer = await local.send('/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', Origin: 'null' },
    body: new URLSearchParams({ token, next: '/' }).toString(),
  });
  const cookies = answer.headers['set-cookie'];
  const set = Array.isArray(cookies) ? cookies[0] : cookies;
  if (set === undefined) throw new Error(`sign-in answered ${answer.status} without a cookie`);
  return set.split(';')[0]!;
}

beforeAll(async () => {
  [ada, grace] = await Promise.all([cookieFor(stack, 'cus_ada'), cookieFor(stack, 'cus_grace')]);
});

const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
const page = (path: string, headers: Record<string, string> = {}, cookie = ada) => stack.send(path, { headers: { Cookie: cookie, ...headers } });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const FUTURE = new Date(Date.now() + 86_400_000).toISOString();

describe('the order page', () => {
  test("the owner's order: the state in words, one number to quote, items under their headers, amounts, time with its zone", async () => {
    const answer = await page('/orders/ord_ada_1', { 'Accept-Language': 'en-US,en;q=0.8' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = answer.body;
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('<title>Order ADA-2026-0042</title>');
    expect(html).toContain('<h1>Your order</h1>');
    expect(html).toContain('<h2 id="state">Paid</h2>');
    // The merchant's reference is the number to quote; the service's id only in the small print.
    expect(html).toContain('<dt>Order number (quote it to the shop)</dt><dd>ADA-2026-0042</dd>');
    expect(html).toContain('<p class="small">Reference at the payment service: ord_ada_1. Times are shown in UTC.</p>');
    expect(html.match(/ord_ada_1/g)).toHaveLength(1);
    expect(html).toContain('<dd>Card</dd>');
    expect(html).not.toContain('success');
    expect(html).not.toContain('CARD');
    // Each column its own header; the item's name heads its row; the picture is inside the name's cell.
    expect(html).toContain(
      '<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>',
    );
    expect(text(html)).toContain('Single-origin espresso beans, 1 kg 2 €24.99 €49.98');
    expect(text(html)).toContain('Ceramic pour-over dripper 1 €18.50 €18.50');
    expect(html).toContain('<img src="https://images.example.com/products/espresso-beans-1kg.jpg" alt=""');
    expect(html).toContain('<span class="thumb" aria-hidden="true">S<img');
    expect(text(html)).toContain('Subtotal €68.48 Total €73.27');
    expect(html).toContain('The total includes charges beyond the items, such as shipping or taxes.');
    expect(html).toContain('<time datetime="2026-11-18T14:07:31.412Z">November 18, 2026 at 02:07 PM UTC</time>');
    // Signed in: sign-out is offered; nothing moves on its own.
    expect(html).toContain('<a href="/sign-out">Sign out</a>');
    expect(html).not.toContain('http-equiv');
    expect(html).not.toContain('<script');
  });

  test.each([
    ['fr-FR,fr;q=0.9', 'fr-FR', ['Commande', 'Numéro de commande (à indiquer à la boutique)', 'Payée', 'Carte'], /73,27\s€/],
    ['es', 'es', ['Pedido', 'Número de pedido (indíquelo a la tienda)', 'Pagado', 'Tarjeta'], /73,27\s€/],
    [
      'de-DE,de;q=0.9',
      'de-DE',
      ['Bestellung', 'Bestellnummer (bei Fragen an den Shop angeben)', 'Bezahlt', 'Karte', 'Zwischensumme', 'Abmelden'],
      /73,27\s€/,
    ],
    ['ja-JP,en;q=0.5', 'en', ['Order number', 'Paid'], /€73\.27/],
    ['da, fr;q=0.9, de;q=0.95', 'de', ['Bestellnummer'], /73,27\s€/],
    ['*', 'en', ['Order number'], /€73\.27/],
    ['x-bad;;;q=nope, , de-CH;q=0.1', 'de-CH', ['Bestellnummer'], /EUR\s73\.27/],
  ] as const)('Accept-Language %j: lang %s, words and amounts in that language', async (header, lang, words, amount) => {
    const answer = await page('/orders/ord_ada_1', { 'Accept-Language': header });
    expect(answer.body).toContain(`<html lang="${lang}">`);
    for (const word of words) expect(answer.body).toContain(word);
    expect(answer.body).toMatch(amount);
    expect(answer.headers.vary).toContain('Accept-Language');
  });

  // The sandbox's ord_grace_1: its item and subtotal in USD, its total charged in GBP at the rate in its record.
  test.each([
    ['en', '$89.90', '£71.17', 'Prices are in US Dollar (USD); the total is charged in British Pound (GBP).', 'Exchange rate: 1 USD = 0.7917 GBP.'],
    [
      'de',
      '89,90 $',
      '71,17 £',
      'Preise in US-Dollar (USD); der Gesamtbetrag wird in Britisches Pfund (GBP) berechnet.',
      'Wechselkurs: 1 USD = 0,7917 GBP.',
    ],
    [
      'fr',
      '89,90 $US',
      '71,17 £GB',
      'Les prix sont en dollar des États-Unis (USD) ; le total est débité en livre sterling (GBP).',
      'Taux de change : 1 USD = 0,7917 GBP.',
    ],
    [
      'es',
      '89,90 US$',
      '71,17 GBP',
      'Los precios están en dólar estadounidense (USD); el total se cobra en libra esterlina (GBP).',
      'Tipo de cambio: 1 USD = 0,7917 GBP.',
    ],
  ])(
    'currencies that differ, in %s: items and subtotal in theirs, the total in its own, and why in words',
    async (language, usd, gbp, note, rate) => {
      const html = (await page('/orders/ord_grace_1', { 'Accept-Language': language }, grace)).body.replace(/[\u00a0\u202f]/g, ' ');
      const words = text(html);
      expect(words).toContain(`Conical burr hand grinder 1 ${usd} ${usd}`);
      expect(html).toMatch(new RegExp(`<dd>${usd.replace(/[$.]/g, '\\$&')}</dd></div>\\s*<div class="grand"><dt>`));
      expect(html).toContain(`<strong>${gbp}</strong>`);
      expect(html).toContain(note);
      expect(html).toContain(rate);
      // The subtotal is never shown in the payment currency.
      expect(html).not.toContain(gbp.replace('71,17', '89,90').replace('71.17', '89.90'));
    },
  );

  test.each(LANGUAGES)('a zero-decimal (JPY) and a three-decimal (KWD) currency, in %s', async (language) => {
    stack.sandbox.putOrder({
      orderId: 'ord_ada_money',
      customerId: 'cus_ada',
      status: 'success',
      originalCurrency: 'JPY',
      paymentCurrency: 'KWD',
      amountSubtotal: 12800,
      amountTotal: 26.112,
      priceDataList: [{ name: 'Tetsubin kettle', unitAmount: 6400, quantity: 2, currency: 'JPY', imageUrl: null }],
      metadata: { exchangeRate: 0.00204 },
    });
    const html = (await page('/orders/ord_ada_money', { 'Accept-Language': language })).body.replace(/[\u00a0\u202f]/g, ' ');
    const yen = { en: ['¥6,400', '¥12,800'], de: ['6.400 ¥', '12.800 ¥'], fr: ['6 400 JPY', '12 800 JPY'], es: ['6400 JPY', '12.800 JPY'] }[language];
    const dinar = { en: 'KWD 26.112', de: '26,112 KWD', fr: '26,112 KWD', es: '26,112 KWD' }[language];
    expect(text(html)).toContain(`Tetsubin kettle 2 ${yen[0]} ${yen[1]}`);
    expect(html).toContain(`<strong>${dinar}</strong>`);
    expect(html).not.toMatch(/12[.,]800[.,]00/);
    expect(html).toContain('(JPY)');
    expect(html).toContain('(KWD)');
  });

  test.each([
    ['refunded', 'Refunded', 'refunded to the way you paid'],
    ['failed', 'Payment failed', 'nothing was charged'],
    ['canceled', 'Cancelled', 'the shop returns it'],
    ['pending', 'Payment being processed', 'check again in a few minutes'],
    ['partially_shipped', 'Status not shown here', 'The shop can tell you more'],
  ])('an order %s: "%s", what it means for the money and what to do', async (status, title, words) => {
    stack.sandbox.putOrder({ orderId: `ord_ada_${status}`, customerId: 'cus_ada', status, paymentMethod: { paymentMethodType: 'WIRE_XYZ' } });
    const html = (await page(`/orders/ord_ada_${status}`)).body;
    expect(html).toContain(`<h2 id="state">${title}</h2>`);
    expect(html).toContain(words);
    // Never the raw value: neither the status nor the unknown payment method.
    expect(html).not.toContain(`>${status}<`);
    expect(html).not.toContain('WIRE_XYZ');
    expect(html).toContain('<dd>Other payment method</dd>');
    // No merchant reference: the service's id is the number to quote, shown once.
    expect(html).toContain(`<dd>ord_ada_${status}</dd>`);
    expect(html).not.toContain('Reference at the payment service');
  });

  test('payment methods in words: PAYPAL is PayPal', async () => {
    stack.sandbox.putOrder({ orderId: 'ord_ada_paypal', customerId: 'cus_ada', status: 'success', paymentMethod: { paymentMethodType: 'PAYPAL' } });
    expect((await page('/orders/ord_ada_paypal')).body).toContain('<dd>PayPal</dd>');
  });

  test('arriving from a completed checkout, a paid order says "Payment received"', async () => {
    const html = (await page('/orders/ord_ada_1?from=checkout')).body;
    expect(html).toContain('<h2 id="state">Payment received</h2>');
    expect((await page('/orders/ord_ada_1?from=checkout', { 'Accept-Language': 'de' })).body).toContain('Zahlung eingegangen');
  });

  test('links back to the shop when SHOP_URL is set, names the shop, and not otherwise', async () => {
    expect((await page('/orders/ord_ada_1')).body).not.toContain('Back to the shop');
    expect((await page('/orders/ord_ada_1')).body).toContain('<span class="shop">orders.shop.test</span>');
    const shop = startLocal({ vars: { SHOP_URL: 'https://shop.example.com/' } });
    const cookie = await cookieFor(shop, 'cus_ada');
    for (const path of ['/', '/orders/ord_ada_1', '/sessions/cs_open_ada', '/orders/ord_nobody', '/orders/x']) {
      const answer = await shop.send(path, { headers: { Cookie: cookie } });
      expect(answer.body).toContain('<a href="https://shop.example.com/">← Back to the shop</a>');
      expect(answer.body).toContain('<span class="shop">shop.example.com</span>');
    }
    expect((await shop.send('/orders/ord_ada_1')).body).toContain('Back to the shop');
  });

  test('without SHOP_URL, every page names this site at the top: the sign-in and sign-out pages too', async () => {
    const site = '<span class="shop">orders.shop.test</span>';
    const leaving = await stack.cookie('cus_leaving');
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' };
    const link = new URLSearchParams({ token: await stack.token('cus_ada'), next: '/' });
    const answers = [
      await openSignInLink(stack, `/sign-in?${link}`),
      await openSignInLink(stack, `/sign-in?${link}`, { Cookie: grace }),
      await stack.send('/sign-in?token=not-a-token'),
      await stack.send('/sign-in', { method: 'POST', headers: { ...form, 'Sec-Fetch-Site': 'cross-site' }, body: link.toString() }),
      await stack.send('/sign-in', { method: 'POST', headers: form, body: 'token=not-a-token&next=/' }),
      await stack.send('/sign-out', { headers: { Cookie: leaving } }),
      await stack.send('/sign-out', { method: 'POST', headers: { ...form, Cookie: leaving }, body: '' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 403, 401, 200, 200]);
    for (const answer of answers) expect(answer.body).toContain(site);
  });

  test('print styles: A4, the shop name stays, the navigation, buttons and pictures go', async () => {
    const html = (await page('/orders/ord_ada_1')).body;
    expect(html).toContain('@page{size:A4');
    expect(html).toMatch(/@media print\{[^@]*\.bar nav,\.button,\.noprint,\.thumb\{display:none\}/);
  });

  test('never shows the payment instrument or the metadata (beyond the exchange rate)', async () => {
    const upstream = await upstreamRecord(stack, '/api/order/ord_ada_1');
    const html = (await page('/orders/ord_ada_1')).body;
    expect(html).not.toContain(upstream.paymentMethod.paymentInstrumentId);
    expect(html).not.toContain(upstream.metadata.giftMessage);
    expect(html).not.toContain('4.79');
  });

  test('a strict Content-Security-Policy: no script on a settled page, styles by hash, images over https only', async () => {
    const answer = await page('/orders/ord_ada_1');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    // Images from the record's own hosts only (https), nothing else.
    expect(csp).toContain('img-src https://images.example.com;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toContain('script-src');
    const style = /<style>([\s\S]*?)<\/style>/.exec(answer.body)?.[1] ?? '';
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(style))).toString('base64');
    expect(csp).toContain(`'sha256-${digest}'`);
    expect(answer.body).not.toContain('<script');
  });

  test('escapes what the service sends and drops image addresses that are not https', async () => {
    stack.sandbox.putOrder({
      orderId: 'ord_ada_xss',
      customerId: 'cus_ada',
      merchantReferenceId: '<b>ref</b>',
      status: '<img src=x onerror=alert(1)>',
      paymentCurrency: 'EUR',
      amountTotal: 1,
      priceDataList: [
        { name: '</td><script>alert(1)</script>', unitAmount: 1, quantity: 1, currency: 'EUR', imageUrl: 'javascript:alert(1)' },
        { name: 'Quote " and \' and &', unitAmount: 1, quantity: 1, currency: 'EUR', imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' },
        { name: 'Plain http', unitAmount: 1, quantity: 1, currency: 'EUR', imageUrl: 'http://images.example.com/a.jpg' },
        { name: 'Broken attr', unitAmount: 1, quantity: 1, currency: 'XYZ1', imageUrl: 'https://images.example.com/a.jpg"onerror="alert(1)' },
      ],
    });
    const answer = await page('/orders/ord_ada_xss');
    expect(answer.status).toBe(200);
    const html = answer.body;
    expect(html).toContain('&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;ref&lt;/b&gt;');
    expect(html).toContain('Quote &quot; and &#39; and &amp;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror=alert');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('http://images.example.com');
    expect(html).not.toMatch(/"onerror=/);
    expect(html).toContain('XYZ1');
    expect(String(answer.headers['content-security-policy'])).toContain('img-src https://images.example.com;');
    // A page without images allows none.
    expect(String((await page('/')).headers['content-security-policy'])).toContain("img-src 'none';");
  });

  test("another customer's order and a missing one: the same 404 page, with sign-out", async () => {
    const foreign = await page('/orders/ord_grace_1');
    const missing = await page('/orders/ord_nobody');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(stableHeaders(foreign)).toEqual(stableHeaders(missing));
    expect((await page('/orders/..%2Ford_grace_1')).body).toBe(missing.body);
    expect(missing.body).toContain('<a href="/sign-out">Sign out</a>');
  });

  test('not signed in: a 401 page that says so', async () => {
    const answer = await stack.send('/orders/ord_ada_1');
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('not signed in');
    expect(answer.body).not.toContain('Single-origin');
    expect(answer.body).not.toContain('Sign out');
  });

  test.each([[{ kind: 'status', status: 503, msg: 'maintenance of shard 7' }, 502, 'Order service error', 'answered with an error']] as const)(
    'the service failing: a %#th page that says what happened, offers Try again, and quotes a reference',
    async (fault, status, title, words) => {
      const remove = stack.sandbox.fault({ route: 'order' }, fault);
      try {
        const answer = await page('/orders/ord_ada_1', { 'Accept-Language': 'en' });
        expect(answer.status).toBe(status);
        expect(answer.body).toContain(`<h1>${title}</h1>`);
        expect(answer.body).toContain(words);
        expect(answer.body).toContain('Nothing about your order has changed.');
        expect(answer.body).toContain('<a class="button" href="/orders/ord_ada_1">Try again</a>');
        expect(answer.body).toContain(`Reference: ${answer.headers['x-request-id']}`);
        expect(answer.body).not.toContain('shard 7');
        expect((await page('/orders/ord_ada_1', { 'Accept-Language': 'de' })).body).toContain('Erneut versuchen');
      } finally {
        remove();
      }
    },
  );
});

test('Try again goes back to the path as it was asked for, its escapes kept', async () => {
  const remove = stack.sandbox.fault({ route: 'order' }, { kind: 'status', status: 503 });
  try {
    const answer = await page('/orders/ord%5Fada%5F1?from=%63heckout');
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('<a class="button" href="/orders/ord%5Fada%5F1">Try again</a>');
  } finally {
    remove();
  }
});

test('the service too slow: a 504 page that says so, offers Try again, and quotes a reference', async () => {
  const local = startLocal({ vars: { UPSTREAM_TIMEOUT_MS: '300' } });
  const cookie = await cookieFor(local, 'cus_ada');
  const remove = local.sandbox.fault({ route: 'session' }, { kind: 'stall' });
  try {
    const answer = await local.send('/sessions/cs_complete_ada', { headers: { Cookie: cookie } });
    expect(answer.status).toBe(504);
    expect(answer.body).toContain('<h1>Order service too slow</h1>');
    expect(answer.body).toContain('did not answer in time');
    expect(answer.body).toContain('<a class="button" href="/sessions/cs_complete_ada">Try again</a>');
    expect(answer.body).toContain(`Reference: ${answer.headers['x-request-id']}`);
  } finally {
    remove();
    await local.close();
  }
});

describe('the home page', () => {
  test('signed in: who is signed in, how to reach an order, and sign-out', async () => {
    const html = (await page('/')).body;
    expect(html).toContain('You are signed in as customer cus_ada.');
    expect(html).toContain('open its link in your order confirmation');
    expect(html).toContain('<a href="/sign-out">Sign out</a>');
  });
  test('signed out: how to sign in, no sign-out', async () => {
    const html = (await stack.send('/')).body;
    expect(html).toContain('Open the link to an order');
    expect(html).not.toContain('signed in as');
    expect(html).not.toContain('Sign out');
  });
});

describe('the checkout page, one honest state each', () => {
  const put = (id: string, fields: Record<string, unknown>) =>
    upstreamRecord(stack, '/api/checkout/session/cs_open_ada').then((upstream) =>
      stack.sandbox.putSession({ ...upstream, sessionId: id, ...fields }),
    );

  test('open and unpaid, not expired: not paid yet, nothing charged, until when, back to the shop and Check again', async () => {
    await put('cs_ada_unpaid', { expire: FUTURE, cancelUrl: 'https://shop.example.com/cart' });
    const html = (await page('/sessions/cs_ada_unpaid')).body;
    expect(html).toContain('<h2 id="state">Not paid yet</h2>');
    expect(html).toContain('nothing has been charged');
    expect(html).toMatch(/It stays open until [^<]+ UTC\./);
    expect(html).toContain('<a class="button" href="https://shop.example.com/cart">Back to the shop</a>');
    expect(html).toContain('<a class="button" href="/sessions/cs_ada_unpaid?check=1">Check again</a>');
    expect(html).not.toContain('confirming');
    expect(html).toContain('<dd>every week, 14-day free trial</dd>');
  });

  test('its payment under way: "We are confirming your payment", only while open and not expired', async () => {
    await put('cs_ada_confirming', { expire: FUTURE, paymentStatus: 'processing' });
    const html = (await page('/sessions/cs_ada_confirming')).body;
    expect(html).toContain('<h2 id="state">We are confirming your payment</h2>');
    expect(html).toContain('<a class="button" href="/sessions/cs_ada_confirming?check=1">Check again</a>');
    await put('cs_ada_confirming_late', { paymentStatus: 'processing', expire: '2026-11-21T09:14:03.000Z' });
    expect((await page('/sessions/cs_ada_confirming_late')).body).not.toContain('confirming your payment');
  });

  test.each(LANGUAGES)(
    'expired (its expire time passed, though its status still says open), in %s: when, nothing charged, the way back',
    async (language) => {
      const answer = await page('/sessions/cs_open_ada', { 'Accept-Language': language });
      const words = {
        en: ['Checkout expired', 'nothing was charged', 'It expired on November 21, 2026 at 09:14 AM UTC.'],
        de: ['Bezahlvorgang abgelaufen', 'es wurde nichts berechnet', 'Er ist am 21. November 2026 um 09:14 UTC abgelaufen.'],
        fr: ['Paiement expiré', 'rien n’a donc été débité', 'Il a expiré le 21 novembre 2026 à 09:14 UTC.'],
        es: ['Pago caducado', 'no se ha cobrado nada', 'Caducó el 21 de noviembre de 2026 a las 09:14 UTC.'],
      }[language];
      for (const word of words) expect(answer.body.replace(/[\u00a0\u202f]/g, ' ')).toContain(word);
      expect(answer.body).toContain('<a class="button" href="https://shop.example.com/subscribe/cancelled">');
      expect(answer.body).not.toContain('<script');
      expect(answer.body).not.toContain('Check again');
    },
  );

  test('complete: "Payment received" and the way to its order', async () => {
    const html = (await page('/sessions/cs_complete_ada')).body;
    expect(html).toContain('<h2 id="state">Payment received</h2>');
    expect(html).toContain('<a class="button" href="/orders/ord_ada_1">View your order</a>');
    // One number to quote, the merchant's reference; the order's own id only behind its button.
    expect(html).toContain('<dt>Order number (quote it to the shop)</dt><dd>ADA-2026-0042</dd>');
    expect(html).not.toContain('>ord_ada_1<');
    expect(html).not.toContain('<script');
  });

  test('a status the worker does not know: neutral words, never the raw value', async () => {
    await put('cs_ada_odd', { status: 'on_hold', expire: FUTURE });
    const html = (await page('/sessions/cs_ada_odd')).body;
    expect(html).toContain('<h2 id="state">Status not shown here</h2>');
    expect(html).not.toContain('on_hold');
  });

  test('an interval the worker does not know (or an inherited name) bills in no words rather than raw ones', async () => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    for (const [index, interval] of ['fortnight', 'toString'].entries()) {
      await put(`cs_ada_interval${index}`, { expire: FUTURE, price: { ...upstream.price, recurring: { interval, freeTrialDays: 14 } } });
      const html = (await page(`/sessions/cs_ada_interval${index}`)).body;
      expect(html).not.toContain(interval === 'toString' ? 'native code' : 'fortnight');
      expect(html).not.toContain('<dt>Billing</dt>');
    }
  });

  test("another customer's session: the same 404 page as a missing one", async () => {
    const foreign = await page('/sessions/cs_open_grace');
    const missing = await page('/sessions/cs_nobody');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});

describe('the pending checkout', () => {
  const put = (id: string, fields: Record<string, unknown>) =>
    upstreamRecord(stack, '/api/checkout/session/cs_open_ada').then((upstream) =>
      stack.sandbox.putSession({ ...upstream, sessionId: id, ...fields }),
    );

  test("no meta refresh; a script allowed by this answer's nonce only, a polite live region, and its words", async () => {
    await put('cs_ada_wait', { expire: FUTURE, paymentStatus: 'processing' });
    const before = Date.now();
    const answer = await page('/sessions/cs_ada_wait');
    const after = Date.now();
    expect(answer.body).not.toContain('http-equiv');
    const nonce = /<script nonce="([A-Za-z0-9+/=]+)">/.exec(answer.body)?.[1];
    expect(nonce).toHaveLength(24);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'nonce-${nonce}'; connect-src 'self';`);
    expect(csp).not.toContain('unsafe');
    expect(answer.body).toContain(PENDING_SCRIPT);
    // Without script the status line says how to check by hand; the script puts its own words there.
    expect(answer.body).toContain(
      '<p id="live" class="noprint" role="status" aria-live="polite">This page does not update by itself. Use Check again to see the latest status.</p>',
    );
    expect(answer.body).toContain('data-api="/api/checkout/session/cs_ada_wait"');
    // The state the script compares answers with, and the time left by the worker's clock (never the browser's).
    expect(answer.body).toContain(`data-state="open processing ${FUTURE}"`);
    const left = Number(/data-left="(\d+)"/.exec(answer.body)?.[1]);
    expect(left).toBeGreaterThanOrEqual(Date.parse(FUTURE) - after - 1_000);
    expect(left).toBeLessThanOrEqual(Date.parse(FUTURE) - before + 1_000);
    expect(answer.body).toContain('data-stopped="We stopped checking after two minutes.');
    // A new nonce every answer.
    const again = await page('/sessions/cs_ada_wait');
    expect(/<script nonce="([^"]+)">/.exec(again.body)?.[1]).not.toBe(nonce);
    // The script replaces history entries, backs off and stops after two minutes.
    expect(PENDING_SCRIPT).toContain('history.replaceState');
    expect(PENDING_SCRIPT).toContain('location.replace');
    expect(PENDING_SCRIPT).not.toContain('location.href =');
    expect(CHECK_FOR_MS).toBe(120_000);
  });

  test("its background check: the JSON route answers the page's own cookie from this origin only", async () => {
    const same = await stack.send('/api/checkout/session/cs_ada_wait', { headers: { Cookie: ada, 'Sec-Fetch-Site': 'same-origin' } });
    expect(same.status).toBe(200);
    expect(same.json().data.sessionId).toBe('cs_ada_wait');
    for (const site of ['cross-site', 'same-site', undefined]) {
      const headers: Record<string, string> = { Cookie: ada, ...(site ? { 'Sec-Fetch-Site': site } : {}) };
      expect((await stack.send('/api/checkout/session/cs_ada_wait', { headers })).status).toBe(401);
    }
  });

  test('Check again, once the checkout has its order: on to the order, which says "Payment received"', async () => {
    await put('cs_ada_paying', { expire: FUTURE });
    expect((await page('/sessions/cs_ada_paying?check=1')).status).toBe(200);
    const order = await upstreamRecord(stack, '/api/order/ord_ada_1');
    stack.sandbox.putOrder({ ...order, orderId: 'ord_ada_paying', sessionId: 'cs_ada_paying' });
    await put('cs_ada_paying', { status: 'complete', paymentStatus: 'paid', orderId: 'ord_ada_paying' });
    const moved = await page('/sessions/cs_ada_paying?check=1');
    expect(moved.status).toBe(303);
    expect(moved.headers.location).toBe('/orders/ord_ada_paying?from=checkout');
    expect((await page(String(moved.headers.location))).body).toContain('Payment received');
  });

  test('with the sandbox scenario checkout-completes: pending, then on to the new order', async () => {
    const local = startLocal();
    const cookie = await cookieFor(local, 'cus_ada');
    const upstream = await upstreamRecord(local, '/api/checkout/session/cs_open_ada');
    local.sandbox.putSession({ ...upstream, expire: FUTURE });
    local.sandbox.scenario({ kind: 'checkout-completes', sessionId: 'cs_open_ada', afterRequests: 2 });
    const statuses: number[] = [];
    let answer = await local.send('/sessions/cs_open_ada', { headers: { Cookie: cookie } });
    statuses.push(answer.status);
    for (let index = 0; index < 4 && answer.status !== 303; index += 1) {
      answer = await local.send('/sessions/cs_open_ada?check=1', { headers: { Cookie: cookie } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 303]);
    expect(answer.headers.location).toBe('/orders/ord_open_ada?from=checkout');
    const order = await local.send(String(answer.headers.location), { headers: { Cookie: cookie } });
    expect(order.status).toBe(200);
    expect(order.body).toContain('<h2 id="state">Payment received</h2>');
    await local.close();
  });
});
