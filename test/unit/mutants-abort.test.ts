import { describe, expect, test } from 'vitest';
import { getOrder } from '../../src/index.js';
import { options } from './helpers.js';

describe('an abort that nothing is waiting on yet', () => {
  test('leaves no unhandled rejection behind: a fetch that aborts the call, then throws before returning a promise', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const caller = new AbortController();
      const reason = new Error('user navigated away');
      // Not async: the throw comes before any promise exists, so the abort happens before anything raced it.
      const fetch = () => {
        caller.abort(reason);
        throw new TypeError('fetch failed');
      };
      const error = await getOrder('ord_ada_1', options(fetch, { signal: caller.signal })).catch((e: unknown) => e);
      expect(error).toBe(reason);
      // Node reports a rejection left unhandled once the microtasks have run, before the next macrotask.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
