/** `text` as a string, with every occurrence of `key` (when there is one) replaced by `[redacted]`. */
export function redact(text: unknown, key: string | undefined): string {
  return String(text).split(key!).join('[redacted]');
}

/**
 * A copy of a failure that is safe to keep as a `cause`: a plain object with the failure's `message`, `name` and
 * `code` (those it has, as strings), each with the key replaced by `[redacted]`. Nothing else is kept: never a
 * `Request`, `Headers` or an object holding one, nor the failure's own `cause`. Never throws: a failure that is no
 * object with a message, or that cannot be read (a getter or `toString` that throws, a Proxy that refuses), keeps
 * the message `[redacted]`.
 */
export function safeCause(failure: unknown, key: string | undefined): Record<string, string> {
  const copy: Record<string, string> = { message: '[redacted]' };
  try {
    const from = Object(failure);
    for (const field of ['message', 'name', 'code']) if (from[field] != null) copy[field] = redact(from[field], key);
  } catch {}
  return copy;
}
