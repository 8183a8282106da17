import { beforeAll, expect, test } from 'vitest';
import { useLocalStack } from './in-process.js';

// Browsers ask for /favicon.ico beside every page they show. It is answered at once, before anyone's sign-in is
// checked: no signature check, no read of the sign-out store, no page, and browsers may keep the answer.

const stack = useLocalStack();
let reads: number;

beforeAll(() => {
  reads = 0;
  const store = stack.env.SIGN_OUTS as unknown as { get: (key: string) => Promise<string | null> };
  const get = store.get.bind(store);
  store.get = (key) => {
    reads++;
    return get(key);
  };
});

test('a page view of a signed-in browser reads the sign-out store (so the count below can see a read)', async () => {
  const before = reads;
  await stack.send('/', { headers: { Cookie: await stack.cookie('cus_ada') } });
  expect(reads).toBe(before + 1);
});

test.each(['GET', 'HEAD'])(
  '%s /favicon.ico from a signed-in browser: an empty answer kept a week, and no read of the sign-out store',
  async (method) => {
    const cookie = await stack.cookie('cus_ada');
    const before = reads;
    const answer = await stack.send('/favicon.ico', { method, headers: { Cookie: cookie } });
    expect(reads).toBe(before);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['content-type']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('public, max-age=604800');
    expect(answer.headers['set-cookie']).toBeUndefined();
  },
);
