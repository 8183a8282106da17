/** A C0 control, DEL, a C1 control or a Unicode line separator: each can end or forge a log line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const EVERY_UNSAFE = new RegExp(UNSAFE, 'g');

/** Characters of a service's or a failure's text that a message shows. */
const SHOWN = 200;

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
