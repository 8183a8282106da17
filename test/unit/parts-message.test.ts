import { describe, expect, test } from 'vitest';
import { describeBody, kindOf, oneLine, shownValue } from '../../src/core/message.js';

describe('oneLine', () => {
  test('leaves a short plain text as it is', () => {
    expect(oneLine('order not found', 200)).toBe('order not found');
    expect(oneLine('', 200)).toBe('');
    expect(oneLine('x'.repeat(200), 200)).toBe('x'.repeat(200));
    expect(oneLine('\u00a0é\u2027\u202a😀\\n', 200)).toBe('\u00a0é\u2027\u202a😀\\n');
  });

  test('escapes newlines, tabs, every other control character and the line separators, so no log line can be forged', () => {
    expect(oneLine('a\nb\rc\td', 200)).toBe('a\\u000ab\\u000dc\\u0009d');
    expect(oneLine('\u0000\u001b\u001f\u007f\u0085\u009f', 200)).toBe('\\u0000\\u001b\\u001f\\u007f\\u0085\\u009f');
    expect(oneLine('a\u2028b\u2029c', 200)).toBe('a\\u2028b\\u2029c');
    expect(oneLine('\n\n', 200)).toBe('\\u000a\\u000a');
    expect(oneLine(' \u0080\u00a0', 200)).toBe(' \\u0080\u00a0');
  });

  test('cuts a longer text to max characters, the last one an ellipsis, before escaping', () => {
    expect(oneLine('x'.repeat(201), 200)).toBe(`${'x'.repeat(199)}…`);
    expect(oneLine('abcdef', 4)).toBe('abc…');
    expect(oneLine('abcd', 4)).toBe('abcd');
    expect(oneLine('x'.repeat(885_000), 200)).toHaveLength(200);
    expect(oneLine(`${'line\n'.repeat(30_000)}`, 10)).toBe('line\\u000aline…');
  });
});

describe('describeBody', () => {
  test('tells an empty body, however much whitespace', () => {
    expect(describeBody('', 'application/json')).toBe('an empty body');
    expect(describeBody(' \n\t', null)).toBe('an empty body');
  });

  test('tells an HTML page by its text or by its content type', () => {
    expect(describeBody('<!doctype html><p>Bad gateway', 'text/html; charset=utf-8')).toBe('an HTML page');
    expect(describeBody('  <html>', null)).toBe('an HTML page');
    expect(describeBody('Bad gateway', 'text/HTML')).toBe('an HTML page');
    expect(describeBody('Bad gateway', 'application/xhtml+xml')).toBe('an HTML page');
  });

  test('tells a truncated body: JSON that ends inside a string, an object or an array', () => {
    expect(describeBody('{"code":0,"msg":"succ', 'application/json')).toBe('a truncated body');
    expect(describeBody('{"code":0,"data":{"a":[1,2', 'application/json')).toBe('a truncated body');
    expect(describeBody('[', null)).toBe('a truncated body');
    expect(describeBody('{"a":"\\"}', null)).toBe('a truncated body');
    expect(describeBody('{"a":"}"', null)).toBe('a truncated body');
    expect(describeBody('{"a":"]"', null)).toBe('a truncated body');
    expect(describeBody('{"a":', null)).toBe('a truncated body');
  });

  test('calls anything else invalid JSON', () => {
    expect(describeBody('{"a":1}}', 'application/json')).toBe('invalid JSON');
    expect(describeBody('{"a":"x"]', null)).toBe('invalid JSON');
    expect(describeBody('{"a":"\\\\"}x', null)).toBe('invalid JSON');
    expect(describeBody('not json', 'text/plain')).toBe('invalid JSON');
    expect(describeBody('{a:1}', null)).toBe('invalid JSON');
    expect(describeBody('{"a":"[{"}', null)).toBe('invalid JSON');
    // An escape, then more of the string, then its closing quote.
    expect(describeBody('{"a":"\\nx{"}}', null)).toBe('invalid JSON');
  });
});

describe('kindOf and shownValue', () => {
  test('kindOf names the kind of a value, never the value', () => {
    expect([undefined, null, [], {}, 'key', 1, true, 1n, Symbol('s'), () => 0].map(kindOf)).toEqual([
      'undefined', 'null', 'an array', 'object', 'string', 'number', 'boolean', 'bigint', 'symbol', 'function',
    ]);
  });

  test('shownValue shows numbers and booleans, strings quoted and cut, and the kind of anything else', () => {
    expect([1.5, NaN, Infinity, -1, true, false, null, undefined, [], {}].map(shownValue)).toEqual(['1.5', 'NaN', 'Infinity', '-1', 'true', 'false', 'null', 'undefined', 'an array', 'object']);
    expect(shownValue('1000')).toBe('"1000"');
    expect(shownValue(`a\n${'x'.repeat(100)}`)).toBe(`"a\\u000a${'x'.repeat(37)}…"`);
  });
});
