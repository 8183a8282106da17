// C0 controls, DEL, C1 controls and the two Unicode line separators: each can end or forge a log line.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` as one line of at most `max` characters: each control character escaped (`\n`, `\r`, `\t`, else `\uXXXX`),
 * and a longer text cut, ending in `…`. Only the first `max` characters are read, so an 885 KB text costs no more.
 */
export function oneLine(text: string, max: number): string {
  // Escaping only lengthens: the first `max` characters hold all the output can show.
  const line = text.slice(0, max).replace(CONTROL, (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (line.length <= max && text.length <= max) return line;
  // Never half an escape or half a surrogate pair before the marker.
  return `${line.slice(0, max - 1).replace(/\\(u[\da-f]{0,3})?$|[\ud800-\udbff]$/u, '')}…`;
}

/**
 * What a body that is not JSON looks like, for messages: `an empty body`, `an HTML page`, `a truncated body` (JSON
 * that ends inside a string, object or array) or `invalid JSON`.
 */
export function describeBody(text: string, contentType: string | null): string {
  const start = text.trimStart();
  if (!start) return 'an empty body';
  if (start.startsWith('<') || /html/i.test(contentType ?? '')) return 'an HTML page';
  return endsEarly(start) ? 'a truncated body' : 'invalid JSON';
}

/** Whether JSON text ends inside a string or with an object or array still open. */
function endsEarly(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      // A backslash escapes the next character, a quote among them.
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
  }
  return inString || depth > 0;
}

/** The kind of a value, for messages that must not show it: `a number`, `null`, `an array`, `an object`... */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A value that is not a secret, as a message shows it: a number or boolean as itself, a string quoted and cut. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return `the string "${oneLine(value, 40)}"`;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : kindOf(value);
}
