import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch, stayOnLoopback } from './browser.js';

const OUTPUT = fileURLToPath(new URL('../../test-output/e2e/', import.meta.url));
const available = chromiumAvailable();

/** Collects every answer the page receives (headers and text), to scan them for secrets afterwards. */
function record(page: Page): Promise<string>[] {
  const seen: Promise<string>[] = [];
  page.on('response', (response) => {
    seen.push(
      (async () => {
        const headers = await response.allHeaders();
        const redirect = response.status() >= 300 && response.status() < 400;
        const body = redirect ? '' : await response.text().catch(() => '');
        return `${response.url()}\n${JSON.stringify(headers)}\n${body}`;
      })(),
    );
  });
  return seen;
}

async function expectNoSecret(seen: Promise<string>[], stack: Stack) {
  const texts = await Promise.all(seen);
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text.includes(stack.apiKey)).toBe(false);
    expect(text.includes(stack.authSecret)).toBe(false);
  }
}

describe.skipIf(!available)('the order page in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    [stack, browser] = await Promise.all([startStack(), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  test('signing in through /sign-in lands on the order page, which shows the order', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 900, height: 900 } });
    const refused = await stayOnLoopback(context);
    const page = await context.newPage();
    const seen = record(page);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    const token = await stack.token('cus_ada');
    const response = await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/orders/ord_ada_1');

    // The browser kept the sign-in cookie with its attributes.
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: '__Host-checkout-lookup', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
    // And no script can read it.
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await expect(page.title()).resolves.toBe('Order ord_ada_1');
    expect(await page.locator('h1').innerText()).toContain('ord_ada_1');
    expect(await page.locator('.status').first().innerText()).toBe('success');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain('Single-origin espresso beans, 1 kg');
    expect(await rows.nth(0).innerText()).toContain('€24.99');
    expect(await rows.nth(0).innerText()).toContain('€49.98');
    expect(await rows.nth(1).innerText()).toContain('Ceramic pour-over dripper');
    expect(await page.locator('dd strong').innerText()).toBe('€73.27');
    expect(await page.locator('time').first().innerText()).toMatch(/November 18, 2026/);

    // Both product images loaded (through the page's CSP, which allows https images only).
    const images = page.locator('tbody img');
    expect(await images.count()).toBe(2);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const widths = await images.evaluateAll((elements) => elements.map((element) => (element as HTMLImageElement).naturalWidth));
    expect(widths).toEqual([96, 96]);

    // The CSP forbids every script: an injected one does not run.
    expect(problems).toEqual([]);
    await page.screenshot({ path: `${OUTPUT}order-page.png`, fullPage: true });
    expect(refused).toEqual([]);
    await expectNoSecret(seen, stack);
    await context.close();
  });

  test('opening the order page without signing in shows the not-signed-in page', async () => {
    const context = await browser.newContext();
    await stayOnLoopback(context);
    const page = await context.newPage();
    const response = await page.goto(`${stack.url}/orders/ord_ada_1`);
    expect(response?.status()).toBe(401);
    expect(await page.locator('h1').innerText()).toBe('Not signed in');
    await context.close();
  });

  test('a sign-in link with next pointing elsewhere does not leave the site', async () => {
    const context = await browser.newContext();
    await stayOnLoopback(context);
    const page = await context.newPage();
    const seen = record(page);
    const token = await stack.token('cus_ada');
    const response = await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next: '/\\evil.example/' })}`);
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(stack.url);
    expect(await context.cookies()).toEqual([]);
    await expectNoSecret(seen, stack);
    await context.close();
  });
});
