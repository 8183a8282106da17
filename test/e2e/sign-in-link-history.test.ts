import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { startStack } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from './browser.js';

// What a shared computer keeps of a sign-in link, in real Chromium with a profile on disk. The address bar, Back
// (with script and without) and the pages never hold the token. Chromium's history database keeps the link's own
// URL all the same (a redirect's source is recorded as visited): opened from there it is the link again, so it is
// bounded by the link's expiry and, with the SIGN_OUTS binding, by a sign-out, which ends every link issued before
// it (worker/README.md, Security). This checks that a sign-out on that computer ends the link the history kept.

const available = chromiumAvailable();

describe.skipIf(!available)('a sign-in link in a browser profile', () => {
  let stack: Stack;
  let profile: string;

  beforeAll(async () => {
    stack = await startStack();
    profile = mkdtempSync(join(tmpdir(), 'checkout-lookup-profile-'));
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  // Side by side, each in its own profile as its own customer: a sign-out ends every link of that customer issued before it.
  for (const [javaScriptEnabled, customer, order] of [
    [true, 'cus_ada', 'ord_ada_1'],
    [false, 'cus_grace', 'ord_grace_1'],
  ] as const) {
    test.concurrent(`script ${javaScriptEnabled ? 'on' : 'off'}: no token in the address bar or Back; the link the history keeps is ended by sign-out`, async ({
      expect,
    }) => {
      const directory = join(profile, javaScriptEnabled ? 'script' : 'no-script');
      const open = () =>
        chromium.launchPersistentContext(directory, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, javaScriptEnabled });
      const token = await stack.token(customer);
      const link = `${stack.url}/sign-in?${new URLSearchParams({ token, next: `/orders/${order}` })}`;
      let context = await open();
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(`${stack.url}/`);
        expect((await page.goto(link))?.status()).toBe(200);
        // The script also drops `next` from the address bar.
        expect([`${stack.url}/sign-in?next=%2Forders%2F${order}`, `${stack.url}/sign-in`]).toContain(page.url());
        expect(await page.content()).not.toContain(token);
        await Promise.all([page.waitForURL(`${stack.url}/orders/${order}`), page.getByRole('button', { name: 'Continue' }).click()]);
        expect(await page.locator('h1').innerText()).toBe('Your order');
        // The link's cookie is gone once used; the sign-in's stays.
        expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['__Host-checkout-lookup']);
        // Back: with script the Continue page was replaced; without, its token-less entry leads on to the order.
        await page.goBack();
        expect([`${stack.url}/`, `${stack.url}/orders/${order}`]).toContain(page.url());
        // The customer signs out on this computer: the link, issued before, is ended, whichever second it carries.
        await page.goto(`${stack.url}/sign-out`);
        await page.getByRole('button', { name: 'Sign out' }).click();
        // The form's answer comes from a POST and a KV write: seconds, with other files running beside this one.
        await expect.poll(() => page.locator('h1').innerText(), { timeout: 15_000 }).toBe('Signed out');
      } finally {
        await context.close();
      }

      const history = new DatabaseSync(join(directory, 'Default', 'History'), { readOnly: true });
      const urls = (history.prepare('SELECT url FROM urls').all() as { url: string }[]).map((row) => row.url);
      history.close();
      console.log(`History urls, script ${javaScriptEnabled ? 'on' : 'off'}: ${JSON.stringify(urls.map((url) => url.replace(token, '<token>')))}`);
      // Whoever uses the computer next finds the link in the history and opens it: refused, and nobody is signed in.
      const kept = urls.find((url) => url.includes(token)) ?? link;
      context = await open();
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        expect((await page.goto(kept))?.status()).toBe(401);
        expect(await page.locator('h1').innerText()).toBe('Sign-in failed');
        expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
        expect((await page.goto(`${stack.url}/orders/${order}`))?.status()).toBe(401);
      } finally {
        await context.close();
      }
    });
  }
});
