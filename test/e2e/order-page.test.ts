import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStack, upstreamRecord } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { ANNOUNCE_MS } from '../../worker/views/pending-script.js';
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
      await created.route(
        (url) => url.hostname !== '127.0.0.1',
        (route) => route.abort('namenotresolved'),
      );
    } else {
      refused = await stayOnLoopback(created);
    }
    return { context: created, refused };
  }

  // First and alone, as a customer no other test signs in as: the sign-out ends every sign-in of the customer made
  // before it, and every link minted up to 30 s after it (worker/README.md, "What before means").
  test('sign-out: the link opens a page, its button clears the cookie', async () => {
    const { context: ctx } = await context();
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_leaving', '/');
    await page.getByRole('link', { name: 'Sign out' }).click();
    expect(await ctx.cookies()).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The form's answer comes from a POST and a KV write: seconds, with other files running beside this one.
    await expect.poll(() => page.locator('h1').innerText(), { timeout: 15_000 }).toBe('Signed out');
    expect(await ctx.cookies()).toEqual([]);
    expect((await page.goto(`${stack.url}/orders/ord_ada_1`))?.status()).toBe(401);
    await ctx.close();
  });

  // Every test runs in a context of its own, signed in on its own or not at all, and changes only checkouts and orders
  // of its own: they run side by side (four at a time). The four that wait on the pages' timers (background checks, the
  // announcement, `expire`, a page without script left alone) come first, and the others run while they wait.
  const pending = async (id: string) => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    stack.sandbox.putSession({ ...upstream, sessionId: id, paymentStatus: 'processing', expire: new Date(Date.now() + 86_400_000).toISOString() });
  };

  test.concurrent('a pending checkout checks in the background, lands on its order with "Payment received", and Back leaves', async ({ expect }) => {
    await pending('cs_ada_e2e');
    // The sandbox's scenario: pending for 2 answers (the page's own, then its first background check), then
    // complete/paid with the order ord_ada_e2e.
    const remove = stack.sandbox.scenario({ kind: 'checkout-completes', sessionId: 'cs_ada_e2e', afterRequests: 2 });
    try {
      const { context: ctx } = await context();
      // Each change of the live region's words, and the moment each page goes away, on that page's own monotonic clock
      // (performance.now()), kept across the page change in sessionStorage. Clocks of two pages do not compare: a
      // page's Date.now() against the next page's navigation start stood 29 to 72 ms short in full runs.
      await ctx.addInitScript(() => {
        addEventListener('pagehide', () => sessionStorage.setItem('left', `${performance.now()}`));
        document.addEventListener('DOMContentLoaded', () => {
          const live = document.getElementById('live');
          if (live === null) return;
          const heard = () => sessionStorage.setItem('announced', `${performance.now()}|${live.textContent}`);
          new MutationObserver(heard).observe(live, { childList: true, characterData: true, subtree: true });
        });
      });
      const page = await ctx.newPage();
      const problems: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
      page.on('pageerror', (error) => problems.push(error.message));
      await signIn(stack, page, 'cus_ada', '/');
      await page.goto(`${stack.url}/sessions/cs_ada_e2e`);
      expect(await page.locator('#state').innerText()).toBe('We are confirming your payment');
      expect(await page.getByRole('status').innerText()).toBe('This page checks for you in the background.');
      const entries = await page.evaluate(() => history.length);
      await page.waitForURL(`${stack.url}/orders/ord_ada_e2e?from=checkout`, { timeout: 20_000 });
      expect(await page.locator('#state').innerText()).toBe('Payment received');
      // The last words of the checkout page were "Opening your order", and they stood ANNOUNCE_MS before that page
      // went away: long enough to be spoken.
      const [at, words] = ((await page.evaluate(() => sessionStorage.getItem('announced'))) ?? '').split('|');
      expect(words).toBe('Payment received. Opening your order…');
      const left = Number(await page.evaluate(() => sessionStorage.getItem('left')));
      expect(left - Number(at)).toBeGreaterThanOrEqual(ANNOUNCE_MS);
      expect(await page.locator('.totals strong').innerText()).toBe('€9.99');
      // The order replaced the checkout in the history: no entry was added, and Back leaves to the page before.
      expect(await page.evaluate(() => history.length)).toBe(entries);
      await page.goBack();
      expect(page.url()).toBe(`${stack.url}/`);
      expect(problems).toEqual([]);
      await ctx.close();
    } finally {
      remove();
    }
  });

  test.concurrent('the background checks slow down and stop after two minutes, saying so in the live region', async ({ expect }) => {
    await pending('cs_ada_slow');
    const { context: ctx } = await context();
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/');
    const checks: number[] = [];
    // The browser's clock two days ahead of the worker's, past the checkout's `expire` (a day away): the page must
    // not take it for expired (a reload loop); only the worker's clock counts.
    await page.clock.install({ time: Date.now() + 2 * 86_400_000 });
    page.on('request', (request) => {
      if (request.url().endsWith('/api/checkout/session/cs_ada_slow')) checks.push(Date.now());
    });
    await page.goto(`${stack.url}/sessions/cs_ada_slow?check=1`);
    // The counter in the address is dropped in place (replaceState): Back still leaves.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${stack.url}/sessions/cs_ada_slow`);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const live = page.getByRole('status');
    await expect
      .poll(
        async () => {
          await page.clock.runFor(10_000);
          return live.innerText();
        },
        { timeout: 30_000 },
      )
      .toBe('We stopped checking after two minutes. Use Check again, or come back later: nothing is lost.');
    // A fixed 3-second period would have made 40 checks in two minutes; slowing down makes about a dozen.
    expect(checks.length).toBeGreaterThanOrEqual(5);
    expect(checks.length).toBeLessThanOrEqual(12);
    const count = checks.length;
    await page.clock.runFor(300_000);
    expect(checks.length).toBe(count);
    // Never reloaded.
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.goBack();
    expect(page.url()).toBe(`${stack.url}/`);
    await ctx.close();
  });

  test.concurrent('a confirming checkout whose expire passes while the service still says "open" reloads once, by the worker\'s clock, to "Checkout expired during payment"', async ({
    expect,
  }) => {
    const { context: ctx } = await context();
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/');
    // The browser's clock a day behind the worker's: a script that compared `expire` with it would wait a day more.
    await page.clock.install({ time: Date.now() - 86_400_000 });
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    stack.sandbox.putSession({
      ...upstream,
      sessionId: 'cs_ada_expiring',
      paymentStatus: 'processing',
      expire: new Date(Date.now() + 8_000).toISOString(),
    });
    await page.goto(`${stack.url}/sessions/cs_ada_expiring`);
    expect(await page.locator('#state').innerText()).toBe('We are confirming your payment');
    const entries = await page.evaluate(() => history.length);
    const loads: string[] = [];
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && loads.push(frame.url())));
    await expect.poll(() => page.locator('#state').innerText(), { timeout: 30_000 }).toBe('Checkout expired during payment');
    // One reload in place: no history entry, and the expired page runs no script, so nothing moves after it: not in
    // five minutes of the page's (installed) clock, nor by a meta refresh, which that clock does not drive.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.clock.runFor(300_000);
    expect(await page.locator('meta[http-equiv="refresh" i]').count()).toBe(0);
    expect(loads).toEqual([`${stack.url}/sessions/cs_ada_expiring`]);
    await page.goBack();
    expect(page.url()).toBe(`${stack.url}/`);
    await ctx.close();
  });

  test.concurrent('without script: no automatic reloads, and Check again moves on to the order once there is one', async ({ expect }) => {
    await pending('cs_ada_noscript');
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    await stayOnLoopback(ctx);
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_ada', '/sessions/cs_ada_noscript');
    // The status line says how to check by hand.
    expect(await page.getByRole('status').innerText()).toBe('This page does not update by itself. Use Check again to see the latest status.');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.waitForTimeout(4_000);
    expect(navigations).toEqual([]);
    await page.getByRole('link', { name: 'Check again' }).click();
    await page.waitForURL(`${stack.url}/sessions/cs_ada_noscript?check=1`);
    const order = await upstreamRecord(stack, '/api/order/ord_ada_1');
    stack.sandbox.putOrder({ ...order, orderId: 'ord_ada_noscript', sessionId: 'cs_ada_noscript' });
    const session = await upstreamRecord(stack, '/api/checkout/session/cs_ada_noscript');
    stack.sandbox.putSession({ ...session, status: 'complete', paymentStatus: 'paid', orderId: 'ord_ada_noscript' });
    await page.getByRole('link', { name: 'Check again' }).click();
    await page.waitForURL(`${stack.url}/orders/ord_ada_noscript?from=checkout`);
    expect(await page.locator('#state').innerText()).toBe('Payment received');
    await ctx.close();
  });

  test.concurrent('a sign-in link shows Continue; the click signs in and lands on the order page, which shows the order', async ({ expect }) => {
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
    // Opening the link started no sign-in: only the link's own cookie (its token, for the Continue page) is kept.
    expect((await ctx.cookies()).map((kept) => kept.name)).toEqual(['__Secure-checkout-lookup-link']);
    const [response] = await Promise.all([page.waitForURL(`${stack.url}/orders/ord_ada_1`), page.getByRole('button', { name: 'Continue' }).click()]);
    void response;

    // The browser kept the sign-in cookie with its attributes, and no script can read it.
    const [cookie] = await ctx.cookies();
    expect(cookie).toMatchObject({ name: COOKIE, path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await expect(page.title()).resolves.toBe('Order ADA-2026-0042');
    expect(await page.locator('h1').innerText()).toBe('Your order');
    expect(await page.locator('#state').innerText()).toBe('Paid');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    // What a screen reader announces for each cell: its column header and its row header.
    expect(await page.getByRole('rowheader').first().innerText()).toContain('Single-origin espresso beans, 1 kg');
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(
      ['ITEM', 'QTY', 'UNIT PRICE', 'AMOUNT'].map((h) => expect.stringMatching(new RegExp(`^${h}$`, 'i'))),
    );
    expect(await rows.nth(0).locator('td').allInnerTexts()).toEqual(['2', '€24.99', '€49.98']);
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

  test.concurrent('another site cannot sign a signed-in customer in as someone else (login CSRF)', async ({ expect }) => {
    const { context: ctx } = await context();
    const page = await ctx.newPage();
    await signIn(stack, page, 'cus_grace');
    const signedIn = async () => (await ctx.cookies()).find((kept) => kept.name === COOKIE)?.value;
    const victim = await signedIn();
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
    expect(await signedIn()).toBe(victim);

    const refused = page.waitForResponse((response) => response.url() === `${stack.url}/sign-in` && response.request().method() === 'POST');
    await page.goto(`${ATTACKER}/post`);
    expect((await refused).status()).toBe(403);
    expect(await signedIn()).toBe(victim);

    // Still grace: her order opens, ada's does not.
    expect((await page.goto(`${stack.url}/orders/ord_grace_1`))?.status()).toBe(200);
    expect((await page.goto(`${stack.url}/orders/ord_ada_1`))?.status()).toBe(404);
    await ctx.close();
  });

  test.concurrent('product images from an offline host degrade to a tile with the initial', async ({ expect }) => {
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

  test.concurrent('a sign-in link with next pointing elsewhere does not leave the site', async ({ expect }) => {
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
