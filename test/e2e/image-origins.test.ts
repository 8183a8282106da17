import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch } from './browser.js';

// An item's picture is shown only when the page's Content-Security-Policy can name its origin as Chromium reads the
// policy; otherwise the item shows its tile (its initial) and the page asks for nothing it then blocks. Every
// image request is answered here (a 1-pixel SVG), so a picture that does not load was blocked by the page's policy.

const available = chromiumAvailable();

/** Item name, its image address, and whether Chromium can load it under the page's policy. */
const PICTURES = [
  ['Upper', 'https://CDN.Example.com/upper.png', 'loads'],
  ['Port', 'https://images.example.com:8443/port.png', 'loads'],
  ['IDN', 'https://bücher.example/idn.png', 'loads'],
  ['Punycode', 'https://xn--caf-dma.example/punycode.png', 'loads'],
  ['IPv4', 'https://192.0.2.7/ipv4.png', 'loads'],
  ['IPv6', 'https://[2001:db8::1]/ipv6.png', 'tile'],
  ['IPv6 port', 'https://[2001:db8::1]:8443/ipv6-port.png', 'tile'],
  ['Upper IPv6', 'https://[2001:DB8::2]/ipv6-upper.png', 'tile'],
  ['Underscore', 'https://my_cdn.example/underscore.png', 'tile'],
] as const;

describe.skipIf(!available)('item pictures under the page policy, in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  test('each picture either loads or is left out for its tile, and nothing breaks the policy', async () => {
    stack.sandbox.putOrder({
      orderId: 'ord_ada_origins',
      customerId: 'cus_ada',
      status: 'success',
      paymentCurrency: 'EUR',
      amountTotal: 10 * PICTURES.length,
      priceDataList: PICTURES.map(([name, imageUrl]) => ({ name, unitAmount: 10, quantity: 1, currency: 'EUR', imageUrl })),
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 2000 } });
    const requested: string[] = [];
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      async (route) => {
        requested.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="7" height="7"/>' });
      },
    );
    // Every report Chromium makes of the policy: a source it cannot read (a console error) and a blocked load (an event).
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`violation ${event.violatedDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    const token = await stack.token('cus_ada');
    await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_origins' })}`);
    await Promise.all([page.waitForURL(`${stack.url}/orders/ord_ada_origins`), page.getByRole('button').click()]);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));

    const shown = await page.locator('tbody th').evaluateAll((cells) =>
      cells.map((cell) => {
        const image = cell.querySelector('img');
        const tile = cell.querySelector('.thumb')?.firstChild?.textContent ?? '';
        return [cell.querySelector('.name')?.textContent, image === null ? 'tile' : image.naturalWidth > 0 ? 'loads' : 'blocked', tile];
      }),
    );
    expect(shown).toEqual(PICTURES.map(([name, , outcome]) => [name, outcome, name[0]]));
    expect(problems).toEqual([]);
    expect(requested.map((address) => new URL(address).pathname).sort()).toEqual(
      PICTURES.filter(([, , outcome]) => outcome === 'loads')
        .map(([, address]) => new URL(address).pathname)
        .sort(),
    );
    await context.close();
  });
});
