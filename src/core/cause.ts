import type { NetworkErrorCause } from '../errors.js';

/** The shortest part of the key that is redacted: any 12 consecutive characters of it identify it. */
const KEY_PART = 12;

/**
 * `text` as a string, with the key replaced by `[redacted]` wherever 12 or more consecutive characters of it appear
 * (the whole key when it is shorter), in any case: a service may echo the key cut short or upper-cased. A part of
 * the key is hidden in 12-character stretches, so fewer than 12 of its characters may stay in sight after it.
 */
export function redact(text: unknown, key: string | undefined): string {
  const plain = String(text);
  if (!key) return plain;
  const part = Math.min(KEY_PART, key.length);
  // The whole key first, then every stretch of `part` characters of it, escaped for a RegExp.
  const parts = [key];
  for (let at = 0; at + part <= key.length; at++) parts.push(key.slice(at, at + part));
  return plain.replace(new RegExp(`(?:${parts.map((text) => text.replace(/\W/g, '\\$&')).join('|')})+`, 'gi'), '[redacted]');
}

/**
 * A copy of whatever an injected `fetch` threw that is safe to keep as a `cause`: a plain object with the failure's
 * `message` (a thrown string is its own message), `name` and `code` (or the `code` of its own `cause`, where undici
 * puts ECONNREFUSED), as strings with the key redacted. Nothing else is kept: never a `Request`, `Headers` or an
 * object holding one. Never throws: what cannot be read (a getter or `toString` that throws, a Proxy that refuses)
 * is left out, and the message is `[redacted]` until one is read.
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
    keep('code', from.code ?? Object(from.cause).code);
  } catch {}
  return copy as unknown as NetworkErrorCause;
}
