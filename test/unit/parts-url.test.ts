import { describe, expect, test } from 'vitest';
import { InvalidIdError } from '../../src/index.js';
import { baseOf, urlOf } from '../../src/core/url.js';

const RULE = '"id" must be 1 to 256 characters, not "." or "..", without control characters or lone surrogates; ';
const BASE_RULE = '"baseUrl" must be an absolute http(s) URL with a host and no query; ';

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

describe('urlOf', () => {
  test('joins the origin, the base path, the route and the id as one percent-encoded segment', () => {
    expect(urlOf('https://h.test', 'api/order/', 'ord_1')).toEqual(['https://h.test', '/api/order/ord_1']);
    expect(urlOf('https://h.test/v1', 'api/order/', 'a/b?c#d')).toEqual(['https://h.test', '/v1/api/order/a%2Fb%3Fc%23d']);
    expect(urlOf(new URL('http://u:p@h.test:8790/v1/#frag'), 'api/checkout/session/', 'é 😀')).toEqual([
      'http://h.test:8790',
      '/v1/api/checkout/session/%C3%A9%20%F0%9F%98%80',
    ]);
    expect(urlOf('https://h.test/', 'api/order/', 'x'.repeat(256))[1]).toHaveLength(11 + 256);
    expect(urlOf('https://h.test/', 'api/order/', '...')[1]).toBe('/api/order/...');
  });

  test('says the id is not a string, naming its kind', () => {
    expect(idError(42).message).toBe(`${RULE}received a number`);
    expect(idError(undefined).message).toBe(`${RULE}received undefined`);
    expect(idError(['ord_1']).message).toBe(`${RULE}received an array`);
  });

  test('says the id is empty, "." or ".."', () => {
    expect(idError('').message).toBe(`${RULE}received an empty string`);
    expect(idError('.').message).toBe(`${RULE}received "."`);
    expect(idError('..').message).toBe(`${RULE}received ".."`);
  });

  test('says how long a long id is, showing only its first 20 characters', () => {
    const id = `${'a'.repeat(19)}SECRETSECRET${'b'.repeat(300)}`;
    const { message } = idError(id);
    expect(message).toBe(`${RULE}received ${id.length} characters: "${'a'.repeat(19)}…"`);
    expect(message).not.toContain('SECRET');
    expect(idError('x'.repeat(257)).message).toContain('received 257 characters');
  });

  test('names a control character and where it is, escaped', () => {
    expect(idError('ord\n1').message).toBe(`${RULE}received "ord\\n1", with the control character U+000A at index 3`);
    expect(idError('\u0000').message).toBe(`${RULE}received "\\u0000", with the control character U+0000 at index 0`);
    expect(idError('a\u007f').message).toContain('U+007F at index 1');
    expect(idError('ab\u009f').message).toContain('U+009F at index 2');
    expect(idError('ab\u001f').message).toContain('U+001F at index 2');
  });

  test('names a lone surrogate and where it is', () => {
    expect(idError('ord\ud800').message).toBe(`${RULE}received "ord\ud800", with the lone surrogate U+D800 at index 3`);
    expect(idError('\udfff').message).toContain('the lone surrogate U+DFFF at index 0');
    expect(idError('😀\udc00').message).toContain('the lone surrogate U+DC00 at index 2');
    expect(idError('a\udbff').message).toContain('U+DBFF at index 1');
  });

  test('refuses a bad base URL with a TypeError that says what was received', () => {
    const message = (baseUrl: unknown) => {
      try {
        baseOf(baseUrl);
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${String(baseUrl)}`);
    };
    expect(message(undefined)).toBe(`${BASE_RULE}received undefined`);
    expect(message(8790)).toBe(`${BASE_RULE}received a number`);
    expect(message({ href: 8 })).toBe(`${BASE_RULE}received an object`);
    expect(message('h.test')).toBe(`${BASE_RULE}received "h.test", not a URL`);
    expect(message('ftp://h.test/')).toBe(`${BASE_RULE}received "ftp://h.test/", whose scheme is ftp:`);
    expect(message('https://h.test/?q=1')).toBe(`${BASE_RULE}received "https://h.test/" with a query, which would be lost`);
    // Never user info, a query or a fragment, which may hold a secret; one line.
    expect(message('ftp://user:pw@h.test/p?key=k#f')).toBe(`${BASE_RULE}received "ftp://h.test/p", whose scheme is ftp:`);
    expect(message('x://u:p@h\n/?k')).toBe(`${BASE_RULE}received "x://h\\n/", whose scheme is x:`);
    expect(message(`https://h.test/${'p'.repeat(200)}?q`)).toMatch(/received "https:\/\/h\.test\/p+…" with a query/);
  });

  test('accepts a URL object, also one from another realm (anything with a string href)', () => {
    expect(baseOf(new URL('https://h.test/a'))).toEqual(['https://h.test', '/a/']);
    expect(baseOf({ href: 'https://other.test/b/' })).toEqual(['https://other.test', '/b/']);
  });

  test('parses a base URL once while it stays the same, and again when it changes', () => {
    expect(baseOf('https://one.test/x')).toEqual(['https://one.test', '/x/']);
    expect(baseOf('https://one.test/x')).toEqual(['https://one.test', '/x/']);
    expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
    expect(() => baseOf('nope')).toThrow(TypeError);
    // A failed parse leaves nothing behind that a later call could mistake for its own.
    expect(() => baseOf('nope')).toThrow(TypeError);
    expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
  });
});
