import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSecrets, stableHeaders, startStack, upstreamRecord } from './harness.js';
import type { Stack } from './harness.js';

let stack: Stack;
let cookie: string;
beforeAll(async () => {
  stack = await startStack();
  cookie = `__Host-checkout-lookup=${await stack.token('cus_ada')}`;
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
    expect(html).toContain('success');
    expect(html).toContain('Single-origin espresso beans, 1 kg');
    expect(html).toContain('Ceramic pour-over dripper');
    expect(html).toContain('€24.99');
    expect(html).toContain('€49.98');
    expect(html).toContain('€73.27');
    expect(html).toContain('<img src="https://images.example.com/products/espresso-beans-1kg.jpg"');
    expect(html).toContain('<time datetime="2026-11-18T14:07:31.412Z">November 18, 2026');
  });

  test("formats for the reader's language", async () => {
    const html = (await page('/orders/ord_ada_1', { 'Accept-Language': 'de-DE,de;q=0.9' })).body;
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toMatch(/73,27\s€/);
    expect(html).toContain('18. November 2026');
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
    expect(answer.body).toContain('cs_open_ada');
    expect(answer.body).toContain('open');
    expect(answer.body).toContain('unpaid');
    expect(answer.body).toMatch(/every week, \d+-day free trial/);
  });

  test('links a complete checkout to its order', async () => {
    const answer = await page('/sessions/cs_complete_ada');
    expect(answer.body).toContain('<a href="/orders/ord_ada_1">ord_ada_1</a>');
  });

  test("another customer's session: the same 404 page as a missing one", async () => {
    const foreign = await page('/sessions/cs_open_grace');
    const missing = await page('/sessions/cs_nobody');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});
