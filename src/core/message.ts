/** A C0 control, DEL, a C1 control or a Unicode line separator: each can end or forge a log line. */
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const EVERY_UNSAFE = /* @__PURE__ */ new RegExp(UNSAFE, 'g');

/**
 * `text` as one line: cut to `max` characters, the last one `…`, then each character in `UNSAFE` escaped as
 * `\uXXXX`. Only the first `max` characters are read, so an 885 KB text costs no more than a short one.
 */
export function oneLine(text: string, max: number): string {
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return cut.replace(EVERY_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * What a body that is not JSON looks like, for messages: `an empty body`, `an HTML page`, `a truncated body` (JSON
 * that ends inside a string, object or array) or `invalid JSON`.
 */
export function describeBody(text: string, contentType: string | null): string {
  const start = text.trimStart();
  if (!start) return 'an empty body';
  // Stryker disable next-line StringLiteral: any fallback without "html" in it reads the same.
  if (start.startsWith('<') || /html/i.test(contentType ?? '')) return 'an HTML page';
  return endsEarly(start) ? 'a truncated body' : 'invalid JSON';
}

/** Whether JSON text ends inside a string, or with more objects and arrays opened than closed. */
function endsEarly(text: string): boolean {
  // Strings first (an escaped quote stays inside its string), so that brackets inside them are not counted.
  // Stryker disable next-line StringLiteral: any replacement without quotes or brackets counts the same.
  const bare = text.replace(/"[^"\\]*(?:\\.[^"\\]*)*"/g, '');
  const count = (brackets: RegExp) => bare.match(brackets)?.length ?? 0;
  return bare.includes('"') || count(/[[{]/g) > count(/[\]}]/g);
}

/** The kind of a value, for messages that must not show it: `undefined`, `null`, `an array`, `number`, `object`... */
export function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}


/** A value that is not a secret, as a message shows it: a number or boolean as itself, a string quoted and cut. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return `"${oneLine(value, 40)}"`;
  return typeof value === 'number' || typeof value === 'boolean' ? `${value}` : kindOf(value);
}
