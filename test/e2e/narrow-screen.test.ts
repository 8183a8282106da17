import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch, stayOnLoopback } from './browser.js';

// On a 320 px wide screen (the narrowest phones), at 560 px (a phone held sideways: the narrowest table layout), on a
// tablet's 768 px and a desktop's 1280 px, every page fits the screen in every language, at any amount the schema
// accepts (any finite number: up to Number.MAX_VALUE) in currencies with no, two and three decimals and in mixed
// currencies, and with ids and references of any length: no sideways scrolling. An order with long amounts keeps each
// amount in its own cell, with space between the unit price and the amount.

const available = chromiumAvailable();
const SCREEN = 320;
/** The widths the extremes are loaded at: the narrowest phone, a phone held sideways, a tablet, a desktop. */
const WIDTHS = [SCREEN, 560, 768, 1280] as const;
const MAX = Number.MAX_VALUE;
/** A reference and a name with no break point at all, and a customer id as long as a sign-in cookie can carry. */
const LONG = 'R'.repeat(1_500);
const LONG_SUB = `cus_${'9'.repeat(1_496)}`;
/** A customer id of a common shape: 30 characters, no break point. */
const ULID_SUB = 'cus_01HZY3K9Q4W8R2T6V5X7N1M3P0';

const ORDERS = {
  ord_ada_idr: { currency: 'IDR', unit: 15_750_000, quantity: 2 },
  ord_ada_krw: { currency: 'KRW', unit: 3_750_000, quantity: 2 },
} as const;

/** The largest amounts the schema accepts, in each currency: a subtotal and a total that differ, items that add up. */
const EXTREME_CURRENCIES = ['IDR', 'KRW', 'JPY', 'KWD', 'EUR'] as const;

/** Each extreme: the page to load and who reads it. */
const EXTREMES: readonly { readonly name: string; readonly path: string; readonly sub: string; readonly shows?: string }[] = [
  ...EXTREME_CURRENCIES.map((currency) => ({ name: `largest ${currency}`, path: `/orders/ord_max_${currency.toLowerCase()}`, sub: 'cus_ada' })),
  { name: 'IDR 123,456,789 and 135,802,468', path: '/orders/ord_idr_totals', sub: 'cus_ada' },
  { name: 'largest, mixed currencies', path: '/orders/ord_max_mixed', sub: 'cus_ada' },
  { name: 'largest IDR in KWD (converted)', path: '/orders/ord_max_converted', sub: 'cus_ada' },
  { name: 'largest quantity', path: '/orders/ord_max_quantity', sub: 'cus_ada' },
  { name: 'order, 1,500-character reference and name', path: '/orders/ord_long_reference', sub: 'cus_ada', shows: LONG },
  { name: 'order, 128-character id', path: `/orders/ord_${'a'.repeat(124)}`, sub: 'cus_ada' },
  { name: 'checkout, largest amounts and 1,500-character reference', path: '/sessions/cs_max', sub: 'cus_ada', shows: LONG },
  { name: 'home, 30-character customer id', path: '/', sub: ULID_SUB, shows: ULID_SUB },
  { name: 'home, 1,500-character customer id', path: '/', sub: LONG_SUB, shows: LONG_SUB },
  { name: 'not found, 1,500-character customer id', path: '/orders/ord_nobody', sub: LONG_SUB },
];

function seed(stack: Stack): void {
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
  const order = { customerId: 'cus_ada', status: 'success', merchantReferenceId: 'ADA-2026-0108', createTime: Date.UTC(2026, 10, 18, 14, 7) };
  const machine = { name: 'Espresso machine', quantity: 2, imageUrl: null };
  for (const currency of EXTREME_CURRENCIES) {
    stack.sandbox.putOrder({
      ...order,
      orderId: `ord_max_${currency.toLowerCase()}`,
      originalCurrency: currency,
      paymentCurrency: currency,
      amountSubtotal: MAX / 2,
      amountTotal: MAX,
      priceDataList: [{ ...machine, unitAmount: MAX / 4, currency }],
    });
  }
  stack.sandbox.putOrder({
    ...order,
    orderId: 'ord_idr_totals',
    paymentCurrency: 'IDR',
    amountSubtotal: 123_456_789,
    amountTotal: 135_802_468,
    priceDataList: [{ ...machine, quantity: 1, unitAmount: 123_456_789, currency: 'IDR' }],
  });
  stack.sandbox.putOrder({
    ...order,
    orderId: 'ord_max_mixed',
    originalCurrency: 'USD',
    paymentCurrency: 'EUR',
    amountSubtotal: MAX,
    amountTotal: MAX,
    priceDataList: [
      { ...machine, unitAmount: MAX / 2, currency: 'IDR' },
      { ...machine, unitAmount: MAX / 2, currency: 'KWD' },
    ],
    metadata: { exchangeRate: MAX },
  });
  stack.sandbox.putOrder({
    ...order,
    orderId: 'ord_max_converted',
    originalCurrency: 'IDR',
    paymentCurrency: 'KWD',
    amountSubtotal: MAX,
    amountTotal: MAX,
    priceDataList: [{ ...machine, quantity: 1, unitAmount: MAX, currency: 'IDR' }],
    metadata: { exchangeRate: 0.000_000_123_456 },
  });
  stack.sandbox.putOrder({
    ...order,
    orderId: 'ord_max_quantity',
    paymentCurrency: 'IDR',
    amountTotal: MAX,
    priceDataList: [{ ...machine, quantity: Number.MAX_SAFE_INTEGER, unitAmount: MAX / Number.MAX_SAFE_INTEGER, currency: 'IDR' }],
  });
  stack.sandbox.putOrder({
    ...order,
    orderId: 'ord_long_reference',
    merchantReferenceId: LONG,
    paymentCurrency: 'EUR',
    amountTotal: 12.5,
    paymentMethod: { paymentMethodType: 'CARD' },
    priceDataList: [{ ...machine, name: LONG, quantity: 1, unitAmount: 12.5, currency: 'EUR' }],
  });
  stack.sandbox.putOrder({ ...order, orderId: `ord_${'a'.repeat(124)}`, merchantReferenceId: null, paymentCurrency: 'EUR', amountTotal: 1 });
  stack.sandbox.putSession({
    sessionId: 'cs_max',
    customer: { customerId: 'cus_ada' },
    status: 'open',
    paymentStatus: 'unpaid',
    merchantReferenceId: LONG,
    created: '2026-11-18T14:07:31.412Z',
    expire: new Date(Date.now() + 86_400_000).toISOString(),
    originalCurrency: 'KWD',
    paymentCurrency: 'IDR',
    amountSubtotal: MAX,
    amountTotal: MAX,
    product: { productName: LONG },
    price: { recurring: { interval: 'month', freeTrialDays: Number.MAX_SAFE_INTEGER } },
    priceDataList: [{ ...machine, name: LONG, quantity: 1, unitAmount: MAX, currency: 'KWD' }],
  });
}

describe.skipIf(!available)('every page on a 320, 560, 768 and 1280 px screen', () => {
  let stack: Stack;
  let browser: Browser;
  // One page per language, customer and width, which each test navigates: a new page costs Chromium a renderer process.
  const pages = new Map<string, Promise<Page>>();
  const contexts: BrowserContext[] = [];
  const pageFor = (locale: string, sub = 'cus_ada', width: number = SCREEN): Promise<Page> => {
    let page = pages.get(`${locale} ${sub} ${width}`);
    if (page === undefined) {
      page = (async () => {
        const context = await browser.newContext({ locale, viewport: { width, height: 640 } });
        contexts.push(context);
        await stayOnLoopback(context);
        await context.setExtraHTTPHeaders({ Cookie: await stack.cookie(sub) });
        return context.newPage();
      })();
      pages.set(`${locale} ${sub} ${width}`, page);
    }
    return page;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ vars: { SHOP_URL: 'https://shop.example.com/' } }), launch()]);
    seed(stack);
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
        expect(measured.width, JSON.stringify(measured)).toBeLessThanOrEqual(SCREEN);
        expect(measured.body, JSON.stringify(measured)).toBeLessThanOrEqual(SCREEN);
        const [, unitPrice, amount] = measured.cells;
        // Each amount's text inside the screen, and a visible gap between the unit price and the amount.
        for (const cell of [unitPrice!, amount!]) {
          expect(cell.textLeft, JSON.stringify(cell)).toBeGreaterThanOrEqual(0);
          expect(cell.textRight, JSON.stringify(cell)).toBeLessThanOrEqual(SCREEN);
        }
        // Apart: on lines of their own, or on one line with a gap.
        const ownLines = amount!.top >= unitPrice!.bottom;
        if (!ownLines) expect(amount!.textLeft - unitPrice!.textRight, JSON.stringify(measured.cells)).toBeGreaterThanOrEqual(8);
      });
    }

    for (const width of WIDTHS) {
      test(`${locale}, ${width} px: the extremes (largest amounts, longest ids and references) are no wider than the screen`, async () => {
        const widths: Record<string, number> = {};
        for (const { name, path, sub, shows } of EXTREMES) {
          const page = await pageFor(locale, sub, width);
          const status = (await page.goto(`${stack.url}${path}`))?.status();
          expect(status, name).toBe(path === '/orders/ord_nobody' ? 404 : 200);
          const measured = await page.evaluate(() => ({
            width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
            // Every element's right edge, so text that overflows a box that hides it counts too.
            right: Math.max(...[...document.body.querySelectorAll('*')].map((element) => element.getBoundingClientRect().right)),
            text: document.body.innerText,
          }));
          // The extreme is on the page whole: wrapped, never cut or dropped.
          expect(measured.text, name).not.toMatch(/undefined|NaN|null/);
          if (shows !== undefined) expect(measured.text, name).toContain(shows);
          widths[name] = Math.ceil(Math.max(measured.width, measured.right));
          expect.soft(widths[name], `${name} in ${locale} at ${width} px: the widest element's right edge`).toBeLessThanOrEqual(width);
        }
        console.log(`widest at ${width} px, ${locale}: ${JSON.stringify(widths)}`);
      });
    }
  }
});
