import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';

// The sign-in cookie, `__Host-checkout-lookup`: the `__Host-` prefix makes browsers refuse it unless it is Secure,
// has Path=/ and no Domain, so no sibling subdomain can set or shadow it (RFC 6265bis §4.1.3.2).
const NAME = 'checkout-lookup';
const OPTIONS = { prefix: 'host', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' } as const;

/** The cookie's full name, as browsers send it. */
export const SIGN_IN_COOKIE = `__Host-${NAME}`;

/**
 * Largest `name=value` a browser keeps: RFC 6265bis §5.6 lets user agents drop a cookie whose name and value
 * together exceed 4096 bytes, and Chromium, Firefox and Safari do, silently.
 */
export const MAX_COOKIE_BYTES = 4096;

/** The sign-in token of the request's cookie, or `undefined`. */
export function readSignInCookie(c: Context): string | undefined {
  return getCookie(c, NAME, 'host');
}

/** Whether a sign-in cookie whose value has this many bytes is small enough for every browser to keep it. */
export function fitsInCookie(valueBytes: number): boolean {
  return SIGN_IN_COOKIE.length + 1 + valueBytes <= MAX_COOKIE_BYTES;
}

/** `Set-Cookie` for a sign-in token, expiring with it. */
export function signInCookie(token: string, maxAgeSeconds: number): string {
  return generateCookie(NAME, token, { ...OPTIONS, maxAge: Math.max(0, Math.floor(maxAgeSeconds)) });
}

/** `Set-Cookie` that removes the sign-in cookie (same name and attributes, expired). */
export function clearedSignInCookie(): string {
  return generateCookie(NAME, '', { ...OPTIONS, maxAge: 0 });
}

// The sign-in link's token between its GET and the Continue page's POST, so that neither the address bar nor Back
// carries it: `__Secure-` (Secure, no Domain), only sent to /sign-in, gone after 10 minutes or
// at the POST.
const LINK_NAME = 'checkout-lookup-link';
const LINK_OPTIONS = { prefix: 'secure', path: '/sign-in', httpOnly: true, secure: true, sameSite: 'Lax' } as const;

/** How long the link's cookie lasts: time to press Continue. */
export const LINK_COOKIE_SECONDS = 600;

/** The sign-in link's token kept for the Continue page, or `undefined`. */
export function readLinkCookie(c: Context): string | undefined {
  return getCookie(c, LINK_NAME, 'secure');
}

/** Whether a link token of this many bytes fits the link's cookie in every browser. */
export function linkFitsInCookie(valueBytes: number): boolean {
  return `__Secure-${LINK_NAME}`.length + 1 + valueBytes <= MAX_COOKIE_BYTES;
}

/** `Set-Cookie` keeping a sign-in link's token for the Continue page, at most LINK_COOKIE_SECONDS. */
export function linkCookie(token: string, maxAgeSeconds: number): string {
  return generateCookie(LINK_NAME, token, { ...LINK_OPTIONS, maxAge: Math.max(0, Math.min(LINK_COOKIE_SECONDS, Math.floor(maxAgeSeconds))) });
}

/** `Set-Cookie` that removes the link's cookie. */
export function clearedLinkCookie(): string {
  return generateCookie(LINK_NAME, '', { ...LINK_OPTIONS, maxAge: 0 });
}
