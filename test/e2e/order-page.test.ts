import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack, upstreamRecord } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch, stayOnLoopback } from './browser.js';

const OUTPUT = fileURLToPath(new URL('../../test-output/e2e/', import.meta.url));
const COOKIE = '__Host-checkout-lookup';
const SHOP = 'https://shop.example.com/';
const ATTACKER = 'https://attacker.example';
const available = chromiumAvailable();

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

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

/** Signs the context in as `sub` the way a customer does: the link, then the Continue button. */
async function signIn(stack: Stack, page: Page, sub: string, next = '/') {
  const token = await stack.token(sub);
  const link = await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next })}`);
  expect(link?.status()).toBe(200);
  await Promise.all([page.waitForURL(`${stack.url}${next}`), page.getByRole('button').click()]);
}

describe.skipIf(!available)('the pages in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    [stack, browser] = await Promise.all([startStack({ vars: { SHOP_URL: SHOP } }), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function context(options: { locale?: string; viewport?: { width: number; height: number }; offline?: boolean } = {}) {
    const created = await browser.newContext({ locale: options.locale ?? 'en-US', viewport: options.viewport ?? VIEWPORTS.desktop });
    let refused: string[] = [];
    if (options.offline) {
      // As under `npm start`: the product image host does not answer.
      await created.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort('namenotresolved'));
    } else {
      refused = await stayOnLoopback(created);
    }
    return { context: created, refused };
  }

  test('a sign-in link shows Continue; the click signs in and lands on the order page, which shows the order', async () => {
    const { context: ctx, refused } = await context();
    const page = await ctx.newPage();
    const seen = record(page);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    const token = await stack.token('cus_ada');
    const link = await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    expect(link?.status()).toBe(200);
    // Opening the link set nothing.
    expect(await ctx.cookies()).toEqual([]);
    const [response] = await Promise.all([page.waitForURL(`${stack.url}/orders/ord_ada_1`), page.getByRole('button', { name: 'Continue' }).click()]);
    void response;

    // The browser kept the sign-in cookie with its attributes, and no script can read it.
    const [cookie] = await ctx.cookies();
    expect(cookie).toMatchObject({ name: COOKIE, path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await expect(page.title()).resolves.toBe('Order ADA-2026-0042');
    expect(await page.locator('h1').innerText()).toBe('ADA-2026-0042');
    expect(await page.locator('.badge').innerText()).toBe('Paid');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain('Single-origin espresso beans, 1 kg');
    expect(await rows.nth(0).innerText()).toContain('2 × €24.99');
    expect(await rows.nth(0).innerText()).toContain('€49.98');
    expect(await rows.nth(1).innerText()).toContain('Ceramic pour-over dripper');
    expect(await page.locator('.totals strong').innerText()).toBe('€73.27');
    expect(await page.locator('time').first().innerText()).toMatch(/November 18, 2026/);
    expect(await page.getByRole('link', { name: /Back to the shop/ }).getAttribute('href')).toBe(SHOP);

    // Both product images loaded (through the page's CSP, which allows https images only).
    const images = page.locator('tbody img');
    expect(await images.count()).toBe(2);
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const widths = await images.evaluateAll((elements) => elements.map((element) => (element as HTMLImageElement).naturalWidth));
    expect(widths).toEqual([96, 96]);

    // The CSP forbids every script: nothing ran, nothing failed.
    expect(problems).toEqual([]);
    expect(refused).toEqual([]);
    await expectNoSecret(seen, stack);
    await ctx.close();
  });

  test('another site cannot sign a signed-in customer in as someone else (login CSRF)', async () => {
    const { context: ctx } = await context();
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_grace');
    const victim = (await ctx.cookies())[0]?.value;
    const attackerToken = await stack.token('cus_ada');
    const link = `${stack.url}/sign-in?${new URLSearchParams({ token: attackerToken, next: '/orders/ord_ada_1' })}`;
    // The attacker's page navigates the victim to the link, and also posts the form straight to /sign-in.
    await ctx.route(`${ATTACKER}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      const body =
        path === '/navigate'
          ? `<!doctype html><script>location.href = ${JSON.stringify(link)}</script>`
          : `<!doctype html><form method="post" action="${stack.url}/sign-in"><input name="token" value="${attackerToken}"><input name="next" value="/orders/ord_ada_1"></form><script>document.forms[0].submit()</script>`;
      return route.fulfill({ status: 200, contentType: 'text/html', body });
    });

    await Promise.all([page.waitForURL(/\/sign-in\?/), page.goto(`${ATTACKER}/navigate`)]);
    expect(await page.locator('h1').innerText()).toBe('Sign in');
    // The victim is told that Continue would switch customers, and nothing changed without the click.
    expect(await page.locator('main').innerText()).toContain('signed in as another customer');
    expect((await ctx.cookies())[0]?.value).toBe(victim);

    const refused = page.waitForResponse((response) => response.url() === `${stack.url}/sign-in` && response.request().method() === 'POST');
    await page.goto(`${ATTACKER}/post`);
    expect((await refused).status()).toBe(403);
    expect((await ctx.cookies())[0]?.value).toBe(victim);

    // Still grace: her order opens, ada's does not.
    expect((await page.goto(`${stack.url}/orders/ord_grace_1`))?.status()).toBe(200);
    expect((await page.goto(`${stack.url}/orders/ord_ada_1`))?.status()).toBe(404);
    await ctx.close();
  });

  test('sign-out: the link opens a page, its button clears the cookie', async () => {
    const { context: ctx } = await context();
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/orders/ord_ada_1');
    await page.getByRole('link', { name: 'Sign out' }).click();
    expect(await ctx.cookies()).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Signed out');
    expect(await ctx.cookies()).toEqual([]);
    expect((await page.goto(`${stack.url}/orders/ord_ada_1`))?.status()).toBe(401);
    await ctx.close();
  });

  test('a pending checkout refreshes itself without script and moves on to the order once the service completes it', async () => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    stack.sandbox.putSession({ ...upstream, sessionId: 'cs_ada_e2e' });
    // The sandbox's scenario: open/unpaid for 3 answers, then complete/paid with the order ord_ada_e2e.
    const remove = stack.sandbox.scenario({ kind: 'checkout-completes', sessionId: 'cs_ada_e2e', afterRequests: 3 });
    try {
      const { context: ctx } = await context();
      const page = await ctx.newPage();
      const visited: string[] = [];
      page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search));
      await signIn(stack, page, 'cus_ada', '/sessions/cs_ada_e2e');
      expect(await page.getByRole('status').innerText()).toContain('We are confirming your payment');
      // The page reloads itself (meta refresh, counting), then lands on the order once the checkout has one.
      await page.waitForURL(`${stack.url}/orders/ord_ada_e2e`, { timeout: 20_000 });
      expect(visited).toEqual(expect.arrayContaining(['/sessions/cs_ada_e2e', '/sessions/cs_ada_e2e?check=1', '/orders/ord_ada_e2e']));
      expect(await page.locator('h1').innerText()).toBe('ADA-SUB-0001');
      expect(await page.locator('.badge').innerText()).toBe('Paid');
      expect(await page.locator('.totals strong').innerText()).toBe('€9.99');
      await ctx.close();
    } finally {
      remove();
    }
  });

  test('product images from an offline host degrade to a tile with the initial', async () => {
    const { context: ctx } = await context({ offline: true });
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/orders/ord_ada_1');
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const tiles = await page.locator('.thumb').evaluateAll((elements) =>
      elements.map((element) => ({
        text: (element as HTMLElement).innerText,
        width: element.getBoundingClientRect().width,
        image: (element.querySelector('img') as HTMLImageElement).naturalWidth,
      })),
    );
    expect(tiles).toEqual([
      { text: 'S', width: 56, image: 0 },
      { text: 'C', width: 56, image: 0 },
    ]);
    await page.screenshot({ path: `${OUTPUT}order-offline-images-en-desktop.png`, fullPage: true });
    await ctx.close();
  });

  describe('screenshots, each in English and German, at phone and desktop widths', () => {
    const shots = [
      ['order', '/orders/ord_ada_1', 200],
      ['checkout-pending', '/sessions/cs_open_ada', 200],
      ['checkout-complete', '/sessions/cs_complete_ada', 200],
      ['not-found', '/orders/ord_nobody', 404],
      ['not-signed-in', '/orders/ord_ada_1', 401],
    ] as const;
    for (const [language, locale] of [['en', 'en-US'], ['de', 'de-DE']] as const) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        test(`${language} ${width}`, async () => {
          const { context: ctx, refused } = await context({ locale, viewport });
          const page = await ctx.newPage();
          await signIn(stack, page, 'cus_ada');
          for (const [name, path, status] of shots) {
            if (status === 401) await ctx.clearCookies();
            const response = await page.goto(`${stack.url}${path}`);
            expect(response?.status()).toBe(status);
            expect(await page.locator('html').getAttribute('lang')).toBe(locale);
            await page.waitForFunction(() => [...document.images].every((image) => image.complete));
            // Nothing wider than the screen: no sideways scrolling on a phone.
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
            await page.screenshot({ path: `${OUTPUT}${name}-${language}-${width}.png`, fullPage: true });
          }
          expect(refused).toEqual([]);
          await ctx.close();
        });
      }
    }
  });

  test('a sign-in link with next pointing elsewhere does not leave the site', async () => {
    const { context: ctx } = await context();
    const page = await ctx.newPage();
    const seen = record(page);
    const token = await stack.token('cus_ada');
    const response = await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next: '/\\evil.example/' })}`);
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(stack.url);
    expect(await ctx.cookies()).toEqual([]);
    await expectNoSecret(seen, stack);
    await ctx.close();
  });
});
