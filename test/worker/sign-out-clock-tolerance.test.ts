import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { bearer } from './helpers.js';
import { useLocalStack } from './in-process.js';
import type { Local } from './in-process.js';

// A shop's clock may run ahead of the worker's by up to the 30 seconds the worker tolerates (worker/README.md,
// "Sign-out"), so a link's `iat` can be up to 30 s later than the moment it was issued. A sign-out ends every link
// whose `iat` is earlier than the sign-out's time plus those 30 s; a link whose `iat` is at or past that mark works.

const FORM = 'application/x-www-form-urlencoded';
const TOLERANCE_SECONDS = 30;

const local = useLocalStack();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  // Each test from no sign-out, so its own first sign-in works.
  (local.env.SIGN_OUTS as unknown as { entries: Map<string, string> }).entries.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

const seconds = () => Date.now() / 1000;

/** A sign-in link for cus_ada with this `iat` (whole seconds, as shops mint them), valid for an hour after it. */
function link(iat: number) {
  return new SignJWT({ iat: Math.floor(iat), exp: Math.floor(iat) + 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('cus_ada')
    .sign(new TextEncoder().encode(local.authSecret));
}

async function signIn(stack: Local, token: string) {
  return stack.send('/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': FORM, Origin: stack.url, 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ token, next: '/orders/ord_ada_1' }).toString(),
  });
}

/** Signs in with a fresh link and signs out at once; returns the sign-out's time in seconds. */
async function signOutNow(): Promise<number> {
  const cookie = (await signIn(local, await link(seconds()))).headers['set-cookie']![0]!.split(';')[0]!;
  const at = seconds();
  const answer = await local.send('/sign-out', { method: 'POST', headers: { Origin: local.url, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie } });
  expect(answer.status).toBe(200);
  return at;
}

/** What each way of using a link answers: Bearer on the JSON route, its GET, and the Continue page's POST. */
async function uses(token: string) {
  const api = await local.send('/api/order/ord_ada_1', { headers: bearer(token) });
  const opened = await local.send(`/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`);
  const posted = await signIn(local, token);
  return { api: api.status, get: opened.status, post: posted.status };
}

describe('sign-out and a shop clock ahead of the worker', () => {
  test('a link whose iat is 20 s ahead, issued before the sign-out, is ended everywhere, like one with a normal iat', async () => {
    const ahead = await link(seconds() + 20);
    const normal = await link(seconds());
    // Both work before the sign-out.
    expect((await local.send('/api/order/ord_ada_1', { headers: bearer(ahead) })).status).toBe(200);
    vi.setSystemTime(Date.now() + 2500);
    await signOutNow();
    vi.setSystemTime(Date.now() + 25_000);
    expect(await uses(ahead)).toEqual({ api: 401, get: 401, post: 401 });
    expect(await uses(normal)).toEqual({ api: 401, get: 401, post: 401 });
  });

  test('a link whose iat is as far ahead as the worker accepts, issued just before the sign-out, is ended', async () => {
    const farthest = await link(Math.floor(seconds()) + TOLERANCE_SECONDS);
    await signOutNow();
    expect(await uses(farthest)).toEqual({ api: 401, get: 401, post: 401 });
  });

  test('a link whose iat is the tolerance or more past the sign-out works, from the first moment the worker accepts it', async () => {
    const at = await signOutNow();
    const justInside = await link(at + TOLERANCE_SECONDS - 1);
    const after = await link(Math.floor(at + TOLERANCE_SECONDS) + 1);
    vi.setSystemTime((Math.floor(at + TOLERANCE_SECONDS) + 1 - TOLERANCE_SECONDS) * 1000);
    expect(await uses(justInside)).toEqual({ api: 401, get: 401, post: 401 });
    const worked = await uses(after);
    expect(worked.api).toBe(200);
    expect(worked.get).toBe(303);
    expect(worked.post).toBe(303);
    // The sign-in it made opens the order page.
    const cookie = (await signIn(local, after)).headers['set-cookie']![0]!.split(';')[0]!;
    expect((await local.send('/orders/ord_ada_1', { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
