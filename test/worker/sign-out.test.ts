import { createHash } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { bearer, SIGN_IN_COOKIE } from './helpers.js';
import { startLocal, useLocalStack, withLocalStack } from './in-process.js';
import type { Local } from './in-process.js';

// Sign-out ends every sign-in and sign-in link of the customer issued before it, on every device: the SIGN_OUTS KV
// namespace keeps each customer's last sign-out, and tokens issued before it are refused.

const FORM = 'application/x-www-form-urlencoded';
const now = () => Math.floor(Date.now() / 1000);

/**
 * A sign-in link's token issued now to the millisecond, so one minted right after a sign-out counts as after it, and
 * valid for an hour; `claims` added or overriding.
 */
function link(local: Local, sub: string, claims: Record<string, unknown> = {}) {
  return new SignJWT({ iat: Date.now() / 1000, exp: now() + 3600, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .sign(new TextEncoder().encode(local.authSecret));
}

/** Signs in through the Continue page's POST and returns the `Cookie` header value it set. */
async function signIn(local: Local, token: string): Promise<string> {
  const answer = await local.send('/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': FORM, Origin: local.url, 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ token, next: '/' }).toString(),
  });
  expect(answer.status).toBe(303);
  return (answer.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
}

function signOut(local: Local, cookie: string) {
  return local.send('/sign-out', { method: 'POST', headers: { Origin: local.url, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie } });
}

const order = (local: Local, cookie: string) => local.send('/orders/ord_ada_1', { headers: { Cookie: cookie } });

/** Records the SIGN_OUTS binding's puts (passing them on) until `stop()`. */
function recordPuts(local: Local) {
  const kv = local.env.SIGN_OUTS as unknown as { put: (key: string, value: string, options?: unknown) => Promise<void> };
  const put = kv.put;
  const calls: { key: string; value: string; options: unknown }[] = [];
  kv.put = async (key, value, options) => {
    calls.push({ key, value, options });
    await put(key, value, options);
  };
  const stop = () => {
    kv.put = put;
  };
  return { calls, stop };
}

/**
 * Forgets every sign-out of the stack's SIGN_OUTS, so a link minted now works again: one issued within 30 s after a
 * sign-out counts as before it (worker/README.md, "Sign-out").
 */
function forgetSignOuts(local: Local) {
  (local.env.SIGN_OUTS as unknown as { entries: Map<string, string> }).entries.clear();
}

describe('with the SIGN_OUTS binding', () => {
  const local = useLocalStack();
  beforeEach(() => forgetSignOuts(local));

  test('a copy of the sign-in cookie taken before sign-out no longer opens a page, on this device or another', async () => {
    const laptop = await signIn(local, await link(local, 'cus_ada'));
    const phone = await signIn(local, await link(local, 'cus_ada'));
    expect((await order(local, phone)).status).toBe(200);
    expect((await signOut(local, laptop)).status).toBe(200);
    for (const cookie of [laptop, phone]) {
      const answer = await order(local, cookie);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('Not signed in');
    }
    // The home page no longer says who is signed in, and the JSON route's same-origin check is refused too.
    expect((await local.send('/', { headers: { Cookie: phone } })).body).not.toContain('cus_ada');
    const check = await local.send('/api/order/ord_ada_1', { headers: { Cookie: phone, 'Sec-Fetch-Site': 'same-origin' } });
    expect(check.status).toBe(401);
  });

  test('a sign-in link and a Bearer token issued before sign-out are refused; one issued after works', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      // Links carry whole seconds: this one is from a second before the sign-out.
      const before = await link(local, 'cus_ada', { iat: now() - 1 });
      await signOut(local, await signIn(local, await link(local, 'cus_ada')));
      const signedOut = Date.now() / 1000;

      const opened = await local.send(`/sign-in?${new URLSearchParams({ token: before, next: '/' })}`);
      expect(opened.status).toBe(401);
      expect(opened.body).not.toContain('action="/sign-in"');
      const posted = await local.send('/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': FORM, Origin: local.url },
        body: new URLSearchParams({ token: before, next: '/' }).toString(),
      });
      expect(posted.status).toBe(401);
      expect(posted.headers['set-cookie']).toBeUndefined();
      expect((await local.send('/api/order/ord_ada_1', { headers: bearer(before) })).status).toBe(401);

      // Issued after: its iat past the sign-out by more than the 30 s a shop's clock may be ahead.
      vi.setSystemTime((signedOut + 31) * 1000);
      const after = await link(local, 'cus_ada', { iat: now() });
      expect((await local.send('/api/order/ord_ada_1', { headers: bearer(after) })).status).toBe(200);
      expect((await order(local, await signIn(local, after))).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a shop's link issued in the second of the sign-out counts as before it, and so does the worker's own sign-in of that second", async () => {
    const cookie = await signIn(local, await link(local, 'cus_ada'));
    await signOut(local, cookie);
    // Whole seconds, as jose's setIssuedAt() mints: a clock 30 s ahead gives the same iat to a link issued 30 s before.
    const link2 = await local.token('cus_ada');
    expect(Number.isInteger(decodeJwt(link2).iat)).toBe(true);
    expect((await local.send('/api/order/ord_ada_1', { headers: bearer(link2) })).status).toBe(401);
    // The sign-in made before the sign-out (its iat to the millisecond) stays ended.
    expect((await order(local, cookie)).status).toBe(401);
  });

  test("another customer's sign-ins are untouched", async () => {
    const grace = await signIn(local, await link(local, 'cus_grace'));
    await signOut(local, await signIn(local, await link(local, 'cus_ada')));
    expect((await local.send('/orders/ord_grace_1', { headers: { Cookie: grace } })).status).toBe(200);
  });

  test("the entry's key is an HMAC of the customer id with AUTH_SECRET: without the secret, no list of ids reverses it", async () => {
    const keyOf = async (stack: Local, sub: string) => {
      forgetSignOuts(stack);
      const puts = recordPuts(stack);
      try {
        await signOut(stack, await signIn(stack, await link(stack, sub)));
      } finally {
        puts.stop();
      }
      expect(puts.calls).toHaveLength(1);
      return puts.calls[0]!.key;
    };
    await withLocalStack({}, async (other) => {
      const key = await keyOf(local, 'cus_ada');
      expect(key).toMatch(/^signed-out:[0-9a-f]{64}$/);
      expect(key).not.toContain(createHash('sha256').update('cus_ada').digest('hex'));
      // The same customer under another AUTH_SECRET has another key; under the same secret, the same one.
      expect(await keyOf(other, 'cus_ada')).not.toBe(key);
      expect(await keyOf(local, 'cus_ada')).toBe(key);
      expect(await keyOf(local, 'cus_grace')).not.toBe(key);
    });
  });

  test('the entry holds no customer id and its value is the time of the sign-out', async () => {
    const puts = recordPuts(local);
    try {
      const started = Date.now();
      await signOut(local, await signIn(local, await link(local, 'cus_ada')));
      expect(puts.calls).toHaveLength(1);
      expect(puts.calls[0]!.key).toMatch(/^signed-out:[0-9a-f]{64}$/);
      expect(puts.calls[0]!.key).not.toContain('cus_ada');
      expect(Number(puts.calls[0]!.value)).toBeGreaterThanOrEqual(started);
      // LINK_MAX_LIFETIME_SECONDS (7 days) outlives SESSION_MAX_AGE_SECONDS (12 hours), plus a minute.
      expect(puts.calls[0]!.options).toEqual({ expirationTtl: 7 * 24 * 3600 + 60 });
    } finally {
      puts.stop();
    }
  });

  test('the entry lasts the longer of LINK_MAX_LIFETIME_SECONDS and SESSION_MAX_AGE_SECONDS, plus a minute', async () => {
    for (const [vars, ttl] of [
      [{ SESSION_MAX_AGE_SECONDS: '600', LINK_MAX_LIFETIME_SECONDS: '900' }, 960],
      [{ SESSION_MAX_AGE_SECONDS: '1200', LINK_MAX_LIFETIME_SECONDS: '900' }, 1260],
      [{ SESSION_MAX_AGE_SECONDS: '10', LINK_MAX_LIFETIME_SECONDS: '20' }, 120],
    ] as const) {
      const stack = startLocal({ vars });
      const puts = recordPuts(stack);
      try {
        const token = await new SignJWT({ iat: now(), exp: now() + 15 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject('cus_ada')
          .sign(new TextEncoder().encode(stack.authSecret));
        await signOut(stack, await signIn(stack, token));
        expect(puts.calls.map((call) => call.options)).toEqual([{ expirationTtl: ttl }]);
      } finally {
        puts.stop();
        await stack.close();
      }
    }
  });

  test('signing out without a sign-in records nothing and still clears the cookie', async () => {
    const kv = local.env.SIGN_OUTS as unknown as { entries: Map<string, string> };
    const size = kv.entries.size;
    const answer = await local.send('/sign-out', { method: 'POST', headers: { Origin: local.url } });
    expect(answer.status).toBe(200);
    expect((answer.headers['set-cookie'] as string[])[0]).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=;`));
    expect(kv.entries.size).toBe(size);
  });
});

describe('without the SIGN_OUTS binding', () => {
  test('sign-out clears the cookie in this browser only: a copy stays valid until its exp', async () => {
    await withLocalStack({ noSignOuts: true }, async (local) => {
      const cookie = await signIn(local, await link(local, 'cus_ada'));
      const out = await signOut(local, cookie);
      expect(out.status).toBe(200);
      expect((out.headers['set-cookie'] as string[])[0]).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=;`));
      expect((await order(local, cookie)).status).toBe(200);
    });
  });
});

const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

let readers = 0;

/** The sign-out page's question and the page after signing out, in a language, for a customer of their own. */
async function signOutWords(local: Local, language: string) {
  const lang = { 'Accept-Language': language };
  const sub = `cus_reader_${++readers}`;
  const question = await local.send('/sign-out', { headers: { ...lang, Cookie: await signIn(local, await link(local, sub)) } });
  const cookie = await signIn(local, await link(local, sub));
  const after = await local.send('/sign-out', {
    method: 'POST',
    headers: { ...lang, Origin: local.url, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
  });
  return { sub, question: paragraph(question.body), after: paragraph(after.body), answer: after };
}

/** The first paragraph of a message page. */
const paragraph = (body: string) => /<div class="message">.*?<p>(.*?)<\/p>/s.exec(body)?.[1] ?? '';

describe('the sign-out pages say how far sign-out reaches', () => {
  test('with SIGN_OUTS: on all devices, links already received stop working, ask the shop for a new link', async () => {
    await withLocalStack({}, async (local) => {
      const english = await signOutWords(local, 'en');
      expect(english.question).toContain('all devices');
      expect(english.question).toContain('Links you already have will stop working');
      expect(english.after).toContain('signed out on all devices');
      expect(english.after).toContain('Ask the shop for a new link');
      expect(english.after).not.toContain('Open a link from the shop');
      // The link the customer signed in with is refused now, and its page does not send them back to it.
      const used = await link(local, english.sub, { iat: now() - 1 });
      const refused = await local.send(`/sign-in?${new URLSearchParams({ token: used, next: '/' })}`);
      expect(refused.status).toBe(401);
      expect(paragraph(refused.body)).toContain('Ask the shop for a new one');
      expect(paragraph(refused.body)).not.toContain('Open it from the shop again');
    });
  });

  test('without SIGN_OUTS: in this browser only', async () => {
    await withLocalStack({ noSignOuts: true }, async (local) => {
      const english = await signOutWords(local, 'en');
      expect(english.question).toContain('in this browser');
      expect(english.after).toContain('signed out in this browser');
      expect(english.after).not.toContain('all devices');
    });
  });

  test('each language words the two reaches differently, and the sign-in refusal after a sign-out too', async () => {
    const everywhere = startLocal();
    const here = startLocal({ noSignOuts: true });
    try {
      for (const language of LANGUAGES) {
        const [a, b] = [await signOutWords(everywhere, language), await signOutWords(here, language)];
        expect([language, a.question === b.question, a.after === b.after]).toEqual([language, false, false]);
        const failed = (local: Local) => local.send('/sign-in?token=x.y.z', { headers: { 'Accept-Language': language } });
        expect([language, paragraph((await failed(everywhere)).body) === paragraph((await failed(here)).body)]).toEqual([language, false]);
      }
    } finally {
      await everywhere.close();
      await here.close();
    }
  });
});

describe('a sign-out that KV does not record', () => {
  test('still clears the cookie, answers 200 with a page saying other devices may still be signed in, and logs the failure', async () => {
    const local = startLocal();
    const kv = local.env.SIGN_OUTS as unknown as { put: unknown };
    const put = kv.put;
    try {
      const recorded = await signOutWords(local, 'en');
      // Workers KV allows one write per second per key: a second put at once (a double click) is refused.
      kv.put = async () => {
        throw Object.assign(new Error('KV PUT failed: 429 Too Many Requests'), { name: 'KVError' });
      };
      for (const language of LANGUAGES) {
        const { answer, after } = await signOutWords(local, language);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect((answer.headers['set-cookie'] as string[])[0]).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=;.*Max-Age=0`));
        expect([language, after === recorded.after]).toEqual([language, false]);
        if (language === 'en') expect(after).toContain('other devices may still be signed in');
      }
      const line = local.logs.filter((entry) => entry.route === '/sign-out' && entry.method === 'POST').at(-1);
      expect(line).toMatchObject({ status: 200, error: { name: 'KVError' } });
      expect(JSON.stringify(line)).not.toContain('429 Too Many Requests');
    } finally {
      kv.put = put;
      await local.close();
    }
  });
});

describe("the worker's own sign-in has no clock tolerance", () => {
  let local: Local;
  beforeAll(() => {
    local = startLocal();
  });
  afterAll(async () => {
    await local.close();
  });

  test('a sign-in cookie a few seconds past its exp is refused', async () => {
    const expired = await local.cookie('cus_ada', { iat: now() - 60, exp: now() - 2 });
    expect((await order(local, expired)).status).toBe(401);
    const live = await local.cookie('cus_ada', { iat: now() - 60, exp: now() + 5 });
    expect((await order(local, live)).status).toBe(200);
  });

  test("the cookie's Max-Age ends with the sign-in's exp", async () => {
    const token = await link(local, 'cus_ada', { exp: now() + 90 });
    const answer = await local.send('/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': FORM, Origin: local.url },
      body: new URLSearchParams({ token, next: '/' }).toString(),
    });
    const cookie = (answer.headers['set-cookie'] as string[])[0]!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    const { exp } = decodeJwt(cookie.split(';')[0]!.slice(SIGN_IN_COOKIE.length + 1));
    expect(maxAge).toBeGreaterThan(85);
    expect(now() + maxAge).toBeLessThanOrEqual(exp!);
  });
});
