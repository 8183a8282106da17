import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PENDING_MAX_CHECKS, PENDING_REFRESH_SECONDS } from '../../worker/pages.js';
import { expectNoSecrets, stableHeaders, upstreamRecord } from './helpers.js';
import { startLocal } from './in-process.js';
import type { Local as Stack } from './in-process.js';

let stack: Stack;
let cookie: string;
beforeAll(async () => {
  stack = startLocal();
  cookie = await stack.cookie('cus_ada');
});
afterAll(async () => {
  expectNoSecrets(stack);
  await stack?.close();
});

const page = (path: string, headers: Record<string, string> = {}) => stack.send(path, { headers: { Cookie: cookie, ...headers } });

describe('GET /orders/:id', () => {
  test("shows the owner's order: status, items with images, amounts in the order's currency, the time", async () => {
    const answer = await page('/orders/ord_ada_1', { 'Accept-Language': 'en-US,en;q=0.8' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = answer.body;
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('ord_ada_1');
    // The heading is the merchant's reference; the status and the payment method are in words.
    expect(html).toContain('<h1>ADA-2026-0042</h1>');
    expect(html).toContain('<title>Order ADA-2026-0042</title>');
    expect(html).toContain('<span class="badge ok">Paid</span>');
    expect(html).toContain('<dd>Card</dd>');
    expect(html).not.toContain('success');
    expect(html).not.toContain('CARD');
    expect(html).toContain('Single-origin espresso beans, 1 kg');
    expect(html).toContain('Ceramic pour-over dripper');
    expect(html).toContain('€24.99');
    expect(html).toContain('€49.98');
    expect(html).toContain('€73.27');
    expect(html).toContain('<img src="https://images.example.com/products/espresso-beans-1kg.jpg" alt=""');
    // Under each picture, the item's initial on a tile: what shows when the image host is offline.
    expect(html).toContain('<span class="thumb" aria-hidden="true">S<img');
    expect(html).toContain('<time datetime="2026-11-18T14:07:31.412Z">November 18, 2026');
  });

  test("formats for the reader's language", async () => {
    const html = (await page('/orders/ord_ada_1', { 'Accept-Language': 'de-DE,de;q=0.9' })).body;
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toMatch(/73,27\s€/);
    expect(html).toContain('18. November 2026');
    for (const words of ['<title>Bestellung ADA-2026-0042</title>', 'Bestellnummer', 'Bestellt am', 'Zahlungsart', '<dd>Karte</dd>', 'Bezahlt', 'Gesamt', 'Zwischensumme', 'Abmelden']) {
      expect(html).toContain(words);
    }
  });

  test.each([
    ['fr-FR,fr;q=0.9', 'fr-FR', ['Commande', 'Numéro de commande', 'Payée', 'Carte'], /73,27\s€/],
    ['es', 'es', ['Pedido', 'Número de pedido', 'Pagado', 'Tarjeta'], /73,27\s€/],
    ['ja-JP,en;q=0.5', 'en', ['Order number', 'Paid'], /€73\.27/],
    ['da, fr;q=0.9, de;q=0.95', 'de', ['Bestellnummer'], /73,27\s€/],
    ['*', 'en', ['Order number'], /€73\.27/],
    ['x-bad;;;q=nope, , de-CH;q=0.1', 'de-CH', ['Bestellnummer'], /EUR\s73\.27/],
  ] as const)('Accept-Language %j: lang %s, labels and amounts in that language', async (header, lang, words, amount) => {
    const answer = await page('/orders/ord_ada_1', { 'Accept-Language': header });
    expect(answer.body).toContain(`<html lang="${lang}">`);
    for (const word of words) expect(answer.body).toContain(word);
    expect(answer.body).toMatch(amount);
    expect(answer.headers['vary']).toContain('Accept-Language');
  });

  test('amounts in the currency of the order: JPY without decimals', async () => {
    stack.sandbox.putOrder({
      orderId: 'ord_ada_yen',
      customerId: 'cus_ada',
      status: 'refunded',
      paymentCurrency: 'JPY',
      amountSubtotal: 12800,
      amountTotal: 12800,
      priceDataList: [{ name: 'Tetsubin kettle', unitAmount: 6400, quantity: 2, currency: 'JPY', imageUrl: null }],
    });
    const en = (await page('/orders/ord_ada_yen', { 'Accept-Language': 'en' })).body;
    expect(en).toContain('¥12,800');
    expect(en).not.toMatch(/12,800\.00/);
    // No merchant reference: a heading that still means something; an unknown status in words when known.
    expect(en).toContain('<h1>Your order</h1>');
    expect(en).toContain('Refunded');
    const de = (await page('/orders/ord_ada_yen', { 'Accept-Language': 'de' })).body;
    expect(de).toMatch(/12\.800\s¥/);
    expect(de).toContain('<h1>Ihre Bestellung</h1>');
  });

  test('a status the worker does not know is shown as the service sent it', async () => {
    stack.sandbox.putOrder({ orderId: 'ord_ada_odd', customerId: 'cus_ada', status: 'partially_shipped', paymentMethod: { paymentMethodType: 'IDEAL' } });
    const html = (await page('/orders/ord_ada_odd')).body;
    expect(html).toContain('partially_shipped');
    expect(html).toContain('<dd>IDEAL</dd>');
  });

  test('links back to the shop when SHOP_URL is set, and not otherwise', async () => {
    expect((await page('/orders/ord_ada_1')).body).not.toContain('Back to the shop');
    const shop = startLocal({ vars: { SHOP_URL: 'https://shop.example.com/' } });
    const shopCookie = await shop.cookie('cus_ada');
    for (const path of ['/orders/ord_ada_1', '/sessions/cs_open_ada', '/orders/ord_nobody', '/orders/x']) {
      const answer = await shop.send(path, { headers: { Cookie: shopCookie } });
      expect(answer.body).toContain('<a href="https://shop.example.com/">← Back to the shop</a>');
    }
    expect((await shop.send('/orders/ord_ada_1')).body).toContain('Back to the shop');
  });

  test('print styles for a receipt: the navigation and buttons are hidden', async () => {
    const html = (await page('/orders/ord_ada_1')).body;
    expect(html).toMatch(/@media print\{[^@]*\.bar[^}]*display:none/);
  });

  test('never shows the payment instrument or the metadata', async () => {
    const upstream = await upstreamRecord(stack, '/api/order/ord_ada_1');
    const html = (await page('/orders/ord_ada_1')).body;
    expect(html).not.toContain(upstream.paymentMethod.paymentInstrumentId);
    expect(html).not.toContain(upstream.metadata.giftMessage);
  });

  test('a strict Content-Security-Policy: no script at all, styles by hash, images over https only', async () => {
    const answer = await page('/orders/ord_ada_1');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).toContain("img-src https:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toContain('script-src');
    // The hash is the one of the page's only style element.
    const style = /<style>([\s\S]*?)<\/style>/.exec(answer.body)?.[1] ?? '';
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(style))).toString('base64');
    expect(csp).toContain(`'sha256-${digest}'`);
    expect(answer.body).not.toContain('<script');
  });

  test('escapes what the service sends and drops image addresses that are not https', async () => {
    stack.sandbox.putOrder({
      orderId: 'ord_ada_xss',
      customerId: 'cus_ada',
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
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Quote &quot; and &#39; and &amp;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('http://images.example.com');
    expect(html).not.toMatch(/"onerror=/);
    // An unknown currency code is shown as is rather than failing the page.
    expect(html).toContain('XYZ1');
  });

  test("another customer's order and a missing one: the same 404 page", async () => {
    const foreign = await page('/orders/ord_grace_1');
    const missing = await page('/orders/ord_nobody');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(stableHeaders(foreign)).toEqual(stableHeaders(missing));
    expect((await page('/orders/..%2Ford_grace_1')).body).toBe(missing.body);
  });

  test('not signed in: a 401 page that says so', async () => {
    const answer = await stack.send('/orders/ord_ada_1');
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('not signed in');
    expect(answer.body).not.toContain('Single-origin');
  });

  test('the service failing: a 502 page with a reference and no service text', async () => {
    const remove = stack.sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, msg: 'maintenance of shard 7' });
    try {
      const answer = await page('/orders/ord_ada_1');
      expect(answer.status).toBe(502);
      expect(answer.body).toContain(String(answer.headers['x-request-id']));
      expect(answer.body).not.toContain('shard 7');
    } finally {
      remove();
    }
  });
});

describe('GET /sessions/:id', () => {
  test("shows the customer's checkout: status, payment status, the weekly price with its trial", async () => {
    const answer = await page('/sessions/cs_open_ada', { 'Accept-Language': 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<h1>ADA-SUB-0001</h1>');
    expect(answer.body).toContain('<dd>In progress</dd>');
    expect(answer.body).toContain('<dd>Not paid yet</dd>');
    expect(answer.body).toMatch(/every week, \d+-day free trial/);
  });

  test('links a complete checkout to its order', async () => {
    const answer = await page('/sessions/cs_complete_ada');
    expect(answer.body).toContain('<a href="/orders/ord_ada_1">ord_ada_1</a>');
    expect(answer.body).toContain('Payment received');
    expect(answer.body).toContain('<a class="button" href="/orders/ord_ada_1">View your order</a>');
    // Done: nothing refreshes.
    expect(answer.body).not.toContain('http-equiv="refresh"');
  });

  test("another customer's session: the same 404 page as a missing one", async () => {
    const foreign = await page('/sessions/cs_open_grace');
    const missing = await page('/sessions/cs_nobody');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});

describe('the pending checkout', () => {
  const refreshOf = (html: string) => /<meta http-equiv="refresh" content="(\d+); url=([^"]+)">/.exec(html);

  test('an open, unpaid checkout says the payment is being confirmed, in a status region, and refreshes itself', async () => {
    const answer = await page('/sessions/cs_open_ada');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/<section class="notice" role="status"[^>]*>\s*<h2>.*We are confirming your payment<\/h2>/);
    const refresh = refreshOf(answer.body);
    expect(Number(refresh?.[1])).toBe(PENDING_REFRESH_SECONDS);
    expect(PENDING_REFRESH_SECONDS).toBeGreaterThanOrEqual(2);
    expect(refresh?.[2]).toBe('/sessions/cs_open_ada?check=1');
    expect(answer.body).not.toContain('<script');
    expect(answer.body).not.toContain('Check again');
  });

  test('counts its refreshes and stops at the cap with a Check again link', async () => {
    let path = '/sessions/cs_open_ada';
    const seen: string[] = [];
    for (let index = 0; index < PENDING_MAX_CHECKS + 2; index += 1) {
      const refresh = refreshOf((await page(path)).body);
      if (!refresh) break;
      path = refresh[2]!;
      seen.push(path);
    }
    expect(seen).toHaveLength(PENDING_MAX_CHECKS);
    expect(seen.at(-1)).toBe(`/sessions/cs_open_ada?check=${PENDING_MAX_CHECKS}`);
    const last = (await page(path)).body;
    expect(refreshOf(last)).toBeNull();
    expect(last).toContain('role="status"');
    expect(last).toContain('taking longer than usual');
    expect(last).toContain('<a class="button" href="/sessions/cs_open_ada?check=0">Check again</a>');
    // Check again starts a new round of refreshes.
    expect(refreshOf((await page('/sessions/cs_open_ada?check=0')).body)?.[2]).toBe('/sessions/cs_open_ada?check=1');
    // A counter that is not one is read as 0, never as "stop" or as an error.
    expect(refreshOf((await page('/sessions/cs_open_ada?check=-1e9')).body)?.[2]).toBe('/sessions/cs_open_ada?check=1');
  });

  test('in German too', async () => {
    const html = (await page('/sessions/cs_open_ada', { 'Accept-Language': 'de' })).body;
    expect(html).toContain('Wir bestätigen Ihre Zahlung');
    expect(html).toContain('wöchentlich, 14 Tage kostenlos testen');
  });

  test('moves on to the order page once the session links to an order (the service completing it)', async () => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    stack.sandbox.putSession({ ...upstream, sessionId: 'cs_ada_paying' });
    const first = await page('/sessions/cs_ada_paying');
    const next = refreshOf(first.body)![2]!;
    expect((await page(next)).status).toBe(200);
    // The service completes the checkout and creates its order.
    const order = await upstreamRecord(stack, '/api/order/ord_ada_1');
    stack.sandbox.putOrder({ ...order, orderId: 'ord_ada_paying', sessionId: 'cs_ada_paying' });
    stack.sandbox.putSession({ ...upstream, sessionId: 'cs_ada_paying', status: 'complete', paymentStatus: 'paid', orderId: 'ord_ada_paying' });
    const moved = await page(refreshOf((await page('/sessions/cs_ada_paying?check=1')).body)?.[2] ?? next);
    expect(moved.status).toBe(303);
    expect(moved.headers['location']).toBe('/orders/ord_ada_paying');
    expect((await page('/orders/ord_ada_paying')).status).toBe(200);
  });

  test('with the sandbox scenario checkout-completes: pending, then on to the new order', async () => {
    const local = startLocal();
    const localCookie = await local.cookie('cus_ada');
    const get = (path: string) => local.send(path, { headers: { Cookie: localCookie } });
    local.sandbox.scenario({ kind: 'checkout-completes', sessionId: 'cs_open_ada', afterRequests: 2 });
    let path = '/sessions/cs_open_ada';
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const answer = await get(path);
      statuses.push(answer.status);
      if (answer.status === 303) {
        path = String(answer.headers['location']);
        break;
      }
      path = refreshOf(answer.body)![2]!;
    }
    expect(statuses).toEqual([200, 200, 303]);
    expect(path).toBe('/orders/ord_open_ada');
    const order = await get(path);
    expect(order.status).toBe(200);
    expect(order.body).toContain('<span class="badge ok">Paid</span>');
    await local.close();
  });

  test('an expired checkout does not pretend to be confirming anything', async () => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    stack.sandbox.putSession({ ...upstream, sessionId: 'cs_ada_expired', status: 'expired' });
    const html = (await page('/sessions/cs_ada_expired')).body;
    expect(html).not.toContain('role="status"');
    expect(refreshOf(html)).toBeNull();
    expect(html).toContain('<dd>Expired</dd>');
  });
});
