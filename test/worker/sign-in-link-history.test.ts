import { describe, expect, test } from 'vitest';
import { SIGN_IN_COOKIE } from './helpers.js';
import { useLocalStack } from './in-process.js';

// A sign-in link (a token that may live up to 7 days) must not stay in the address bar or behind Back: the link's GET
// moves the token into a short-lived cookie scoped to /sign-in and answers 303 to a URL without it, which signs
// nobody in alone; the Continue page's POST uses the token and drops that cookie. (What Chromium's history database
// keeps, and what bounds it, is checked in test/e2e/sign-in-link-history.test.ts.)

const LINK_COOKIE = '__Secure-checkout-lookup-link';
const FORM = 'application/x-www-form-urlencoded';

const local = useLocalStack();

const cookiePair = (setCookie: string | undefined) => setCookie!.split(';')[0]!;
const setCookies = (answer: { headers: Record<string, string | string[] | undefined> }) =>
  (answer.headers['set-cookie'] as string[] | undefined) ?? [];

function post(cookie: string, fields: Record<string, string>) {
  return local.send('/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': FORM, Origin: local.url, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('a sign-in link', () => {
  test('its GET answers 303 to /sign-in without the token, moving the token into a 10-minute HttpOnly cookie scoped to /sign-in', async () => {
    const token = await local.token('cus_ada');
    const answer = await local.send(`/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/sign-in?next=%2Forders%2Ford_ada_1');
    expect(answer.body).toBe('');
    const [cookie, ...others] = setCookies(answer);
    expect(others).toEqual([]);
    expect(cookie).toBe(`${LINK_COOKIE}=${token}; Max-Age=600; Path=/sign-in; HttpOnly; Secure; SameSite=Lax`);
  });

  test('the Continue page holds no token; its POST signs in with the cookie and drops it', async () => {
    const token = await local.token('cus_ada');
    const opened = await local.send(`/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
    const link = cookiePair(setCookies(opened)[0]);
    const page = await local.send(opened.headers.location as string, { headers: { Cookie: link } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/sign-in">');
    expect(page.body).not.toContain(token);
    expect(page.body).not.toContain('name="token"');
    const signedIn = await post(link, { next: '/orders/ord_ada_1' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/orders/ord_ada_1');
    const [session, dropped] = setCookies(signedIn);
    expect(session).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=`));
    expect(dropped).toBe(`${LINK_COOKIE}=; Max-Age=0; Path=/sign-in; HttpOnly; Secure; SameSite=Lax`);
    expect((await local.send('/orders/ord_ada_1', { headers: { Cookie: cookiePair(session) } })).status).toBe(200);
  });

  test('the token-less URL a history keeps signs nobody in on its own', async () => {
    const page = await local.send('/sign-in?next=%2Forders%2Ford_ada_1');
    expect(page.status).toBe(401);
    expect(page.body).not.toContain('<form method="post" action="/sign-in">');
    expect(setCookies(page).some((cookie) => cookie.startsWith(`${SIGN_IN_COOKIE}=`) && !cookie.includes('Max-Age=0'))).toBe(false);
  });

  test('Back to it once signed in (the link cookie gone) goes on to next, showing no Continue page', async () => {
    const answer = await local.send('/sign-in?next=%2Forders%2Ford_ada_1', { headers: { Cookie: await local.cookie('cus_ada') } });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/orders/ord_ada_1');
  });

  test('a link cookie whose link was ended meanwhile is refused, and dropped', async () => {
    const answer = await local.send('/sign-in?next=%2F', { headers: { Cookie: `${LINK_COOKIE}=not.a.token` } });
    expect(answer.status).toBe(401);
    expect(setCookies(answer)).toContain(`${LINK_COOKIE}=; Max-Age=0; Path=/sign-in; HttpOnly; Secure; SameSite=Lax`);
  });
});
