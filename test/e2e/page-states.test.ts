import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { startStack, upstreamRecord } from '../worker/harness.js';
import type { Stack } from '../worker/harness.js';
import { chromiumAvailable, launch, stayOnLoopback } from './browser.js';

// Every page state in all four languages, in Chromium under the pages' own Content-Security-Policy: axe-core
// finds no violation of a WCAG 2.0/2.1/2.2 A or AA rule, and at 320 CSS px (WCAG 1.4.10 Reflow) nothing is wider
// than the screen and item names keep a readable width. English and German screenshots of each state go to
// SCREENSHOTS_DIR (`npm run screenshots` writes docs/screenshots/, which worker/README.md links), else to
// test-output/e2e/states/. The violations and the widths per state go to test-output/e2e/axe.json.
//
// One browser; the four languages run at once (the e2e project's maxConcurrency), each in its own contexts (one per
// customer, with one page that each state navigates), so one language's page waits (navigation, images) overlap
// another's axe run. Nothing they share changes while they run: the service error is a fault on an order of its own,
// set once.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUTPUT = `${ROOT}test-output/e2e/`;
const SHOTS = process.env.SCREENSHOTS_DIR ? `${ROOT}${process.env.SCREENSHOTS_DIR.replace(/\/?$/, '/')}` : `${OUTPUT}states/`;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SHOP = 'https://shop.example.com/';
const available = chromiumAvailable();
const FUTURE = new Date(Date.now() + 7 * 86_400_000).toISOString();
/** The narrowest screen WCAG 1.4.10 asks pages to fit without scrolling sideways. */
const REFLOW = 320;
/** Wide enough for the desktop layout (a 46rem card), no wider: the screenshots stay small. */
const DESKTOP = { width: 860, height: 900 };
/** The narrowest an item's name may get at REFLOW: about ten letters, so names do not wrap a letter or two a line. */
const NAME_MIN = 96;

type Who = 'ada' | 'grace' | 'nobody' | 'limited';
interface State {
  readonly name: string;
  readonly path: string;
  readonly status: number;
  readonly who: Who;
  /** Words the English page must show (the state's title). */
  readonly english: string;
  /** A path that needs the stack (a sign-in link with a fresh token). */
  readonly pathFor?: (stack: Stack) => Promise<string>;
}

const STATES: readonly State[] = [
  { name: 'order-paid', path: '/orders/ord_ada_1', status: 200, who: 'ada', english: 'Paid' },
  { name: 'order-payment-received', path: '/orders/ord_ada_1?from=checkout', status: 200, who: 'ada', english: 'Payment received' },
  { name: 'order-other-currency', path: '/orders/ord_grace_1', status: 200, who: 'grace', english: 'the total is charged in British Pound' },
  { name: 'order-mixed-currencies', path: '/orders/ord_ada_mixed', status: 200, who: 'ada', english: 'more than one currency' },
  { name: 'order-processing', path: '/orders/ord_ada_pending', status: 200, who: 'ada', english: 'Payment being processed' },
  { name: 'order-refunded', path: '/orders/ord_ada_refunded', status: 200, who: 'ada', english: 'Refunded' },
  { name: 'order-failed', path: '/orders/ord_ada_failed', status: 200, who: 'ada', english: 'Payment failed' },
  { name: 'order-cancelled', path: '/orders/ord_ada_cancelled', status: 200, who: 'ada', english: 'Cancelled' },
  { name: 'order-unknown-status', path: '/orders/ord_ada_on_hold', status: 200, who: 'ada', english: 'Status not shown here' },
  { name: 'checkout-unpaid', path: '/sessions/cs_e2e_unpaid', status: 200, who: 'ada', english: 'Not paid yet' },
  { name: 'checkout-confirming', path: '/sessions/cs_e2e_confirming', status: 200, who: 'ada', english: 'We are confirming your payment' },
  { name: 'checkout-expired', path: '/sessions/cs_open_ada', status: 200, who: 'ada', english: 'Checkout expired' },
  { name: 'checkout-expired-paid', path: '/sessions/cs_e2e_expired_paid', status: 200, who: 'ada', english: 'Checkout expired after payment' },
  {
    name: 'checkout-expired-processing',
    path: '/sessions/cs_e2e_expired_processing',
    status: 200,
    who: 'ada',
    english: 'Checkout expired during payment',
  },
  { name: 'checkout-complete', path: '/sessions/cs_complete_ada', status: 200, who: 'ada', english: 'Payment received' },
  { name: 'checkout-unknown-status', path: '/sessions/cs_e2e_on_hold', status: 200, who: 'ada', english: 'Status not shown here' },
  { name: 'home-signed-in', path: '/', status: 200, who: 'ada', english: 'You are signed in as customer cus_ada.' },
  { name: 'home-signed-out', path: '/', status: 200, who: 'nobody', english: 'Open the link to an order' },
  { name: 'not-found', path: '/orders/ord_nobody', status: 404, who: 'ada', english: 'Not found' },
  { name: 'not-signed-in', path: '/orders/ord_ada_1', status: 401, who: 'nobody', english: 'Not signed in' },
  { name: 'too-many-requests', path: '/orders/ord_ada_1', status: 429, who: 'limited', english: 'Too many requests' },
  { name: 'service-error', path: '/orders/ord_ada_unavailable', status: 502, who: 'ada', english: 'Try again' },
  { name: 'sign-out', path: '/sign-out', status: 200, who: 'ada', english: 'Sign out' },
  {
    name: 'sign-in',
    path: '/sign-in',
    status: 200,
    who: 'nobody',
    english: 'Continue',
    pathFor: async (stack) => `/sign-in?${new URLSearchParams({ token: await stack.token('cus_ada'), next: '/orders/ord_ada_1' })}`,
  },
];

const LANGUAGES = [
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['fr', 'fr-FR'],
  ['es', 'es-ES'],
] as const;

async function seed(stack: Stack) {
  const order = await upstreamRecord(stack, '/api/order/ord_ada_1');
  for (const status of ['pending', 'refunded', 'failed', 'cancelled', 'on_hold']) {
    stack.sandbox.putOrder({ ...order, orderId: `ord_ada_${status}`, merchantReferenceId: null, status });
  }
  stack.sandbox.putOrder({ ...order, orderId: 'ord_ada_unavailable' });
  stack.sandbox.fault({ id: 'ord_ada_unavailable' }, { kind: 'status', status: 503 });
  const session = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
  stack.sandbox.putSession({ ...session, sessionId: 'cs_e2e_unpaid', expire: FUTURE });
  stack.sandbox.putSession({ ...session, sessionId: 'cs_e2e_confirming', paymentStatus: 'processing', expire: FUTURE });
  stack.sandbox.putSession({ ...session, sessionId: 'cs_e2e_on_hold', status: 'on_hold', expire: FUTURE });
  stack.sandbox.putSession({ ...session, sessionId: 'cs_e2e_expired_paid', status: 'expired', paymentStatus: 'paid' });
  stack.sandbox.putSession({ ...session, sessionId: 'cs_e2e_expired_processing', paymentStatus: 'processing' });
  stack.sandbox.putOrder({
    ...order,
    orderId: 'ord_ada_mixed',
    merchantReferenceId: 'ADA-2026-0051',
    amountSubtotal: 20,
    amountTotal: 20,
    priceDataList: [
      { ...order.priceDataList[1], unitAmount: 10, currency: 'USD' },
      { ...order.priceDataList[0], quantity: 1, unitAmount: 10 },
    ],
  });
}

/** The minute of the clock, as wrangler dev's rate limiter counts its windows (floor(now / period), period 60 s). */
const clockMinute = () => Math.floor(Date.now() / 60_000);

/** Signs a context in the way a customer does: the link, then the Continue button. Returns the page, now at `/`. */
async function signIn(stack: Stack, context: BrowserContext, sub: string): Promise<Page> {
  const page = await context.newPage();
  const token = await stack.token(sub);
  await page.goto(`${stack.url}/sign-in?${new URLSearchParams({ token, next: '/' })}`);
  await Promise.all([page.waitForURL(`${stack.url}/`), page.getByRole('button').click()]);
  return page;
}

/**
 * The WCAG A/AA violations axe-core finds in the page's document. axe-core is there already: each page runs it in every
 * document it loads (`addInitScript`, over the DevTools protocol, so the page's CSP stays as it is), sent to Chromium
 * once per page instead of once per state, which cost more CPU than axe's run itself.
 */
async function axe(page: Page): Promise<{ id: string; impact: string | null; nodes: string[] }[]> {
  const violations = await page.evaluate(async (tags) => {
    if (!('axe' in window)) throw new Error('axe-core is not in this document');
    const result = await (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[]; passes: unknown[] }>;
        };
      }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // Every rule runs and every violation comes back whole; passes and the rest keep one node each, so axe does
      // not build a selector for every node that passed.
      resultTypes: ['violations'],
    });
    // A run that checked nothing would pass too: it must have passed rules.
    if (result.passes.length === 0) throw new Error('axe checked nothing');
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, WCAG);
  return violations;
}

describe.skipIf(!available)('every page state, in four languages', () => {
  let stack: Stack;
  let limited: Stack;
  let browser: Browser;
  const report: Record<string, Record<string, Record<string, number>>> = {};

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The worker's own lookup deadline (10 s), not the harness's 2 s: no state here is a timeout, and four languages
    // at once on a busy machine must not turn a slow answer into a 504 page.
    const vars = { SHOP_URL: SHOP, UPSTREAM_TIMEOUT_MS: undefined };
    [stack, limited, browser] = await Promise.all([startStack({ vars }), startStack({ vars, rateLimit: { limit: 1, period: 60 } }), launch()]);
    await seed(stack);
  });
  afterAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    writeFileSync(`${OUTPUT}axe.json`, `${JSON.stringify(report, null, 2)}\n`);
    await browser?.close();
    await Promise.all([stack?.close(), limited?.close()]);
  });

  for (const [language, locale] of LANGUAGES) {
    test.concurrent(`${language}: each state answers its status, in ${locale}, with 0 WCAG 2.2 AA violations, none wider than ${REFLOW} px${language === 'en' || language === 'de' ? ', screenshots' : ''}`, {
      timeout: 600_000,
    }, async ({ expect }) => {
      const contexts: Partial<Record<Who, BrowserContext>> = {};
      // One page per customer, each state a navigation of it: a new page costs Chromium a renderer process, several
      // times the CPU of the navigation itself.
      const pages: Partial<Record<Who, Page>> = {};
      const refusedAll: string[] = [];
      for (const who of ['ada', 'grace', 'nobody', 'limited'] as const) {
        const context = await browser.newContext({ locale, viewport: DESKTOP });
        refusedAll.push(...(await stayOnLoopback(context)));
        contexts[who] = context;
        if (who === 'ada' || who === 'grace') pages[who] = await signIn(stack, context, `cus_${who}`);
        else if (who === 'limited') pages[who] = await signIn(limited, context, `cus_ada_${language}`);
        else pages[who] = await context.newPage();
        await pages[who].addInitScript(AXE);
      }
      const found: Record<string, number> = {};
      const widths: Record<string, number> = {};
      const narrowest: Record<string, number> = {};
      for (const state of STATES) {
        const origin = state.who === 'limited' ? limited.url : stack.url;
        const page = pages[state.who]!;
        // The previous state left it at REFLOW's width.
        await page.setViewportSize(DESKTOP);
        // The rate-limited customer spends their one lookup first.
        const minute = clockMinute();
        if (state.who === 'limited') await page.goto(`${origin}${state.path}`);
        const path = state.pathFor === undefined ? state.path : await state.pathFor(stack);
        let response = await page.goto(`${origin}${path}`);
        // wrangler dev's limiter counts per minute of the clock: when one ended between the two requests, the second
        // opened a new window. Spend that one too.
        if (state.who === 'limited' && response?.status() !== 429 && clockMinute() !== minute) {
          await page.goto(`${origin}${state.path}`);
          response = await page.goto(`${origin}${path}`);
        }
        expect(response?.status(), state.name).toBe(state.status);
        expect(await page.locator('html').getAttribute('lang')).toBe(locale);
        if (language === 'en') expect(await page.locator('main').innerText(), state.name).toContain(state.english);
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        const violations = await axe(page);
        found[state.name] = violations.length;
        expect(violations, `${state.name} in ${language}`).toEqual([]);
        if (language === 'en' || language === 'de') await page.screenshot({ path: `${SHOTS}${state.name}-${language}.png`, fullPage: true });
        // Nothing wider than the narrowest screen: no sideways scrolling, and item names not squeezed to a letter or
        // two a line. Soft, so one run reports every state's width.
        await page.setViewportSize({ width: REFLOW, height: 640 });
        const { width, names } = await page.evaluate(() => ({
          width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
          names: [...document.querySelectorAll('.name')].map((name) => Math.round(name.getBoundingClientRect().width)),
        }));
        widths[state.name] = width;
        if (names.length > 0) narrowest[state.name] = Math.min(...names);
        expect.soft(width, `${state.name} in ${language} at ${REFLOW} px`).toBeLessThanOrEqual(REFLOW);
        for (const name of names) expect.soft(name, `an item name in ${state.name}, ${language}`).toBeGreaterThanOrEqual(NAME_MIN);
      }
      report[language] = { violations: found, widthAt320: widths, narrowestItemNameAt320: narrowest };
      console.log(`axe (${WCAG.join(', ')}) violations per state, ${language}: ${JSON.stringify(found)}`);
      console.log(`page width at ${REFLOW} px per state, ${language}: ${JSON.stringify(widths)}`);
      console.log(`narrowest item name at ${REFLOW} px, ${language}: ${JSON.stringify(narrowest)}`);
      expect(refusedAll).toEqual([]);
      for (const context of Object.values(contexts)) await context.close();
    });
  }
});
