import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, expectNoSecrets, startStack } from './harness.js';
import type { Stack } from './harness.js';

const COOKIE = '__Host-checkout-lookup';
const encode = (text: string) => new TextEncoder().encode(text);

function sign(secret: string, claims: Record<string, unknown>, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(encode(secret));
}
const now = () => Math.floor(Date.now() / 1000);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  expectNoSecrets(stack);
  await stack?.close();
});

/** Each forged or broken token, made against the running stack's secret. */
const attacks: [string, (stack: Stack) => Promise<string>][] = [
  ['garbage', async () => 'not-a-token'],
  ['a bad signature', async (s) => {
    const token = await s.token('cus_ada');
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    return `${token.slice(0, -2)}${last}${token.at(-1)}`;
  }],
  ['alg none', async () => new UnsecuredJWT({ sub: 'cus_ada' }).setExpirationTime('1h').encode()],
  ['alg none with a copied signature', async (s) => {
    const [, payload, signature] = (await s.token('cus_ada')).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }],
  ['an expired token', async (s) => sign(s.authSecret, { sub: 'cus_ada', exp: now() - 3600 })],
  ['HS256 signed with another key', async () => sign('another-secret-of-at-least-32-bytes!!', { sub: 'cus_ada', exp: now() + 3600 })],
  ['HS512 with the right key', async (s) => sign(s.authSecret, { sub: 'cus_ada', exp: now() + 3600 }, 'HS512')],
  ['no exp', async (s) => sign(s.authSecret, { sub: 'cus_ada' })],
  ['no sub', async (s) => sign(s.authSecret, { exp: now() + 3600 })],
  ['not yet valid (nbf in an hour)', async (s) => sign(s.authSecret, { sub: 'cus_ada', exp: now() + 7200, nbf: now() + 3600 })],
];

describe('JSON routes: Authorization: Bearer', () => {
  test('no token: 401 with a Bearer challenge', async () => {
    const answer = await stack.send('/api/order/ord_ada_1');
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="checkout-lookup"');
    expect(answer.json()).toEqual({ code: 401, msg: expect.any(String), data: null });
  });

  test.each(attacks)('%s: 401 invalid_token', async (_name, make) => {
    const answer = await stack.send('/api/order/ord_ada_1', { headers: bearer(await make(stack)) });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('Bearer');
    expect(answer.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(answer.json().data).toBeNull();
  });

  test('another scheme or a malformed header: 401', async () => {
    const token = await stack.token('cus_ada');
    for (const value of [`Basic ${token}`, `Bearer`, `Bearer ${token} extra`, token]) {
      expect((await stack.send('/api/order/ord_ada_1', { headers: { Authorization: value } })).status).toBe(401);
    }
  });

  test('the sign-in cookie alone does not open a JSON route', async () => {
    const token = await stack.token('cus_ada');
    const answer = await stack.send('/api/order/ord_ada_1', { headers: { Cookie: `${COOKIE}=${token}` } });
    expect(answer.status).toBe(401);
  });

  test('a token expired a few seconds ago is still accepted (clock tolerance)', async () => {
    const token = await sign(stack.authSecret, { sub: 'cus_ada', exp: now() - 5 });
    expect((await stack.send('/api/order/ord_ada_1', { headers: bearer(token) })).status).toBe(200);
  });
});

describe('pages: the sign-in cookie', () => {
  test.each(attacks)('%s: 401 page', async (_name, make) => {
    const answer = await stack.send('/orders/ord_ada_1', { headers: { Cookie: `${COOKIE}=${await make(stack)}` } });
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('Not signed in');
  });

  test('no cookie: 401 page', async () => {
    expect((await stack.send('/orders/ord_ada_1')).status).toBe(401);
  });

  test('a Bearer header does not open a page', async () => {
    expect((await stack.send('/orders/ord_ada_1', { headers: bearer(await stack.token('cus_ada')) })).status).toBe(401);
  });
});

describe('GET /sign-in', () => {
  test('sets the __Host- cookie (HttpOnly, Secure, SameSite=Lax, Path=/) and redirects 303 to next', async () => {
    const token = await stack.token('cus_ada');
    const answer = await stack.send(`/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    expect(answer.status).toBe(303);
    expect(answer.headers['location']).toBe('/orders/ord_ada_1');
    const [cookie] = answer.headers['set-cookie'] as string[];
    const [pair, ...attributes] = cookie!.split(';').map((part) => part.trim());
    expect(pair).toBe(`${COOKIE}=${token}`);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    expect(attributes.some((attribute) => /^domain=/i.test(attribute))).toBe(false);
    const maxAge = Number(attributes.find((attribute) => attribute.startsWith('Max-Age='))?.slice(8));
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['cache-control']).toBe('private, no-store');

    const page = await stack.send('/orders/ord_ada_1', { headers: { Cookie: `other=1; ${pair}` } });
    expect(page.status).toBe(200);
  });

  test('redirects to / without next, and keeps a query and fragment of a same-origin next', async () => {
    const token = await stack.token('cus_ada');
    expect((await stack.send(`/sign-in?token=${token}`)).headers['location']).toBe('/');
    const next = '/sessions/cs_open_ada?tab=items#total';
    expect((await stack.send(`/sign-in?${new URLSearchParams({ token, next })}`)).headers['location']).toBe(next);
  });

  test.each([
    '//evil.example',
    '//evil.example/orders/ord_ada_1',
    '/.//evil.example/phish',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    'https://evil.example',
    'http://evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'evil.example',
    'orders/ord_ada_1',
    '',
  ])('refuses next=%j: 400, no cookie, no redirect', async (next) => {
    const token = await stack.token('cus_ada');
    const answer = await stack.send(`/sign-in?${new URLSearchParams({ token, next })}`);
    expect(answer.status).toBe(400);
    expect(answer.headers['location']).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  test.each(attacks)('%s: 401 page, no cookie', async (_name, make) => {
    const answer = await stack.send(`/sign-in?${new URLSearchParams({ token: await make(stack), next: '/' })}`);
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  test('no token: 401 page', async () => {
    expect((await stack.send('/sign-in?next=/')).status).toBe(401);
  });
});

describe('with AUTH_ISSUER and AUTH_AUDIENCE set', () => {
  let strict: Stack;
  beforeAll(async () => {
    strict = await startStack({ vars: { AUTH_ISSUER: 'https://shop.example', AUTH_AUDIENCE: 'checkout-lookup' } });
  });
  afterAll(async () => {
    expectNoSecrets(strict);
    await strict?.close();
  });
  const claims = { sub: 'cus_ada', iss: 'https://shop.example', aud: 'checkout-lookup' };

  test('accepts the right issuer and audience', async () => {
    const token = await sign(strict.authSecret, { ...claims, exp: now() + 60 });
    expect((await strict.send('/api/order/ord_ada_1', { headers: bearer(token) })).status).toBe(200);
  });

  test.each([
    ['a wrong audience', { aud: 'another-app' }],
    ['no audience', { aud: undefined }],
    ['a wrong issuer', { iss: 'https://evil.example' }],
    ['no issuer', { iss: undefined }],
  ])('refuses %s', async (_name, change) => {
    const token = await sign(strict.authSecret, { ...claims, ...change, exp: now() + 60 });
    const answer = await strict.send('/api/order/ord_ada_1', { headers: bearer(token) });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('invalid_token');
  });
});
