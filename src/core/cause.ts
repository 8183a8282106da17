import type { NetworkErrorCause } from '../errors.js';

/** The shortest part of the key that is redacted: any 12 consecutive characters of it identify it. */
const KEY_PART = 12;

/** The key whose pattern was built last, and that pattern: a call redacts all its texts with one key. */
let patternKey: string | undefined;
let pattern: RegExp;

/** A pattern that finds, with a lookahead, where each piece of `part` characters of `key` starts in a text, in any case. */
function piecesOf(key: string, part: number): RegExp {
  // Stryker disable next-line ConditionalExpression: building the pattern for every text gives the same pattern, only slower.
  if (key !== patternKey) {
    // Every piece of `part` characters, escaped for a RegExp.
    const pieces = Array.from({ length: key.length - part + 1 }, (_, at) => key.slice(at, at + part).replace(/\W/g, '\\$&'));
    pattern = new RegExp(`(?=${pieces.join('|')})`, 'gi');
    patternKey = key;
  }
  return pattern;
}

/**
 * `text` as a string, with `[redacted]` in place of every stretch of 12 or more consecutive characters of the key (the
 * whole key when it is shorter), however long, in any case: a service may echo the key cut short or upper-cased.
 * Every character that lies in some 12-character piece of the key is hidden, and each run of them is one `[redacted]`.
 * A key that holds `[`, `]` or letters of `redacted` may make a new stretch of the marker and the text beside it: the
 * result is redacted again while that shortens it, which with a key of 11 characters or more every replacement does,
 * so no stretch is left.
 */
export function redact(text: unknown, key: string | undefined): string {
  const plain = String(text);
  if (!key) return plain;
  const part = Math.min(KEY_PART, key.length);
  // A text shorter than a piece holds none.
  // Stryker disable next-line ConditionalExpression: searching a short text finds nothing, only more slowly.
  if (plain.length < part) return plain;
  let shown = '';
  // The end of the run of hidden characters so far, and where the text not yet copied starts.
  let end = -1;
  let from = 0;
  for (const { index } of plain.matchAll(piecesOf(key, part))) {
    if (index > end) shown += `${plain.slice(from, index)}[redacted]`;
    from = end = index + part;
  }
  shown += plain.slice(from);
  return shown.length < plain.length ? redact(shown, key) : shown;
}

/** The answer's headers as a plain object, names in lower case, the key redacted from names and values. */
export function redactedHeaders(headers: Headers, key: string | undefined): Record<string, string> {
  const copy: Record<string, string> = {};
  headers.forEach((value, name) => {
    copy[redact(name, key)] = redact(value, key);
  });
  return copy;
}

/** The request id of an answer: the first present of `x-request-id`, `request-id` and `cf-ray`. */
export function requestIdOf(headers: Record<string, string>): string | undefined {
  return headers['x-request-id'] ?? headers['request-id'] ?? headers['cf-ray'];
}

/**
 * A copy of whatever an injected `fetch` threw that is safe to keep as a `cause`: a plain object with the failure's
 * `message` (a thrown string is its own message), `name` and `code` (or the `code` of its own `cause`, where undici
 * puts ECONNREFUSED), and where there is no code the `reason`, its own cause's message (undici's `bad port`), as
 * strings with the key redacted. Nothing else is kept: never a `Request`, `Headers` or an object holding one. Never
 * throws: what cannot be read (a getter or `toString` that throws, a Proxy that refuses) is left out, and the message
 * is `[redacted]` until one is read.
 */
export function safeCause(failure: unknown, key: string | undefined): NetworkErrorCause {
  const copy: Record<string, string> = { message: '[redacted]' };
  const keep = (field: string, value: unknown) => {
    if (value != null) copy[field] = redact(value, key);
  };
  try {
    const from = Object(failure);
    keep('message', typeof failure === 'string' ? failure : from.message);
    keep('name', from.name);
    const cause = Object(from.cause);
    keep('code', from.code ?? cause.code);
    if (!copy.code) keep('reason', cause.message);
  } catch {}
  return copy as unknown as NetworkErrorCause;
}
