import { describe, expect, test, vi } from 'vitest';
import { InvalidIdError } from '../../src/index.js';
import { baseOf, urlOf } from '../../src/core/url.js';

const RULE = '"id" must be 1 to 256 characters, not "." or "..", without controls or lone surrogates; received ';
const BASE_RULE = '"baseUrl" must be an absolute http(s) URL without a query; received ';

function idError(id: unknown): InvalidIdError {
  try {
    urlOf('https://h.test/', 'api/order/', id as string);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidIdError);
    expect(error).toBeInstanceOf(TypeError);
    return error as InvalidIdError;
  }
  throw new Error(`urlOf accepted ${String(id)}`);
}

function baseError(baseUrl: unknown): string {
  try {
    baseOf(baseUrl);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error(`baseOf accepted ${String(baseUrl)}`);
}

describe('urlOf', () => {
  test('joins the origin, the base path, the route and the id as one percent-encoded segment', () => {
    expect(urlOf('https://h.test', 'api/order/', 'ord_1')).toEqual(['https://h.test', '/api/order/ord_1']);
    expect(urlOf('https://h.test/v1', 'api/order/', 'a/b?c#d')).toEqual(['https://h.test', '/v1/api/order/a%2Fb%3Fc%23d']);
    expect(urlOf(new URL('http://u:p@h.test:8790/v1/#frag'), 'api/checkout/session/', 'é 😀\u00a0')).toEqual([
      'http://h.test:8790',
      '/v1/api/checkout/session/%C3%A9%20%F0%9F%98%80%C2%A0',
    ]);
    expect(urlOf('https://h.test/', 'api/order/', 'x'.repeat(256))[1]).toHaveLength(11 + 256);
    expect(urlOf('https://h.test/', 'api/order/', '...')[1]).toBe('/api/order/...');
    expect(urlOf('https://h.test/', 'api/order/', '.a')[1]).toBe('/api/order/.a');
  });

  test('says the id is not a string, naming its kind', () => {
    expect(idError(42).message).toBe(`${RULE}number`);
    expect(idError(undefined).message).toBe(`${RULE}undefined`);
    expect(idError(null).message).toBe(`${RULE}null`);
    expect(idError(['ord_1']).message).toBe(`${RULE}an array`);
  });

  test('says the id is empty, "." or "..", with its length', () => {
    expect(idError('').message).toBe(`${RULE}"" (length 0)`);
    expect(idError('.').message).toBe(`${RULE}"." (length 1)`);
    expect(idError('..').message).toBe(`${RULE}".." (length 2)`);
  });

  test('says how long a long id is, showing only its first 20 characters', () => {
    const id = `${'a'.repeat(19)}SECRETSECRET${'b'.repeat(300)}`;
    const { message } = idError(id);
    expect(message).toBe(`${RULE}"${'a'.repeat(19)}…" (length ${id.length})`);
    expect(message).not.toContain('SECRET');
    expect(idError('x'.repeat(257)).message).toContain('(length 257)');
  });

  test('names the first control character and where it is, escaped', () => {
    expect(idError('ord\n1').message).toBe(`${RULE}"ord\\u000a1" (length 5, \\u000a at index 3)`);
    expect(idError('\u0000').message).toBe(`${RULE}"\\u0000" (length 1, \\u0000 at index 0)`);
    expect(idError('a\u007f').message).toContain('\\u007f at index 1');
    expect(idError('ab\u009f\u0001').message).toContain('\\u009f at index 2)');
    expect(idError('ab\u001f').message).toContain('\\u001f at index 2)');
    expect(idError(`${'x'.repeat(30)}\u2028`).message).toBe(`${RULE}"${'x'.repeat(19)}…" (length 31, \\u2028 at index 30)`);
  });

  test('refuses a lone surrogate, which cannot be percent-encoded', () => {
    expect(idError('ord\ud800').message).toBe(`${RULE}"ord\ud800" (length 4)`);
    expect(idError('\udfff').message).toBe(`${RULE}"\udfff" (length 1)`);
  });

  test('refuses a bad base URL with a TypeError that shows what was received', () => {
    expect(baseError(undefined)).toBe(`${BASE_RULE}undefined`);
    expect(baseError(8790)).toBe(`${BASE_RULE}number`);
    expect(baseError(null)).toBe(`${BASE_RULE}null`);
    expect(baseError({ href: 'https://h.test/' })).toBe(`${BASE_RULE}object`);
    expect(baseError('')).toBe(`${BASE_RULE}""`);
    expect(baseError('h.test')).toBe(`${BASE_RULE}"h.test"`);
    expect(baseError('/api')).toBe(`${BASE_RULE}"/api"`);
    expect(baseError('ftp://h.test/')).toBe(`${BASE_RULE}"ftp://h.test/"`);
    expect(baseError('xhttps://h.test/')).toBe(`${BASE_RULE}"xhttps://h.test/"`);
    expect(baseError('https://h.test/?q=1')).toBe(`${BASE_RULE}"https://h.test/?…"`);
    expect(baseError(new URL('https://h.test/?q=1'))).toBe(`${BASE_RULE}"https://h.test/?…"`);
  });

  test('never shows user info, a query or a fragment, which may hold a secret, and shows one short line', () => {
    expect(baseError('ftp://user:pw@h.test/p?key=k#f')).toBe(`${BASE_RULE}"ftp://h.test/p?…"`);
    expect(baseError('ftp://h.test/p#key=k')).toBe(`${BASE_RULE}"ftp://h.test/p#…"`);
    expect(baseError('x://u:p@h\n/?k\nk')).toBe(`${BASE_RULE}"x://h\\u000a/?…"`);
    expect(baseError(`https://h.test/${'p'.repeat(200)}?q`)).toBe(`${BASE_RULE}"https://h.test/${'p'.repeat(84)}…"`);
  });

  test('accepts http and https URLs, as text or URL objects; drops user info and the fragment', () => {
    expect(baseOf(new URL('https://h.test/a'))).toEqual(['https://h.test', '/a/']);
    expect(baseOf('HTTP://u:p@H.test:80/b/#x')).toEqual(['http://h.test', '/b/']);
    expect(baseOf('https://h.test/?')).toEqual(['https://h.test', '/']);
  });

  test('parses a base URL once while it stays the same, and again when it changes (counted)', () => {
    const parse = vi.spyOn(globalThis, 'URL');
    try {
      baseOf('https://three.test/a');
      baseOf('https://three.test/a');
      expect(baseOf('https://three.test/a')).toEqual(['https://three.test', '/a/']);
      expect(parse).toHaveBeenCalledTimes(1);
      expect(baseOf('https://four.test/')).toEqual(['https://four.test', '/']);
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  test('parses a base URL once while it stays the same, and again when it changes', () => {
    expect(baseOf('https://one.test/x')).toEqual(['https://one.test', '/x/']);
    expect(baseOf('https://one.test/x')).toEqual(['https://one.test', '/x/']);
    expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
    expect(() => baseOf('nope')).toThrow(TypeError);
    // A failed parse leaves nothing behind that a later call could mistake for its own.
    expect(() => baseOf('nope')).toThrow(TypeError);
    expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
    expect(() => baseOf(undefined)).toThrow(TypeError);
    expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
  });
});
