import { jwtVerify } from 'jose';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import type { Settings } from './env.js';

// Tokens are minted on the merchant's servers; a few seconds of clock drift between them and the edge is normal.
const CLOCK_TOLERANCE_SECONDS = 30;

/** A verified sign-in: the customer id and when the token expires (seconds since the epoch). */
export interface Subject {
  readonly customerId: string;
  readonly expires: number;
}

// JWS compact serialization (RFC 7515 §7.1): three base64url parts without padding, nothing else. No whitespace,
// no CR/LF (which `Headers` would refuse in Set-Cookie), no "=", no "+" or "/".
const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Whether a token is exactly in JWS compact form with canonical base64url parts: a part's length is never 1 more
 * than a multiple of 4, and the bits its last character carries beyond the data are zero (RFC 4648 §3.5), so one
 * token has one spelling and a changed padding bit is not "the same token".
 */
export function isCompactJws(token: string): boolean {
  if (token.length > 8192 || !COMPACT.test(token)) return false;
  for (const part of token.split('.')) {
    const rest = part.length % 4;
    if (rest === 1) return false;
    if (rest === 0) continue;
    const last = ALPHABET.indexOf(part[part.length - 1]!);
    if ((last & (rest === 2 ? 0x0f : 0x03)) !== 0) return false;
  }
  return true;
}

/**
 * Verifies a sign-in token: compact form only, HS256 only, signed with `AUTH_SECRET`, `exp` required, `iat` not in
 * the future beyond the clock tolerance, `iss`/`aud` when configured.
 *
 * @returns The subject, or `undefined` for any token that fails, whatever the reason (the reason is not told).
 */
export async function verifyToken(token: string, settings: Settings, now = Date.now()): Promise<Subject | undefined> {
  if (!isCompactJws(token)) return undefined;
  try {
    const { payload } = await jwtVerify(token, settings.authSecret, {
      // Pinning the algorithm refuses `alg: none` and every algorithm confusion (RFC 8725 §3.1).
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(now),
      ...(settings.issuer === undefined ? {} : { issuer: settings.issuer }),
      ...(settings.audience === undefined ? {} : { audience: settings.audience }),
    });
    const { sub, exp, iat } = payload;
    if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number') return undefined;
    // A token "issued" later than now (beyond the tolerance) was minted by a wrong clock or made to outlive its
    // intended lifetime: refused.
    if (iat !== undefined && !(typeof iat === 'number' && iat <= now / 1000 + CLOCK_TOLERANCE_SECONDS)) return undefined;
    return { customerId: sub, expires: exp };
  } catch {
    return undefined;
  }
}

/** The token of an `Authorization: Bearer <token>` header, `''` when the header has another form, `undefined` when absent. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('Authorization');
  if (header === null) return undefined;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? '';
}

/** The customer signed in by the request's cookie, or `undefined` without a cookie or with one that fails. */
export async function signedIn(request: Request, settings: Settings): Promise<Subject | undefined> {
  const token = readCookie(request, SESSION_COOKIE);
  return token ? verifyToken(token, settings) : undefined;
}
