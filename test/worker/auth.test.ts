import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { bearer, openSignInLink } from './helpers.js';
import { ORIGIN, useLocalStack } from './in-process.js';
import type { Local as Stack } from './in-process.js';

const COOKIE = '__Host-checkout-lookup';
const encode = (text: string) => new TextEncoder().encode(text);

function sign(secret: string, claims: Record<string, unknown>, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(encode(secret));
}
const now = () => Math.floor(Date.now() / 1000);

const stack = useLocalStack();

/** Each forged or broken token, made against the running stack's secret. */
const attacks: [string, (stack: Stack) => Promise<string>][] = [
  ['garbage', async () => 'not-a-token'],
  [
    'a bad signature',
    async (s) => {
      const token = await s.token('cus_ada');
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      return `${token.slice(0, -2)}${last}${token.at(-1)}`;
    },
  ],
  ['alg none', async () => new UnsecuredJWT({ sub: 'cus_ada' }).setExpirationTime('1h').encode()],
  [
    'alg none with a copied signature',
    async (s) => {
      const [, payload, signature] = (await s.token('cus_ada')).split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
  ],
  ['an expired token', async (s) => sign(s.authSecret, { sub: 'cus_ada', iat: now() - 7200, exp: now() - 3600 })],
  ['HS256 signed with another key', async () => sign('another-secret-of-at-least-32-bytes!!', { sub: 'cus_ada', iat: now(), exp: now() + 3600 })],
  ['HS512 with the right key', async (s) => sign(s.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 3600 }, 'HS512')],
  ['no exp', async (s) => sign(s.authSecret, { sub: 'cus_ada', iat: now() })],
  ['no sub', async (s) => sign(s.authSecret, { iat: now(), exp: now() + 3600 })],
  ['no iat', async (s) => sign(s.authSecret, { sub: 'cus_ada', exp: now() + 3600 })],
  ['not yet valid (nbf in an hour)', async (s) => sign(s.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 7200, nbf: now() + 3600 })],
  ['issued an hour in the future (iat)', async (s) => sign(s.authSecret, { sub: 'cus_ada', exp: now() + 7200, iat: now() + 3600 })],
  ['iat not a number', async (s) => sign(s.authSecret, { sub: 'cus_ada', exp: now() + 3600, iat: 'now' })],
  ['a valid token with padding appended', async (s) => `${await s.token('cus_ada')}==`],
  ['a valid token with padding inside a part', async (s) => (await s.token('cus_ada')).replace('.', '=.')],
  ['a valid token with a changed padding bit in its signature', async (s) => flipPaddingBit(await s.token('cus_ada'))],
  ['a valid token with two parts', async (s) => (await s.token('cus_ada')).split('.').slice(0, 2).join('.')],
  ['a valid token with four parts', async (s) => `${await s.token('cus_ada')}.AAAA`],
  ['a valid token in standard base64 (+ and /)', async (s) => toStandardBase64(await s.token('cus_ada', { pad: '>>>???>>>' }))],
];

/**
 * The same token with the last character of its signature changed in the bits base64url does not use: decoders
 * that ignore them read the same bytes, so the token would verify, yet it is not the canonical spelling.
 */
function flipPaddingBit(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const signature = token.split('.')[2]!;
  // HS256: 32 bytes, 43 characters, the last one carrying 2 unused bits.
  expect(signature.length % 4).toBe(3);
  const last = alphabet.indexOf(signature.at(-1)!);
  return `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
}

function toStandardBase64(token: string): string {
  const standard = token.replace(/-/g, '+').replace(/_/g, '/');
  expect(standard).not.toBe(token);
  return standard;
}

/** The token with the characters no header can carry (CR, LF, NUL) made spaces. */
const headerSafe = (token: string) => token.replaceAll('\r', ' ').replaceAll('\n', ' ').replaceAll('\u0000', ' ');

/** Tokens a header can carry but a Set-Cookie value cannot, or that are the valid token with whitespace inside. */
const badBytes: [string, (token: string) => string][] = [
  ['a CR inside', (token) => token.replace('.', '.\r')],
  ['an LF inside', (token) => token.replace('.', '.\n')],
  ['a CRLF inside', (token) => token.replace('.', '\r\n.')],
  ['a space inside', (token) => token.replace('.', '. ')],
  ['a tab inside', (token) => token.replace('.', '\t.')],
  ['a semicolon and an attribute', (token) => token.replace('.', '; Domain=evil.example; x=.')],
  ['a comma', (token) => `${token},x`],
  ['a NUL', (token) => token.replace('.', '\u0000.')],
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

  test.each(badBytes)('a valid token with %s: 401 (never 500)', async (_name, spoil) => {
    const token = spoil(await stack.token('cus_ada'));
    const answer = await stack.send('/api/order/ord_ada_1', { headers: bearer(headerSafe(token)) });
    expect(answer.status).toBe(401);
    const page = await stack.send('/orders/ord_ada_1', { headers: { Cookie: `${COOKIE}=${headerSafe(token)}` } });
    expect(page.status).toBe(401);
  });

  test('another scheme or a malformed header: 401', async () => {
    const token = await stack.token('cus_ada');
    for (const value of [`Basic ${token}`, `Bearer`, `Bearer ${token} extra`, token]) {
      expect((await stack.send('/api/order/ord_ada_1', { headers: { Authorization: value } })).status).toBe(401);
    }
  });

  test('the session cookie alone does not open a JSON route', async () => {
    const answer = await stack.send('/api/order/ord_ada_1', { headers: { Cookie: await stack.cookie('cus_ada') } });
    expect(answer.status).toBe(401);
  });

  test('a token issued a few seconds in the future is still accepted (clock tolerance)', async () => {
    const token = await sign(stack.authSecret, { sub: 'cus_ada', exp: now() + 60, iat: now() + 20 });
    expect((await stack.send('/api/order/ord_ada_1', { headers: bearer(token) })).status).toBe(200);
  });

  test('a token expired a few seconds ago is still accepted (clock tolerance)', async () => {
    const token = await sign(stack.authSecret, { sub: 'cus_ada', iat: now() - 60, exp: now() - 5 });
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

  test("a sign-in link's own token as the cookie: 401 page (the cookie is the worker's session, never the link)", async () => {
    const answer = await stack.send('/orders/ord_ada_1', { headers: { Cookie: `${COOKIE}=${await stack.token('cus_ada')}` } });
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('Not signed in');
  });

  test('no cookie: 401 page', async () => {
    expect((await stack.send('/orders/ord_ada_1')).status).toBe(401);
  });

  test('a Bearer header does not open a page', async () => {
    expect((await stack.send('/orders/ord_ada_1', { headers: bearer(await stack.token('cus_ada')) })).status).toBe(401);
  });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

/** What the Continue page's button sends: the form, from this origin. */
function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return stack.send(path, {
    method: 'POST',
    headers: { 'Content-Type': FORM, Origin: stack.url, 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: form(fields),
  });
}

/** The hidden fields of the Continue page's form. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!
      .replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"');
  }
  return fields;
}

describe('GET /sign-in: a Continue page, no sign-in set or consumed', () => {
  test("its nonce'd script takes the token out of the address bar and history, and replaces the page once signed in", async () => {
    const token = await stack.token('cus_ada');
    const answer = await openSignInLink(stack, `/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    const nonce = /<script nonce="([^"]+)">/.exec(answer.body)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    const script = answer.body.slice(answer.body.indexOf(`<script nonce="${nonce}">`));
    expect(script).toContain("history.replaceState(null, '', location.pathname)");
    expect(script).toContain('location.replace(');
    expect(script).not.toContain(token);
    // A fresh nonce per answer.
    const again = await openSignInLink(stack, `/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    expect(/<script nonce="([^"]+)">/.exec(again.body)?.[1]).not.toBe(nonce);
  });

  test('leads to a 200 page with a form that posts next to /sign-in (the token stays in its cookie), and sets no sign-in', async () => {
    const token = await stack.token('cus_ada');
    const answer = await openSignInLink(stack, `/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).toContain('<form method="post" action="/sign-in">');
    expect(answer.body).toContain('<button class="button" type="submit">Continue</button>');
    expect(hiddenFields(answer.body)).toEqual({ next: '/orders/ord_ada_1' });
    // Only this page (and the sign-out page) may submit a form, and only to this site.
    expect(answer.headers['content-security-policy']).toContain("form-action 'self'");
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const order = await stack.send('/orders/ord_ada_1', { headers: { Cookie: await stack.cookie('cus_ada') } });
    expect(order.headers['content-security-policy']).toContain("form-action 'none'");
  });

  test('opened twice (a link scanner first, then the customer), it works both times', async () => {
    const token = await stack.token('cus_ada');
    const link = `/sign-in?${new URLSearchParams({ token, next: '/' })}`;
    expect((await openSignInLink(stack, link)).status).toBe(200);
    const again = await openSignInLink(stack, link);
    expect(again.status).toBe(200);
    expect((await post('/sign-in', hiddenFields(again.body), { Cookie: again.linkCookie! })).status).toBe(303);
  });

  test('a customer already signed in as someone else is told that Continue switches the sign-in', async () => {
    const theirs = await stack.token('cus_ada');
    const answer = await openSignInLink(stack, `/sign-in?${new URLSearchParams({ token: theirs, next: '/' })}`, {
      Cookie: await stack.cookie('cus_grace'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('signed in as another customer');
    expect(answer.headers['set-cookie']).toBeUndefined();
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
  ])('refuses next=%j on the link and on the form: 400, no cookie, no redirect', async (next) => {
    const token = await stack.token('cus_ada');
    for (const answer of [await stack.send(`/sign-in?${new URLSearchParams({ token, next })}`), await post('/sign-in', { token, next })]) {
      expect(answer.status).toBe(400);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.body).not.toContain('<form');
    }
  });

  test.each(attacks)('%s: 401 page, no cookie, no form', async (_name, make) => {
    const answer = await stack.send(`/sign-in?${new URLSearchParams({ token: await make(stack), next: '/' })}`);
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body).not.toContain('<form');
  });

  test('no token: 401 page', async () => {
    expect((await stack.send('/sign-in?next=/')).status).toBe(401);
  });
});

describe('POST /sign-in: the Continue button', () => {
  test('sets the __Host- cookie (HttpOnly, Secure, SameSite=Lax, Path=/) and redirects 303 to next', async () => {
    const token = await stack.token('cus_ada');
    const answer = await post('/sign-in', { token, next: '/orders/ord_ada_1' });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/orders/ord_ada_1');
    const [cookie] = answer.headers['set-cookie'] as string[];
    const [pair, ...attributes] = cookie!.split(';').map((part) => part.trim());
    // The worker's own session, never the link's token.
    expect(pair).toMatch(new RegExp(`^${COOKIE}=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(pair).not.toContain(token);
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
    expect((await post('/sign-in', { token })).headers.location).toBe('/');
    const next = '/sessions/cs_open_ada?tab=items#total';
    expect((await post('/sign-in', { token, next })).headers.location).toBe(next);
  });

  test.each([
    ['Sec-Fetch-Site: same-origin without Origin', { 'Sec-Fetch-Site': 'same-origin' }],
    [
      'Origin: null with Sec-Fetch-Site: same-origin (a form on a no-referrer page, as Chromium sends it)',
      { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
    ],
    ['our Origin without Sec-Fetch-Site (an older browser)', { Origin: ORIGIN }],
  ])('%s is accepted', async (_name, headers) => {
    const token = await stack.token('cus_ada');
    const answer = await stack.send('/sign-in', { method: 'POST', headers: { 'Content-Type': FORM, ...headers }, body: form({ token }) });
    expect(answer.status).toBe(303);
  });

  test.each([
    ['another site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['another site claiming same-origin in Sec-Fetch-Site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' }],
    ['our Origin with Sec-Fetch-Site: cross-site', { Origin: ORIGIN, 'Sec-Fetch-Site': 'cross-site' }],
    ['a sibling subdomain', { Origin: 'https://evil.shop.test', 'Sec-Fetch-Site': 'same-site' }],
    ['an opaque origin (sandboxed frame, data: URL)', { Origin: 'null' }],
    ['this host over http', { Origin: 'http://orders.shop.test' }],
    ['no Origin, Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['no Origin, Sec-Fetch-Site: none (typed or bookmarked)', { 'Sec-Fetch-Site': 'none' }],
    ['neither header', {}],
  ])('from %s: 403, no cookie', async (_name, headers) => {
    const token = await stack.token('cus_ada');
    const answer = await stack.send('/sign-in', { method: 'POST', headers: { 'Content-Type': FORM, ...headers }, body: form({ token, next: '/' }) });
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers.location).toBeUndefined();
  });

  test.each(attacks)('%s: 401 page, no cookie', async (_name, make) => {
    const answer = await post('/sign-in', { token: await make(stack), next: '/' });
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  test.each(badBytes)('a valid token with %s: 401 (never 500), no cookie', async (_name, spoil) => {
    const token = spoil(await stack.token('cus_ada'));
    const answer = await post('/sign-in', { token, next: '/' });
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    const link = await stack.send(`/sign-in?${new URLSearchParams({ token, next: '/' })}`);
    expect(link.status).toBe(401);
  });

  test('not a form, an empty token, an oversized body: refused without a cookie', async () => {
    const token = await stack.token('cus_ada');
    const json = await stack.send('/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack.url },
      body: JSON.stringify({ token }),
    });
    expect(json.status).toBe(400);
    expect((await post('/sign-in', { token: '' })).status).toBe(401);
    const huge = await post('/sign-in', { token, next: `/${'a'.repeat(20_000)}` });
    expect(huge.status).toBe(400);
    for (const answer of [json, huge]) expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-out', () => {
  test('GET /sign-out shows a button and clears nothing (a prefetch or an image elsewhere signs nobody out)', async () => {
    const answer = await stack.send('/sign-out', { headers: { Cookie: await stack.cookie('cus_ada') } });
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body).toContain('<form method="post" action="/sign-out">');
    expect(answer.headers['content-security-policy']).toContain("form-action 'self'");
  });

  test('GET /sign-out without a sign-in here says so and offers no button that would end nothing', async () => {
    for (const cookie of [undefined, `${COOKIE}=forged`]) {
      const answer = await stack.send('/sign-out', cookie === undefined ? {} : { headers: { Cookie: cookie } });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('Not signed in');
      expect(answer.body).not.toContain('<form method="post" action="/sign-out">');
      expect(answer.body).not.toContain('Sign out on all devices?');
    }
  });

  test('POST /sign-out from this site clears the cookie with the same attributes', async () => {
    // A customer of its own: the sign-out ends every sign-in of theirs up to its millisecond, and the tests after this
    // one sign cus_ada in at once.
    const answer = await stack.send('/sign-out', { method: 'POST', headers: { Origin: stack.url, Cookie: await stack.cookie('cus_leaving') } });
    expect(answer.status).toBe(200);
    const [cookie] = answer.headers['set-cookie'] as string[];
    const [pair, ...attributes] = cookie!.split(';').map((part) => part.trim());
    expect(pair).toBe(`${COOKIE}=`);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'Max-Age=0', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    expect(answer.body).toContain('Signed out');
  });

  test('POST /sign-out from another site: 403, the cookie stays', async () => {
    const answer = await stack.send('/sign-out', { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  test('the order page links to the sign-out page', async () => {
    const page = await stack.send('/orders/ord_ada_1', { headers: { Cookie: await stack.cookie('cus_ada') } });
    expect(page.body).toContain('<a href="/sign-out">Sign out</a>');
  });
});

describe('with AUTH_ISSUER and AUTH_AUDIENCE set', () => {
  const strict = useLocalStack({ vars: { AUTH_ISSUER: 'https://shop.example', AUTH_AUDIENCE: 'checkout-lookup' } });
  const claims = { sub: 'cus_ada', iss: 'https://shop.example', aud: 'checkout-lookup' };

  test('accepts the right issuer and audience', async () => {
    const token = await sign(strict.authSecret, { ...claims, iat: now(), exp: now() + 60 });
    expect((await strict.send('/api/order/ord_ada_1', { headers: bearer(token) })).status).toBe(200);
  });

  test.each([
    ['a wrong audience', { aud: 'another-app' }],
    ['no audience', { aud: undefined }],
    ['a wrong issuer', { iss: 'https://evil.example' }],
    ['no issuer', { iss: undefined }],
  ])('refuses %s', async (_name, change) => {
    const token = await sign(strict.authSecret, { ...claims, ...change, iat: now(), exp: now() + 60 });
    const answer = await strict.send('/api/order/ord_ada_1', { headers: bearer(token) });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('invalid_token');
  });
});
