import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';

// Browsers silently drop a cookie whose name and value exceed 4096 bytes (RFC 6265bis §5.6).
const MAX_COOKIE_BYTES = 4096;

/** One of the worker's cookies (HttpOnly, Secure, SameSite=Lax): how to read it, set it for at most `longest` seconds, and clear it. */
function cookie(name: string, prefix: 'host' | 'secure', path: string, longest = Number.POSITIVE_INFINITY) {
  const options = { prefix, path, httpOnly: true, secure: true, sameSite: 'Lax' } as const;
  const fullName = `__${prefix === 'host' ? 'Host' : 'Secure'}-${name}`;
  return {
    read: (c: Context): string | undefined => getCookie(c, name, prefix),
    /** Whether a value of this many bytes is small enough for every browser to keep the cookie. */
    fits: (valueBytes: number): boolean => fullName.length + 1 + valueBytes <= MAX_COOKIE_BYTES,
    set: (value: string, maxAgeSeconds: number): string =>
      generateCookie(name, value, { ...options, maxAge: Math.max(0, Math.min(longest, Math.floor(maxAgeSeconds))) }),
    cleared: (): string => generateCookie(name, '', { ...options, maxAge: 0 }),
  };
}

// The sign-in cookie: `__Host-` (Secure, Path=/, no Domain), so no sibling subdomain can set or shadow it (RFC 6265bis §4.1.3.2).
export const signInCookie = cookie('checkout-lookup', 'host', '/');

// The sign-in link's token between its GET and the Continue page's POST, so neither the address bar nor Back carries
// it: only sent to /sign-in, gone after 10 minutes (time to press Continue) or at the POST.
export const linkCookie = cookie('checkout-lookup-link', 'secure', '/sign-in', 600);
