import { describe, expect, test } from 'vitest';
import * as pkg from '../../src/index.js';
import { getOrder, getSession, InvalidIdError, isLookupError } from '../../src/index.js';
import { ok, options, order, recordingFetch } from './helpers.js';

describe('InvalidIdError', () => {
  test('is exported, a TypeError with a literal name, and no LookupError', () => {
    expect(Object.keys(pkg)).toContain('InvalidIdError');
    const error = new InvalidIdError('m');
    expect(error).toBeInstanceOf(TypeError);
    expect(error.name).toBe('InvalidIdError');
    expect(isLookupError(error)).toBe(false);
  });

  test.each([
    ['empty', ''],
    ['"."', '.'],
    ['".."', '..'],
    ['257 characters', 'a'.repeat(257)],
    ['a control character', 'ord\n1'],
    ['a lone surrogate', 'ord\ud800'],
    ['not a string', 42 as unknown as string],
  ])('a bad id (%s) is an InvalidIdError before any request, from both functions', async (_, id) => {
    const { fetch, requests } = recordingFetch(ok(order));
    for (const lookup of [getOrder, getSession]) {
      const error = await lookup(id, options(fetch)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidIdError);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).name).toBe('InvalidIdError');
      expect((error as Error).message).toBe('"id" must be 1 to 256 characters, not "." or "..", no controls');
    }
    expect(requests).toHaveLength(0);
  });

  test('a bad option stays a plain TypeError, not an InvalidIdError', async () => {
    const { fetch } = recordingFetch(ok(order));
    const error = await getOrder('ord_1', options(fetch, { timeout: -1 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(InvalidIdError);
  });
});
