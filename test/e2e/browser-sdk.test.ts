import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch, sdkForBrowsers, stayOnLoopback } from './browser.js';

const available = chromiumAvailable();

/** A shop's page on its own loopback origin, serving the built SDK bundled as one module (as a shop's bundler would). */
async function serveShop(sdk: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === '/sdk.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(sdk);
    } else {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Shop</title><h1>Shop</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

// Kept as text: vitest rewrites `import()` in test code, and this runs in the page, not in Node. The lookup gets 30 s
// rather than the default 10 s: beside page-states and print on two cores, workerd's first answer took longer, and
// what is tested here is the answer across origins, not the deadline.
const IN_PAGE = `async ({ baseUrl, id, token }) => {
  const sdk = await import('/sdk.js');
  try {
    const headers = token ? { Authorization: 'Bearer ' + token } : undefined;
    const order = await sdk.getOrder(id, { baseUrl, headers, maxRetries: 0, timeout: 30000 });
    return { ok: true, orderId: order.orderId, createTime: order.createTime instanceof Date, instrument: order.paymentMethod?.paymentInstrumentId ?? null };
  } catch (error) {
    return { ok: false, name: error.name, status: error.status ?? null };
  }
}`;

/** Runs getOrder in the page, returning the order's fields or the error's name and status. */
function lookUpInPage(page: Page, baseUrl: string, id: string, token: string | undefined): Promise<unknown> {
  return page.evaluate(`(${IN_PAGE})(${JSON.stringify({ baseUrl, id, token })})`);
}

describe.skipIf(!available)('the SDK in a shop page in Chromium, against the worker across origins', () => {
  let stack: Stack;
  let browser: Browser;
  let shop: { origin: string; server: Server };
  let stranger: { origin: string; server: Server };

  beforeAll(async () => {
    const sdk = await sdkForBrowsers();
    [shop, stranger] = await Promise.all([serveShop(sdk), serveShop(sdk)]);
    [stack, browser] = await Promise.all([startStack({ vars: { ALLOWED_ORIGINS: shop.origin } }), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    shop?.server.close();
    stranger?.server.close();
  });

  async function open(origin: string): Promise<Page> {
    const context = await browser.newContext();
    await stayOnLoopback(context);
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    return page;
  }

  test('from an allowed origin: reads the order, without the payment instrument, with Dates', async () => {
    const page = await open(shop.origin);
    const result = await lookUpInPage(page, stack.url, 'ord_ada_1', await stack.token('cus_ada'));
    expect(result).toEqual({ ok: true, orderId: 'ord_ada_1', createTime: true, instrument: null });
    await page.context().close();
  });

  test('from an allowed origin: 404 and 401 arrive as ApiErrors the page can read', async () => {
    const page = await open(shop.origin);
    expect(await lookUpInPage(page, stack.url, 'ord_grace_1', await stack.token('cus_ada'))).toEqual({ ok: false, name: 'ApiError', status: 404 });
    expect(await lookUpInPage(page, stack.url, 'ord_ada_1', undefined)).toEqual({ ok: false, name: 'ApiError', status: 401 });
    await page.context().close();
  });

  test('an apiKey in a real page is refused before any request, naming dangerouslyAllowBrowser', async () => {
    const page = await open(shop.origin);
    const apiKey = `sk_test_${crypto.randomUUID()}`;
    const result = await page.evaluate(`(async () => {
      const sdk = await import('/sdk.js');
      try {
        await sdk.getOrder('ord_ada_1', { baseUrl: ${JSON.stringify(stack.url)}, apiKey: ${JSON.stringify(apiKey)}, fetch: () => { throw new Error('sent'); } });
        return { ok: true };
      } catch (error) {
        return { ok: false, name: error.name, message: error.message };
      }
    })()`);
    expect(result).toMatchObject({ ok: false, name: 'TypeError' });
    const { message } = result as { message: string };
    expect(message).toContain('"apiKey"');
    expect(message).toContain('dangerouslyAllowBrowser');
    expect(message).not.toContain(apiKey);
    await page.context().close();
  });

  test('from another origin: the browser withholds the answer', async () => {
    const page = await open(stranger.origin);
    expect(await lookUpInPage(page, stack.url, 'ord_ada_1', await stack.token('cus_ada'))).toEqual({ ok: false, name: 'NetworkError', status: null });
    await page.context().close();
  });
});
