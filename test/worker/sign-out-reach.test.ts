import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSecrets } from './helpers.js';
import { startLocal } from './in-process.js';
import type { Local } from './in-process.js';

// Sign-out says only what it did: a browser without a valid sign-in has nothing to end, and is told so, never that
// its other devices and links were signed out.

const now = () => Math.floor(Date.now() / 1000);

function signOut(local: Local, headers: Record<string, string> = {}) {
  return local.send('/sign-out', { method: 'POST', headers: { Origin: local.url, 'Sec-Fetch-Site': 'same-origin', ...headers } });
}

for (const kv of [true, false]) {
  describe(kv ? 'with the SIGN_OUTS binding' : 'without the SIGN_OUTS binding', () => {
    let local: Local;
    let writes: number;
    beforeAll(() => {
      local = startLocal({ noSignOuts: !kv });
      writes = 0;
      if (kv) {
        const store = local.env.SIGN_OUTS as unknown as { put: (...args: unknown[]) => Promise<void> };
        const put = store.put.bind(store);
        store.put = (...args) => {
          writes++;
          return put(...args);
        };
      }
    });
    afterAll(async () => {
      expectNoSecrets(local);
      await local.close();
    });

    const cases: [string, (local: Local) => Promise<Record<string, string>>][] = [
      ['no cookie', async () => ({})],
      ['an expired sign-in cookie', async (l) => ({ Cookie: await l.cookie('cus_ada', { iat: now() - 7200, exp: now() - 3600 }) })],
      ['a forged sign-in cookie', async () => ({ Cookie: '__Host-checkout-lookup=not.a.token' })],
    ];
    for (const [name, headers] of cases) {
      test(`a browser with ${name} is told it was not signed in and that nothing changed`, async () => {
        const before = writes;
        const answer = await signOut(local, await headers(local));
        expect(answer.status).toBe(200);
        expect(answer.body).toContain('You were not signed in on this browser');
        expect(answer.body).not.toMatch(/all devices|no longer work|signed out in this browser/i);
        expect(writes).toBe(before);
        // The cookie is cleared all the same: a stale one has no use.
        expect(answer.headers['set-cookie']?.[0]).toMatch(/Max-Age=0/);
      });
    }

    test('a signed-in browser is still told how far its sign-out reached', async () => {
      const answer = await signOut(local, { Cookie: await local.cookie('cus_ada') });
      expect(answer.body).toContain(kv ? 'signed out on all devices' : 'signed out in this browser');
      expect(answer.body).not.toContain('You were not signed in');
    });
  });
}
