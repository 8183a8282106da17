import { describe, expect, test } from 'vitest';
import { baseOf, urlOf } from '../../src/core/url.js';

describe('baseOf', () => {
  test('gives each base its own answer when bases alternate, and the same answer when one repeats', () => {
    for (let round = 0; round < 3; round++) {
      expect(baseOf('https://a.test/v1')).toEqual(['https://a.test', '/v1/']);
      expect(baseOf('https://a.test/v1')).toEqual(['https://a.test', '/v1/']);
      expect(baseOf('http://b.test:8790')).toEqual(['http://b.test:8790', '/']);
    }
  });

  test('still refuses a bad base read right after a good one, and undefined before any', () => {
    expect(() => baseOf(undefined)).toThrow(TypeError);
    baseOf('https://a.test/');
    expect(() => baseOf(undefined)).toThrow('"baseUrl" must be an absolute http(s) URL without a query; received undefined');
    expect(() => baseOf('')).toThrow('received a string that is not a URL');
    expect(() => baseOf('https://a.test/?q=1')).toThrow('received a URL with a query');
  });

  test('reads a URL object each time, as it may change between calls', () => {
    const url = new URL('https://a.test/v1/');
    expect(baseOf(url)).toEqual(['https://a.test', '/v1/']);
    url.pathname = '/v2';
    expect(baseOf(url)).toEqual(['https://a.test', '/v2/']);
  });

  test('answers with a tuple no caller can change for the next call', () => {
    const base = baseOf('https://a.test/v1');
    expect(() => ((base as unknown as string[])[1] = '/evil/')).toThrow(TypeError);
    expect(urlOf(baseOf('https://a.test/v1'), 'api/order/', 'ord_1')).toEqual(['https://a.test', '/v1/api/order/ord_1']);
  });
});
