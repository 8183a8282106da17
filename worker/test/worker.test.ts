import { createSandbox } from 'checkout-lookup/testing';
import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import worker from '../index.js';

// The worker's handler (worker/index.ts) called in this process, Request in and Response out, with a sandbox of the checkout
// service as its UPSTREAM binding and a KV namespace in memory for sign-outs. Add a test here for each promise
// your worker keeps.

const ORIGIN = 'https://orders.shop.test';
const FORM = 'application/x-www-form-urlencoded';

function stack() {
  const sandbox = createSandbox();
  const authSecret = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  const kv = new Map<string, string>();
  const env = {
    API_BASE_URL: 'https://checkout.invalid',
    API_KEY: sandbox.apiKey,
    AUTH_SECRET: authSecret,
    UPSTREAM: { fetch: (request: Request) => sandbox.fetch(request) },
    SIGN_OUTS: { get: async (key: string) => kv.get(key) ?? null, put: async (key: string, value: string) => void kv.set(key, value) },
  };
  const send = (path: string, init: RequestInit = {}) =>
    Promise.resolve(worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }), env));
  /** A sign-in token as your shop mints one for its customer. */
  const token = (sub: string) =>
    new SignJWT({ iat: Date.now() / 1000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(authSecret));
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
  return { sandbox, send, token, signIn };
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

  test('signing out ends the sign-in on every device', async () => {
    const { send, signIn } = stack();
    const laptop = await signIn('cus_ada');
    const phone = await signIn('cus_ada');
    expect((await send('/sign-out', { method: 'POST', headers: { Origin: ORIGIN, Cookie: laptop } })).status).toBe(200);
    expect((await send('/orders/ord_ada_1', { headers: { Cookie: phone } })).status).toBe(401);
  });
});
