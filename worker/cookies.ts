/**
 * The sign-in cookie. `__Host-` makes browsers refuse it unless it is Secure, has Path=/ and no Domain, so no
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

/** `Set-Cookie` for the sign-in token, expiring with it. */
export function sessionCookie(token: string, maxAgeSeconds: number): string {
  const maxAge = Math.max(0, Math.floor(maxAgeSeconds));
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

/** `Set-Cookie` that removes the sign-in cookie (same name and attributes, expired). */
export function clearedCookie(): string {
  return sessionCookie('', 0);
}
