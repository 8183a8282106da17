/**
 * The session cookie. `__Host-` makes browsers refuse it unless it is Secure, has Path=/ and no Domain, so no
 * sibling subdomain can set or shadow it (RFC 6265bis §4.1.3.2).
 */
export const SESSION_COOKIE = '__Host-checkout-lookup';

/** The value of one cookie from the `Cookie` header, or `undefined`. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('Cookie');
  if (header === null) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * Largest `name=value` a browser keeps: RFC 6265bis §5.6 lets user agents drop a cookie whose name and value
 * together exceed 4096 bytes, and Chromium, Firefox and Safari do, silently.
 */
export const MAX_COOKIE_BYTES = 4096;

/** Whether a session cookie with this value is small enough for every browser to keep it. */
export function fitsInCookie(value: string): boolean {
  return new TextEncoder().encode(`${SESSION_COOKIE}=${value}`).byteLength <= MAX_COOKIE_BYTES;
}

/** `Set-Cookie` for the session token, expiring with it. */
export function sessionCookie(token: string, maxAgeSeconds: number): string {
  const maxAge = Math.max(0, Math.floor(maxAgeSeconds));
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

/** `Set-Cookie` that removes the session cookie (same name and attributes, expired). */
export function clearedCookie(): string {
  return sessionCookie('', 0);
}
