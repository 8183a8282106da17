/** `text` as a string, with every occurrence of `key` (when there is one) replaced by `[redacted]`. */
export function redact(text: unknown, key: string | undefined): string {
  return String(text).split(key!).join('[redacted]');
}

/** What is kept of a failure as a `cause`: its name, message and code as redacted strings, never the object itself. */
export interface SafeCause {
  message: string;
  name?: string;
  code?: string;
}

/**
 * A copy of whatever an injected `fetch` threw that is safe to keep as a `cause`: a plain object with the failure's
 * `message` (a thrown string is its own message), `name` and `code` (or the `code` of its own `cause`, where undici
 * puts ECONNREFUSED), as strings with the key replaced by `[redacted]`. Nothing else is kept: never a `Request`,
 * `Headers` or an object holding one. Never throws: what cannot be read (a getter or `toString` that throws, a Proxy
 * that refuses) is left out, and the message is `[redacted]` until one is read.
 */
export function safeCause(failure: unknown, key: string | undefined): SafeCause {
  const copy: Record<string, string> = { message: '[redacted]' };
  const keep = (field: string, value: unknown) => value != null && (copy[field] = redact(value, key));
  try {
    const from = Object(failure);
    keep('message', typeof failure === 'string' ? failure : from.message);
    keep('name', from.name);
    keep('code', from.code ?? Object(from.cause).code);
  } catch {}
  return copy as unknown as SafeCause;
}
