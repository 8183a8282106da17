import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch, stayOnLoopback } from './browser.js';

// On a 320 px wide screen (the narrowest phones), an order with long amounts fits the screen in every language: no
// sideways scrolling, and each amount stays in its own cell with space between the unit price and the amount.

const available = chromiumAvailable();

const ORDERS = {
  ord_ada_idr: { currency: 'IDR', unit: 15_750_000, quantity: 2 },
  ord_ada_krw: { currency: 'KRW', unit: 3_750_000, quantity: 2 },
} as const;

describe.skipIf(!available)('an order on a 320 px screen', () => {
  let stack: Stack;
  let browser: Browser;
  // One signed-in page per language, which each order's test navigates: a new page costs Chromium a renderer process.
  const pages = new Map<string, Promise<Page>>();
  const contexts: BrowserContext[] = [];
  const pageFor = (locale: string): Promise<Page> => {
    let page = pages.get(locale);
    if (page === undefined) {
      page = (async () => {
        const context = await browser.newContext({ locale, viewport: { width: 320, height: 640 } });
        contexts.push(context);
        await stayOnLoopback(context);
        await context.setExtraHTTPHeaders({ Cookie: await stack.cookie('cus_ada') });
        return context.newPage();
      })();
      pages.set(locale, page);
    }
    return page;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ vars: { SHOP_URL: 'https://shop.example.com/' } }), launch()]);
    for (const [orderId, { currency, unit, quantity }] of Object.entries(ORDERS)) {
      stack.sandbox.putOrder({
        orderId,
        customerId: 'cus_ada',
        status: 'success',
        merchantReferenceId: 'ADA-2026-0107',
        originalCurrency: currency,
        paymentCurrency: currency,
        amountSubtotal: unit * quantity,
        amountTotal: unit * quantity,
        priceDataList: [{ name: 'Espresso machine', unitAmount: unit, quantity, currency, imageUrl: 'https://images.example.com/machine.png' }],
      });
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await stack?.close();
  });

  for (const locale of ['en-US', 'de-DE', 'fr-FR', 'es-ES']) {
    for (const orderId of Object.keys(ORDERS)) {
      test(`${locale}, ${orderId}: nothing wider than the screen, the unit price and the amount apart`, async () => {
        const page = await pageFor(locale);
        expect((await page.goto(`${stack.url}/orders/${orderId}`))?.status()).toBe(200);
        const measured = await page.evaluate(() => {
          const row = document.querySelector('tbody tr')!;
          const cells = [...row.querySelectorAll('td')].map((cell) => {
            const box = cell.getBoundingClientRect();
            // The text's own extent, which may run past its cell.
            const range = document.createRange();
            range.selectNodeContents(cell);
            const text = range.getBoundingClientRect();
            return {
              left: box.left,
              right: box.right,
              textLeft: text.left,
              textRight: text.right,
              top: text.top,
              bottom: text.bottom,
              text: cell.textContent,
            };
          });
          return { width: document.documentElement.scrollWidth, body: document.body.scrollWidth, cells };
        });
        expect(measured.width, JSON.stringify(measured)).toBeLessThanOrEqual(320);
        expect(measured.body, JSON.stringify(measured)).toBeLessThanOrEqual(320);
        const [, unitPrice, amount] = measured.cells;
        // Each amount's text inside the screen, and a visible gap between the unit price and the amount.
        for (const cell of [unitPrice!, amount!]) {
          expect(cell.textLeft, JSON.stringify(cell)).toBeGreaterThanOrEqual(0);
          expect(cell.textRight, JSON.stringify(cell)).toBeLessThanOrEqual(320);
        }
        // Apart: on lines of their own, or on one line with a gap.
        const ownLines = amount!.top >= unitPrice!.bottom;
        if (!ownLines) expect(amount!.textLeft - unitPrice!.textRight, JSON.stringify(measured.cells)).toBeGreaterThanOrEqual(8);
      });
    }
  }
});
