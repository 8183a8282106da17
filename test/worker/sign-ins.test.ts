import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, test, vi } from 'vitest';
import { bearer, openSignInLink, SIGN_IN_COOKIE, SIGN_IN_TYPE } from './helpers.js';
import { useLocalStack, withLocalStack } from './in-process.js';
import type { Local } from './in-process.js';

// Sign-ins that end: a sign-in link is exchanged for a sign-in of the worker's own, capped in time; links made to
// live too long, expired links and sign-ins too large for a cookie are refused with a page that says so.

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const FORM = 'application/x-www-form-urlencoded';

function sign(secret: string, claims: Record<string, unknown>, typ = 'JWT') {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ }).sign(new TextEncoder().encode(secret));
}

const stack = useLocalStack();

/** The Continue button's POST, from this site. */
function signIn(local: Local, token: string, headers: Record<string, string> = {}) {
  return local.send('/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': FORM, Origin: local.url, 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: new URLSearchParams({ token, next: '/orders/ord_ada_1' }).toString(),
  });
}

/** The link as a customer's browser opens it (its redirect to the Continue page followed). */
function openLink(local: Local, token: string, headers: Record<string, string> = {}) {
  return openSignInLink(local, `/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`, headers);
}

/** The sign-in a link started: the cookie's token decoded, and its Max-Age. */
function signInOf(setCookie: string | string[] | undefined) {
  const [cookie] = setCookie as string[];
  const [pair, ...attributes] = cookie!.split(';').map((part) => part.trim());
  const token = pair!.slice(SIGN_IN_COOKIE.length + 1);
  const maxAge = Number(attributes.find((attribute) => attribute.startsWith('Max-Age='))?.slice('Max-Age='.length));
  return { pair: pair!, token, maxAge, header: decodeProtectedHeader(token), claims: decodeJwt(token) };
}

describe('the sign-in a link starts', () => {
  test("is the worker's own token, not the link's, typed as the worker's sign-in, ending with the link when the link is shorter", async () => {
    const link = await sign(stack.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 3600 });
    const answer = await signIn(stack, link);
    expect(answer.status).toBe(303);
    const signedIn = signInOf(answer.headers['set-cookie']);
    expect(signedIn.token).not.toBe(link);
    expect(signedIn.header).toEqual({ alg: 'HS256', typ: SIGN_IN_TYPE });
    expect(signedIn.claims.sub).toBe('cus_ada');
    expect(signedIn.claims.exp).toBe(decodeJwt(link).exp);
    expect(signedIn.maxAge).toBeGreaterThan(3500);
    expect(signedIn.maxAge).toBeLessThanOrEqual(3600);
    expect((await stack.send('/orders/ord_ada_1', { headers: { Cookie: signedIn.pair } })).status).toBe(200);
  });

  test('lasts at most 12 hours by default, however long the link lives', async () => {
    const link = await sign(stack.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 6 * DAY });
    const signedIn = signInOf((await signIn(stack, link)).headers['set-cookie']);
    // `iat` is to the millisecond, `exp` a whole second: the lifetime is within the last second of the cap.
    expect(signedIn.claims.exp! - signedIn.claims.iat!).toBeGreaterThan(12 * 3600 - 1);
    expect(signedIn.claims.exp! - signedIn.claims.iat!).toBeLessThanOrEqual(12 * 3600);
    expect(signedIn.maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(signedIn.maxAge).toBeLessThanOrEqual(12 * 3600);
  });

  test('lasts at most SESSION_MAX_AGE_SECONDS when set', async () => {
    await withLocalStack({ vars: { SESSION_MAX_AGE_SECONDS: '600' } }, async (short) => {
      const signedIn = signInOf((await signIn(short, await short.token('cus_ada'))).headers['set-cookie']);
      expect(signedIn.claims.exp! - signedIn.claims.iat!).toBeGreaterThan(599);
      expect(signedIn.claims.exp! - signedIn.claims.iat!).toBeLessThanOrEqual(600);
      expect(signedIn.maxAge).toBeLessThanOrEqual(600);
      // A sign-in made under a longer cap (12 hours) ends as soon as the cap is lowered.
      expect((await short.send('/orders/ord_ada_1', { headers: { Cookie: await short.cookie('cus_ada') } })).status).toBe(401);
      expect((await short.send('/orders/ord_ada_1', { headers: { Cookie: signedIn.pair } })).status).toBe(200);
    });
  });

  test('is refused as a sign-in cookie when forged, expired, typed as a link, or made to outlast the cap', async () => {
    const { authSecret } = stack;
    const forged: [string, string][] = [
      ['another key', await sign('another-secret-of-at-least-32-bytes!!', { sub: 'cus_ada', iat: now(), exp: now() + 60 }, SIGN_IN_TYPE)],
      ['expired', await sign(authSecret, { sub: 'cus_ada', iat: now() - 7200, exp: now() - 3600 }, SIGN_IN_TYPE)],
      ['a link (typ JWT)', await sign(authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 60 })],
      [
        'no typ',
        await new SignJWT({ sub: 'cus_ada', iat: now(), exp: now() + 60 })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode(authSecret)),
      ],
      ['no iat', await sign(authSecret, { sub: 'cus_ada', exp: now() + 60 }, SIGN_IN_TYPE)],
      ['13 hours long', await sign(authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 13 * 3600 }, SIGN_IN_TYPE)],
      ['issued in an hour', await sign(authSecret, { sub: 'cus_ada', iat: now() + 3600, exp: now() + 7200 }, SIGN_IN_TYPE)],
    ];
    for (const [name, token] of forged) {
      const answer = await stack.send('/orders/ord_ada_1', { headers: { Cookie: `${SIGN_IN_COOKIE}=${token}` } });
      expect([name, answer.status]).toEqual([name, 401]);
    }
  });

  test("the worker's sign-in is not a sign-in link, nor a Bearer token", async () => {
    const cookie = await stack.cookie('cus_ada');
    const token = cookie.slice(SIGN_IN_COOKIE.length + 1);
    expect((await openLink(stack, token)).status).toBe(401);
    expect((await signIn(stack, token)).headers['set-cookie']).toBeUndefined();
    expect((await stack.send('/api/order/ord_ada_1', { headers: bearer(token) })).status).toBe(401);
  });
});

describe('links that live too long', () => {
  test('a link made to last more than 7 days (exp - iat) is refused on the link and on the button, and as a Bearer token', async () => {
    const link = await sign(stack.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 7 * DAY + 60 });
    const page = await openLink(stack, link);
    expect(page.status).toBe(401);
    expect(page.body).toContain('<h1>Sign-in link expired</h1>');
    expect(page.body).toContain('at most 7 days');
    expect(page.body).not.toContain('<form');
    const posted = await signIn(stack, link);
    expect(posted.status).toBe(401);
    expect(posted.headers['set-cookie']).toBeUndefined();
    expect(posted.body).toContain('at most 7 days');
    const json = await stack.send('/api/order/ord_ada_1', { headers: bearer(link) });
    expect(json.status).toBe(401);
    expect(json.headers['www-authenticate']).toContain('invalid_token');
  });

  test('a link without iat is refused as invalid on the link, on the button and as a Bearer token, however near its exp', async () => {
    // Without iat the lifetime cannot be measured: a link minted to last a year would pass in its last 7 days.
    for (const exp of [now() + 60, now() + 6 * DAY]) {
      const link = await sign(stack.authSecret, { sub: 'cus_ada', exp });
      for (const answer of [await openLink(stack, link), await signIn(stack, link)]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toContain('<h1>Sign-in failed</h1>');
        expect(answer.body).not.toContain('<form');
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
      const json = await stack.send('/api/order/ord_ada_1', { headers: bearer(link) });
      expect(json.status).toBe(401);
      expect(json.headers['www-authenticate']).toContain('invalid_token');
    }
  });

  test('a link of exactly 7 days is accepted; a ten-year link is not', async () => {
    const week = await sign(stack.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 7 * DAY });
    expect((await signIn(stack, week)).status).toBe(303);
    const decade = await sign(stack.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 3650 * DAY });
    expect((await signIn(stack, decade)).status).toBe(401);
  });

  test('the refusal page builds no number formatter of its own: the cap in words comes from the kept ones', async () => {
    const link = await sign(stack.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 8 * DAY });
    expect((await openLink(stack, link, { 'Accept-Language': 'fr' })).body).toMatch(/7\sjours/);
    const built = vi.spyOn(Intl, 'NumberFormat');
    try {
      const again = await openLink(stack, link, { 'Accept-Language': 'fr' });
      expect(again.body).toMatch(/7\sjours/);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  test('LINK_MAX_LIFETIME_SECONDS sets the cap, and the page says it in the reader’s language', async () => {
    await withLocalStack({ vars: { LINK_MAX_LIFETIME_SECONDS: '3600' } }, async (strict) => {
      const link = await sign(strict.authSecret, { sub: 'cus_ada', iat: now(), exp: now() + 7200 });
      const english = await openLink(strict, link);
      expect(english.status).toBe(401);
      expect(english.body).toContain('at most 1 hour');
      const german = await openLink(strict, link, { 'Accept-Language': 'de' });
      expect(german.body).toContain('<h1>Anmeldelink abgelaufen</h1>');
      expect(german.body).toContain('höchstens 1 Stunde');
      expect((await openLink(strict, await strict.token('cus_ada'))).status).toBe(200);
    });
  });
});

describe('expired links', () => {
  test('a well-signed link past its exp: 401 with a page that says it expired', async () => {
    const link = await sign(stack.authSecret, { sub: 'cus_ada', iat: now() - 7200, exp: now() - 3600 });
    for (const answer of [await openLink(stack, link), await signIn(stack, link)]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('<h1>Sign-in link expired</h1>');
      expect(answer.body).toContain('This sign-in link has expired.');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  test('a forged link past its exp says only that sign-in failed', async () => {
    const link = await sign('another-secret-of-at-least-32-bytes!!', { sub: 'cus_ada', iat: now() - 7200, exp: now() - 3600 });
    const answer = await openLink(stack, link);
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('<h1>Sign-in failed</h1>');
  });

  test('a link inside the clock tolerance past its exp starts no zero-length sign-in', async () => {
    const link = await sign(stack.authSecret, { sub: 'cus_ada', iat: now() - 60, exp: now() - 5 });
    const answer = await signIn(stack, link);
    expect(answer.status).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.body).toContain('<h1>Sign-in link expired</h1>');
  });
});

describe('tokens too large', () => {
  test('a link whose sign-in would not fit a cookie (a 5,000-character sub): 400 with a page that says so, no cookie', async () => {
    const link = await stack.token(`cus_${'a'.repeat(5000)}`);
    expect(link.length).toBeLessThan(8192);
    for (const answer of [await openLink(stack, link), await signIn(stack, link)]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('<h1>Sign-in link too long</h1>');
      expect(answer.body).not.toContain('<form');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  test('opening a link signs no token: only the button starts (and signs) a sign-in', async () => {
    const link = await stack.token('cus_ada');
    const large = await stack.token(`cus_${'a'.repeat(5000)}`);
    const sign = vi.spyOn(crypto.subtle, 'sign');
    // What the worker signs as tokens: JWS signing inputs, which begin with the header's base64url ("eyJ", `{"`).
    const signedTokens = () => sign.mock.calls.filter(([, , data]) => new TextDecoder().decode(data as Uint8Array).startsWith('eyJ')).length;
    try {
      expect((await openLink(stack, link)).status).toBe(200);
      expect((await openLink(stack, large)).status).toBe(400);
      expect(signedTokens()).toBe(0);
      expect((await signIn(stack, link)).status).toBe(303);
      expect(signedTokens()).toBe(1);
    } finally {
      sign.mockRestore();
    }
  });

  test('a large link (6 KB of claims) with an ordinary sub signs in: the cookie holds the small sign-in, not the link', async () => {
    const link = await stack.token('cus_ada', { cart: 'x'.repeat(6000) });
    expect(link.length).toBeGreaterThan(6000);
    const answer = await signIn(stack, link);
    expect(answer.status).toBe(303);
    const signedIn = signInOf(answer.headers['set-cookie']);
    expect(signedIn.pair.length).toBeLessThan(400);
    expect(signedIn.claims).not.toHaveProperty('cart');
  });

  test('a link over 8,192 characters: 400, the same page', async () => {
    const link = await stack.token('cus_ada', { cart: 'x'.repeat(9000) });
    const answer = await openLink(stack, link);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('<h1>Sign-in link too long</h1>');
  });
});

describe('sign-out from the sign-in pages', () => {
  test('a refused link, opened while signed in, links to sign-out; without one it does not', async () => {
    const link = await sign(stack.authSecret, { sub: 'cus_ada', iat: now() - 7200, exp: now() - 3600 });
    const signedIn = await openLink(stack, link, { Cookie: await stack.cookie('cus_grace') });
    expect(signedIn.body).toContain('<a href="/sign-out">Sign out</a>');
    expect((await openLink(stack, link)).body).not.toContain('href="/sign-out"');
    const continuePage = await openLink(stack, await stack.token('cus_ada'), { Cookie: await stack.cookie('cus_grace') });
    expect(continuePage.body).toContain('<a href="/sign-out">Sign out</a>');
    const refusedPost = await signIn(stack, link, { Cookie: await stack.cookie('cus_grace') });
    expect(refusedPost.status).toBe(401);
    expect(refusedPost.body).toContain('<a href="/sign-out">Sign out</a>');
    const crossSite = await stack.send('/sign-out', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: await stack.cookie('cus_grace') },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toContain('<a href="/sign-out">Sign out</a>');
  });

  test('signing out ends the sign-in in this browser: the cookie is cleared, and the page after it is signed out', async () => {
    const signedIn = signInOf((await signIn(stack, await stack.token('cus_ada'))).headers['set-cookie']);
    const out = await stack.send('/sign-out', { method: 'POST', headers: { Origin: stack.url, Cookie: signedIn.pair } });
    expect(out.status).toBe(200);
    const [pair, ...attributes] = (out.headers['set-cookie'] as string[])[0]!.split('; ');
    expect(pair).toBe(`${SIGN_IN_COOKIE}=`);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax', 'Secure']);
    expect(out.body).not.toContain('href="/sign-out"');
  });

  test('sign-out answers carry no Clear-Site-Data, which would clear the cookies of every site under the same domain', async () => {
    // Not cus_ada, signed out just before: a link minted within 30 s after a sign-out counts as before it.
    const signedIn = signInOf((await signIn(stack, await stack.token('cus_grace'))).headers['set-cookie']);
    for (const cookie of [signedIn.pair, undefined]) {
      const out = await stack.send('/sign-out', {
        method: 'POST',
        headers: { Origin: stack.url, 'Sec-Fetch-Site': 'same-origin', ...(cookie === undefined ? {} : { Cookie: cookie }) },
      });
      expect(out.status).toBe(200);
      expect(out.headers['clear-site-data']).toBeUndefined();
      expect((out.headers['set-cookie'] as string[])[0]).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=;.*Max-Age=0`));
    }
    expect((await stack.send('/sign-out')).headers['clear-site-data']).toBeUndefined();
  });
});
