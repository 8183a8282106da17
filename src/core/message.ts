/** A C0 control, DEL, a C1 control or a Unicode line separator: each can end or forge a log line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const EVERY_UNSAFE = new RegExp(UNSAFE, 'g');

/** Characters of a service's or a failure's text that a message shows. */
export const SHOWN = 200;

/** The kind of a value, for messages that must not show it: `undefined`, `null`, `array`, `number`, `object`... */
export function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** `text` on one line: every character of `UNSAFE` percent-encoded (a line feed is `%0A`). */
export function oneLine(text: string): string {
  return text.replace(EVERY_UNSAFE, encodeURIComponent);
}

/** Someone else's text as a message shows it: its first 200 characters, then `…` when there were more. */
export function clip(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

/**
 * What a body that is not JSON is, for messages: over the limit (`undefined`), not UTF-8 (`null`), empty, an HTML
 * page, cut short, or else invalid JSON.
 */
export function bodyKind(text: string | null | undefined, limit: number): string {
  if (text === undefined) return `more than ${limit} bytes`;
  if (text === null) return 'a body that is not UTF-8';
  if (!text.trim()) return 'an empty body';
  if (/^\s*</.test(text)) return 'an HTML page';
  // JSON that opens an object or array and never closes one: the body was cut short.
  if (/^\s*[[{]/.test(text) && !/[\]}]\s*$/.test(text)) return 'a truncated body';
  return 'invalid JSON';
}
