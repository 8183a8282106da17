import { describe, expect, test } from 'vitest';
import { describeBody, kindOf, oneLine, shownValue } from '../../src/core/message.js';

describe('oneLine', () => {
  test('leaves a short plain text as it is', () => {
    expect(oneLine('order not found', 200)).toBe('order not found');
    expect(oneLine('', 200)).toBe('');
    expect(oneLine('x'.repeat(200), 200)).toBe('x'.repeat(200));
  });

  test('escapes newlines, tabs and every other control character, so no log line can be forged', () => {
    expect(oneLine('a\nb\rc\td', 200)).toBe('a\\nb\\rc\\td');
    expect(oneLine('\u0000\u001b\u007f\u0085\u009f', 200)).toBe('\\u0000\\u001b\\u007f\\u0085\\u009f');
    expect(oneLine('a\u2028b\u2029c', 200)).toBe('a\\u2028b\\u2029c');
    expect(oneLine('\u00a0é\u2027\u202a', 200)).toBe('\u00a0é\u2027\u202a');
    expect(oneLine('\n\n', 200)).toBe('\\n\\n');
  });

  test('cuts a longer text to max characters, the last one an ellipsis', () => {
    expect(oneLine('x'.repeat(201), 200)).toBe(`${'x'.repeat(199)}…`);
    expect(oneLine('abcdef', 4)).toBe('abc…');
    expect(oneLine('x'.repeat(885_000), 200)).toHaveLength(200);
  });

  test('cuts when escaping makes the text longer than max', () => {
    expect(oneLine('ab\n', 4)).toBe('ab\\n');
    expect(oneLine('abc\n', 4)).toBe('abc…');
    expect(oneLine('a\nb', 4)).toBe('a\\nb');
    expect(oneLine('a\nbc', 4)).toBe('a\\n…');
    expect(oneLine('\n'.repeat(10), 5)).toBe('\\n\\n…');
  });

  test('never ends in half an escape or half a surrogate pair', () => {
    expect(oneLine('abc\u0001', 6)).toBe('abc…');
    expect(oneLine('ab\u0001', 6)).toBe('ab…');
    expect(oneLine('a\u0001xyz', 5)).toBe('a…');
    expect(oneLine('a\u0001xyz', 4)).toBe('a…');
    expect(oneLine('a\u0001xyz', 3)).toBe('a…');
    expect(oneLine('ab\n', 3)).toBe('ab…');
    expect(oneLine('a😀b', 3)).toBe('a…');
    expect(oneLine('ab😀c', 4)).toBe('ab…');
    expect(oneLine('a😀bc', 4)).toBe('a😀…');
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
  });
});

describe('kindOf and shownValue', () => {
  test('kindOf names the kind of a value, never the value', () => {
    expect([undefined, null, [], {}, 'key', 1, true, 1n, Symbol('s'), () => 0].map(kindOf)).toEqual([
      'undefined', 'null', 'an array', 'an object', 'a string', 'a number', 'a boolean', 'a bigint', 'a symbol', 'a function',
    ]);
  });

  test('shownValue shows numbers and booleans, strings quoted and cut, and the kind of anything else', () => {
    expect([1.5, NaN, Infinity, true, null, [], {}].map(shownValue)).toEqual(['1.5', 'NaN', 'Infinity', 'true', 'null', 'an array', 'an object']);
    expect(shownValue('1000')).toBe('the string "1000"');
    expect(shownValue(`a\n${'x'.repeat(100)}`)).toBe(`the string "a\\n${'x'.repeat(36)}…"`);
  });
});
