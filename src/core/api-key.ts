import { kindOf } from './message.js';

/** The rule an API key meets, as messages state it: it must be a header value that no runtime refuses or rewrites. */
export const API_KEY_RULE = 'a string of visible ASCII characters';

/** Whether `value` meets `API_KEY_RULE`: a runtime's own error for a bad header value would quote the key. */
export function isApiKey(value: unknown): value is string {
  return typeof value === 'string' && /^[\x21-\x7e]+$/.test(value);
}

/** What is wrong with a value that is no API key, never showing it: its kind, or what it holds that the rule refuses. */
export function keyWrong(value: unknown): string {
  if (typeof value !== 'string') return kindOf(value);
  if (!value) return 'an empty string';
  return `a string with ${/[\r\n]/.test(value) ? 'a line break' : value.includes(' ') ? 'a space' : 'another character'}`;
}
