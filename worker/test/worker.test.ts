import { env } from 'cloudflare:workers';
import { createSandbox } from 'checkout-lookup/testing';
import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import worker from '../index.js';

// Run by `npm test` inside workerd, the runtime that serves the worker in production (@cloudflare/vitest-plugin,
// vitest.config.ts), with the bindings wrangler.toml declares: SIGN_OUTS, a KV namespace, and RATE_LIMITER, a rate
// limiter, both local and empty at the start of each run. vitest.config.ts sets the secrets for the run and
// API_BASE_URL. The checkout service is a sandbox made in each test and reached through the UPSTREAM binding, as a
// service binding would reach the real one. Each test sends a Request and reads the Response: add one for each
// promise your worker keeps.

const ORIGIN = 'https://orders.shop.test';
const FORM = 'application/x-www-form-urlencoded';

function stack() {
  const sandbox = createSandbox({ apiKey: env.API_KEY });
  const bindings = { ...env, UPSTREAM: { fetch: (request: Request) => sandbox.fetch(request) } };
  const send = (path: string, init: RequestInit = {}) =>
    Promise.resolve(worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }), bindings));
  /** A sign-in token as your shop mints one for its customer. */
  const token = (sub: string) =>
    new SignJWT({ iat: Math.floor(Date.now() / 1000) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(env.AUTH_SECRET));
  /** Signs in as the Continue page's button does, and returns the Cookie header value. */
  const signIn = async (sub: string) => {
    const answer = await send('/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': FORM, Origin: ORIGIN },
      body: new URLSearchParams({ token: await token(sub), next: '/' }),
    });
    expect(answer.status).toBe(303);
    return answer.headers.get('Set-Cookie')!.split(';')[0]!;
  };
  return { send, token, signIn };
}

describe('the worker', () => {
  test('shows a signed-in customer their order', async () => {
    const { send, signIn } = stack();
    const answer = await send('/orders/ord_ada_1', { headers: { Cookie: await signIn('cus_ada'), 'Accept-Language': 'en' } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('ADA-2026-0042');
  });

  test("answers another customer's order as if it did not exist", async () => {
    const { send, token } = stack();
    const headers = { Authorization: `Bearer ${await token('cus_ada')}` };
    const theirs = await send('/api/order/ord_grace_1', { headers });
    const missing = await send('/api/order/ord_nobody', { headers });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await missing.text());
  });

  test('never shows the merchant-only fields on the JSON route', async () => {
    const { send, token } = stack();
    const answer = await send('/api/order/ord_ada_1', { headers: { Authorization: `Bearer ${await token('cus_ada')}` } });
    const { data } = (await answer.json()) as { data: Record<string, unknown> };
    expect(data.orderId).toBe('ord_ada_1');
    expect(data).not.toHaveProperty('metadata');
    expect(data.paymentMethod).not.toHaveProperty('paymentInstrumentId');
  });

  test('refuses a sign-in form posted from another site', async () => {
    const { send, token } = stack();
    const answer = await send('/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': FORM, Origin: 'https://evil.example' },
      body: new URLSearchParams({ token: await token('cus_ada'), next: '/' }),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('Set-Cookie')).toBeNull();
  });

  test('signing out ends the sign-in on every device (SIGN_OUTS)', async () => {
    const { send, signIn } = stack();
    const laptop = await signIn('cus_grace');
    const phone = await signIn('cus_grace');
    expect((await send('/orders/ord_grace_1', { headers: { Cookie: phone } })).status).toBe(200);
    expect((await send('/sign-out', { method: 'POST', headers: { Origin: ORIGIN, Cookie: laptop } })).status).toBe(200);
    expect((await send('/orders/ord_grace_1', { headers: { Cookie: phone } })).status).toBe(401);
  });

  test('answers 429 with Retry-After once a customer is over the rate limit (RATE_LIMITER)', async () => {
    const { send, token } = stack();
    const headers = { Authorization: `Bearer ${await token('cus_busy')}` };
    // wrangler.toml allows 60 lookups a minute per customer; lookups of records that do not exist count too. The
    // local binding counts in windows aligned to the clock's minutes, and 61 lookups across a minute's end fall into
    // two: start early in a minute (waiting at most 20 s).
    while (new Date().getSeconds() >= 40) await new Promise((resolve) => setTimeout(resolve, 250));
    const statuses: number[] = [];
    for (let lookup = 0; lookup < 61; lookup++) statuses.push((await send('/api/order/ord_nobody', { headers })).status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(statuses[60]).toBe(429);
    const refused = await send('/api/order/ord_nobody', { headers });
    expect(refused.headers.get('Retry-After')).toBe('60');
    // Another customer still gets through.
    expect((await send('/api/order/ord_ada_1', { headers: { Authorization: `Bearer ${await token('cus_ada')}` } })).status).toBe(200);
  }, 40_000);
});
