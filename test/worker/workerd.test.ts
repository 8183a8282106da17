import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, expectNoSecrets, stableHeaders, startStack, upstreamRecord } from './harness.js';
import { openSignInLink } from './helpers.js';
import type { Stack } from './harness.js';

// The small suite in the real runtime: the worker in workerd (wrangler's unstable_startWorker), over loopback HTTP,
// against the sandbox over loopback HTTP. What only the runtime can show: its Request/Headers/URL, raw paths that
// no client library would send, cookies in Set-Cookie, timers and cancellation, many identical requests at once in
// one isolate, and the rate-limit binding. Everything else is tested in-process (api, auth, http, pages, units).

const COOKIE = '__Host-checkout-lookup';
const UPSTREAM_TIMEOUT_MS = 3000;
let stack: Stack;
let limited: Stack;
let ada: string;

// Both runtimes start at once: most of a start is waiting.
beforeAll(async () => {
  [stack, limited] = await Promise.all([
    // A deadline short enough for the stall test to be quick, long enough that the 256 overlapping lookups of the
    // 32-client test each finish inside it on a loaded two-core machine.
    startStack({ vars: { UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS), SHOP_URL: 'https://shop.example.com' } }),
    startStack({ rateLimit: { limit: 3, period: 60 } }),
  ]);
  ada = await stack.token('cus_ada');
});
afterAll(async () => {
  expectNoSecrets(stack);
  expectNoSecrets(limited);
  await Promise.all([stack?.close(), limited?.close()]);
});

test('the JSON route answers the allow-listed view, with Server-Timing', async () => {
  const upstream = await upstreamRecord(stack, '/api/order/ord_ada_1');
  stack.sandbox.putOrder({
    ...upstream,
    orderId: 'ord_ada_extra',
    internalNote: 'LEAK_1',
    paymentMethod: { ...upstream.paymentMethod, billingAddress: 'LEAK_2' },
  });
  const answer = await stack.send('/api/order/ord_ada_extra', { headers: bearer(ada) });
  expect(answer.status).toBe(200);
  expect(answer.body).not.toContain('LEAK');
  expect(answer.body).not.toContain(upstream.paymentMethod.paymentInstrumentId);
  expect(answer.json().data.paymentMethod).toEqual({ paymentMethodType: 'CARD' });
  expect(answer.headers['server-timing']).toMatch(/^upstream;dur=\d+/);
});

test('sign-in: the link shows Continue; its POST from this origin sets the cookie; the page then renders in German', async () => {
  const token = await stack.token('cus_ada');
  const link = await openSignInLink(stack, `/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
  expect(link.status).toBe(200);
  expect(link.headers['set-cookie']).toBeUndefined();
  const body = new URLSearchParams({ token, next: '/orders/ord_ada_1' }).toString();
  const form = { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) };
  const crossSite = await stack.send('/sign-in', { method: 'POST', headers: { ...form, Origin: 'https://evil.example' }, body });
  expect(crossSite.status).toBe(403);
  expect(crossSite.headers['set-cookie']).toBeUndefined();
  const posted = await stack.send('/sign-in', { method: 'POST', headers: { ...form, Origin: stack.url }, body });
  expect(posted.status).toBe(303);
  expect(posted.headers.location).toBe('/orders/ord_ada_1');
  const [cookie] = posted.headers['set-cookie'] as string[];
  const pair = cookie!.split(';')[0]!;
  // The worker's own session, never the link's token.
  expect(pair).toMatch(new RegExp(`^${COOKIE}=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
  expect(pair).not.toContain(token);
  const page = await stack.send('/orders/ord_ada_1', { headers: { Cookie: pair, 'Accept-Language': 'de-DE' } });
  expect(page.status).toBe(200);
  expect(page.body).toContain('<dt>Bestellnummer (bei Fragen an den Shop angeben)</dt><dd>ADA-2026-0042</dd>');
  expect(page.body).toMatch(/73,27\s€/);
  expect(page.body).toContain('<a href="https://shop.example.com/">');
});

test('a token with CR/LF inside, in the form: 401, never 500 (workerd refuses such a Set-Cookie value)', async () => {
  const token = await stack.token('cus_ada');
  for (const spoilt of [token.replace('.', '.\r\n'), token.replace('.', '. '), `${token}==`]) {
    const body = new URLSearchParams({ token: spoilt, next: '/' }).toString();
    const answer = await stack.send('/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length), Origin: stack.url },
      body,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  }
});

test.each([
  '/api/order/..%2F..%2Fapi%2Forder%2Ford_grace_1',
  '/api/order/ord_ada_1%2F..%2Ford_grace_1',
  '/api/order/%2e%2e',
  '/api/order/..',
  '/api/checkout/session/cs_open_ada/..',
])('the raw path %s answers the same 404 and never reaches the service', async (path) => {
  const reference = await stack.send('/api/order/ord_nobody', { headers: bearer(ada) });
  stack.sandbox.clearLog();
  const answer = await stack.send(path, { headers: bearer(ada) });
  expect(answer.status).toBe(404);
  expect(answer.body).toBe(reference.body);
  expect(stableHeaders(answer)).toEqual(stableHeaders(reference));
  expect(stack.sandbox.log).toEqual([]);
});

/** A Cookie header as the browser gets it: the Continue page's POST, whatever the cookie holds. */
async function signedIn(sub: string): Promise<string> {
  const body = new URLSearchParams({ token: await stack.token(sub), next: '/' }).toString();
  const posted = await stack.send('/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length), Origin: stack.url },
    body,
  });
  const [cookie] = posted.headers['set-cookie'] as string[];
  return cookie!.split(';')[0]!;
}

test("workerd's Intl: currency names, each amount in its currency, times labelled with their zone", async () => {
  const page = await stack.send('/orders/ord_grace_1', { headers: { Cookie: await signedIn('cus_grace'), 'Accept-Language': 'de-DE' } });
  expect(page.status).toBe(200);
  const html = page.body.replace(/[\u00a0\u202f]/g, ' ');
  expect(html).toContain('<strong>71,17 £</strong>');
  expect(html).toContain('Preise in US-Dollar (USD); der Gesamtbetrag wird in Britisches Pfund (GBP) berechnet.');
  expect(html).toContain('Wechselkurs: 1 USD = 0,7917 GBP.');
  // wrangler dev gives request.cf a zone of its own or none: either way the zone is named.
  expect(html).toMatch(/Zeiten in [A-Za-z_/+-]+\./);
});

test('a pending checkout: its script runs by a nonce of this answer, and the JSON route answers its same-origin check', async () => {
  const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
  stack.sandbox.putSession({
    ...upstream,
    sessionId: 'cs_ada_workerd',
    paymentStatus: 'processing',
    expire: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const cookie = await signedIn('cus_ada');
  const page = await stack.send('/sessions/cs_ada_workerd', { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const nonce = /<script nonce="([A-Za-z0-9+/=]{24})">/.exec(page.body)?.[1];
  expect(nonce).toBeDefined();
  expect(page.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
  const check = await stack.send('/api/checkout/session/cs_ada_workerd', { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } });
  expect(check.status).toBe(200);
  expect(check.json().data.paymentStatus).toBe('processing');
});

test('TRACE: 405', async () => {
  expect((await stack.send('/api/order/ord_ada_1', { method: 'TRACE', headers: bearer(ada) })).status).toBe(405);
});

test('a stalled answer becomes 504 at the deadline (UPSTREAM_TIMEOUT_MS), with the request id', async () => {
  const remove = stack.sandbox.fault({ route: 'session' }, { kind: 'stall' });
  try {
    const started = Date.now();
    const answer = await stack.send('/api/checkout/session/cs_open_ada', { headers: bearer(ada) });
    expect(answer.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 100);
    expect(answer.headers['x-request-id']).toBe(answer.json().requestId);
  } finally {
    remove();
  }
});

test('32 clients asking for the same order at once, JSON route and page: each request gets its own right answer', async () => {
  // Identical requests overlapping all the time, as under load. Each request makes its own lookup: a response built
  // in another request's I/O context fails in workerd ("Cannot perform I/O on behalf of a different request").
  stack.sandbox.clearLog();
  const cookie = await stack.cookie('cus_ada');
  const client = async (index: number) => {
    const answers = [];
    for (let round = 0; round < 8; round += 1) {
      const page = (index + round) % 2 === 0;
      const answer = await stack.send(page ? '/orders/ord_ada_1' : '/api/order/ord_ada_1', { headers: page ? { Cookie: cookie } : bearer(ada) });
      answers.push({ page, answer });
    }
    return answers;
  };
  const answers = (await Promise.all(Array.from({ length: 32 }, (_, index) => client(index)))).flat();
  expect(answers.filter(({ answer }) => answer.status !== 200).map(({ answer }) => answer.status)).toEqual([]);
  for (const { page, answer } of answers) {
    if (page) expect(answer.body).toContain('<dd>ADA-2026-0042</dd>');
    else expect(answer.json().data).toMatchObject({ orderId: 'ord_ada_1', merchantReferenceId: 'ADA-2026-0042' });
  }
  // One call to the service per request.
  expect(stack.sandbox.log).toHaveLength(answers.length);
});

describe('the Workers rate-limit binding', () => {
  test('limits each signed-in customer on their own, with 429 and Retry-After', async () => {
    const token = await limited.token('cus_ada');
    // The binding counts in windows aligned to the clock's minutes (miniflare: floor(now / period)): lookups across a
    // minute's end fall into two. Start early in a minute (waiting at most 20 s).
    while (new Date().getSeconds() >= 40) await new Promise((resolve) => setTimeout(resolve, 250));
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await limited.send('/api/order/ord_ada_1', { headers: bearer(token) })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const page = await limited.send('/orders/ord_ada_1', { headers: { Cookie: await limited.cookie('cus_ada') } });
    expect(page.status).toBe(429);
    expect(page.headers['retry-after']).toBe('60');
    const grace = await limited.token('cus_grace');
    expect((await limited.send('/api/order/ord_grace_1', { headers: bearer(grace) })).status).toBe(200);
  }, 60_000);
});

test("sign-out through wrangler's local KV (SIGN_OUTS in wrangler.toml): a copy of the sign-in cookie is refused", async () => {
  // A link from a second before the sign-out (links carry whole seconds).
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('cus_grace')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 1)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(stack.authSecret));
  const body = new URLSearchParams({ token, next: '/' }).toString();
  const form = { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length), Origin: stack.url };
  const posted = await stack.send('/sign-in', { method: 'POST', headers: form, body });
  const pair = (posted.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
  expect((await stack.send('/orders/ord_grace_1', { headers: { Cookie: pair } })).status).toBe(200);
  const out = await stack.send('/sign-out', { method: 'POST', headers: { Origin: stack.url, Cookie: pair } });
  expect(out.status).toBe(200);
  expect((await stack.send('/orders/ord_grace_1', { headers: { Cookie: pair } })).status).toBe(401);
  expect((await stack.send('/api/order/ord_grace_1', { headers: bearer(token) })).status).toBe(401);
});
