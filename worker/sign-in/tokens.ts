import { base64url, jwtVerify } from 'jose';
import type { JWTVerifyOptions } from 'jose';
import type { Settings } from '../settings.js';
import { hmacKey } from './hmac-key.js';
import { signedOutSince } from './sign-outs.js';

// Sign-in links are minted on the merchant's servers; a few seconds of clock drift between them and the edge is
// normal. The worker's own sign-ins get none past their expiry: one clock made them and checks them.
const CLOCK_TOLERANCE_SECONDS = 30;

/** A signed-in customer: the id and when the credential expires (seconds since the epoch). */
export type Customer = { readonly id: string; readonly expires: number };

/** Longest token read, in characters: a link of 8 KB is far beyond what any shop mints. */
const MAX_TOKEN_CHARS = 8192;

// JWS compact serialization (RFC 7515 §7.1): three unpadded base64url parts, nothing else (no CR/LF for Set-Cookie).
const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Whether a token is JWS compact with canonical base64url parts (RFC 4648 §3.5), so one token has one spelling. */
export function isCompactJws(token: string): boolean {
  if (token.length > MAX_TOKEN_CHARS || !COMPACT.test(token)) return false;
  for (const part of token.split('.')) {
    const rest = part.length % 4;
    if (rest === 1) return false;
    if (rest === 0) continue;
    const last = ALPHABET.indexOf(part[part.length - 1]!);
    if ((last & (rest === 2 ? 0x0f : 0x03)) !== 0) return false;
  }
  return true;
}

/** Why a sign-in link (or Bearer token) was refused; only a token with a good signature gets more than `invalid`. */
export type Refusal = 'invalid' | 'expired' | 'too-long-lived' | 'too-large';

export type LinkCheck = { readonly customer: Customer } | { readonly refused: Refusal };

// The worker's own sign-in `typ` (RFC 8725 §3.11): a sign-in never passes as a link nor a link as a sign-in. Every
// sign-in cookie carries it: a new value would refuse them all.
export const SIGN_IN_TYPE = 'checkout-lookup-session+jwt';

/**
 * Checks a sign-in link's token (also a Bearer token): `iss`/`aud` when configured, `exp - iat` within
 * `LINK_MAX_LIFETIME_SECONDS`, issued after the last sign-out by more than the clock tolerance.
 */
export async function checkLink(token: string, settings: Settings, now = Date.now()): Promise<LinkCheck> {
  if (token.length > MAX_TOKEN_CHARS) return { refused: 'too-large' };
  try {
    const claims = await verifiedClaims(token, settings, now, {
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(settings.issuer === undefined ? {} : { issuer: settings.issuer }),
      ...(settings.audience === undefined ? {} : { audience: settings.audience }),
    });
    if (claims === undefined || claims.typ === SIGN_IN_TYPE) return { refused: 'invalid' };
    if (claims.exp - claims.iat > settings.linkMaxLifetime) return { refused: 'too-long-lived' };
    if (await signedOutSince(settings, claims.sub, claims.iat, CLOCK_TOLERANCE_SECONDS)) return { refused: 'invalid' };
    return { customer: { id: claims.sub, expires: claims.exp } };
  } catch (error) {
    // jose checks the claims only after the signature, so an expired token here is one the shop really signed.
    return { refused: (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
  }
}

// The worker's sign-in header, and the length of an HS256 signature in base64url (32 bytes, 43 characters).
const SIGN_IN_HEADER = base64url.encode(JSON.stringify({ alg: 'HS256', typ: SIGN_IN_TYPE }));
const SIGNATURE_CHARS = 43;

/** The worker's sign-in claims at `now`: `iat` to the millisecond, `exp` capped by the setting. */
function signInClaims(customer: Customer, settings: Settings, now: number): { sub: string; iat: number; exp: number } {
  return { sub: customer.id, iat: now / 1000, exp: Math.min(customer.expires, Math.floor(now / 1000) + settings.sessionMaxAge) };
}

/** The worker's own sign-in token; `iat` to the millisecond, so a sign-in right after a sign-out is after it. */
export async function newSignIn(customer: Customer, settings: Settings, now = Date.now()): Promise<{ token: string; expires: number }> {
  const claims = signInClaims(customer, settings, now);
  // Signed by WebCrypto directly: jose's SignJWT would add about 4 KB gzip to the bundle.
  const input = `${SIGN_IN_HEADER}.${base64url.encode(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(settings.authSecret), new TextEncoder().encode(input));
  return { token: `${input}.${base64url.encode(new Uint8Array(signature))}`, expires: claims.exp };
}

/** The sign-in `newSignIn` would make at `now`, unsigned: when it expires, and its token's length (ASCII, so bytes). */
export function plannedSignIn(customer: Customer, settings: Settings, now = Date.now()): { expires: number; length: number } {
  const claims = signInClaims(customer, settings, now);
  const payloadBytes = new TextEncoder().encode(JSON.stringify(claims)).byteLength;
  // Unpadded base64url: 4 characters per 3 bytes, the last group cut to the characters its bytes need.
  return { expires: claims.exp, length: SIGN_IN_HEADER.length + 1 + Math.ceil((payloadBytes * 4) / 3) + 1 + SIGNATURE_CHARS };
}

/**
 * Verifies a `newSignIn` token: its `typ`, `exp` without tolerance (a tolerance would lengthen a sign-in), a lifetime
 * within today's `SESSION_MAX_AGE_SECONDS` (lowering it shortens sign-ins already made), issued after the last sign-out.
 */
export async function verifySignIn(token: string, settings: Settings, now = Date.now()): Promise<Customer | undefined> {
  try {
    const claims = await verifiedClaims(token, settings, now, { typ: SIGN_IN_TYPE });
    if (claims === undefined || claims.exp - claims.iat > settings.sessionMaxAge) return undefined;
    if (await signedOutSince(settings, claims.sub, claims.iat, 0)) return undefined;
    return { id: claims.sub, expires: claims.exp };
  } catch {
    return undefined;
  }
}

/** What a caller may add to the checks: never the algorithm or the required claims, which are pinned below. */
type ClaimChecks = Pick<JWTVerifyOptions, 'typ' | 'clockTolerance' | 'issuer' | 'audience'>;

/** The claims of a canonical HS256 token that passes `options` and has a `sub`, `exp` and `iat` not in the future. */
async function verifiedClaims(token: string, settings: Settings, now: number, options: ClaimChecks) {
  if (!isCompactJws(token)) return undefined;
  const { payload, protectedHeader } = await jwtVerify(token, await hmacKey(settings.authSecret), {
    ...options,
    // Pinning the algorithm refuses `alg: none` and every algorithm confusion (RFC 8725 §3.1).
    algorithms: ['HS256'],
    // Without `iat` neither the lifetime nor the place before or after a sign-out could be told.
    requiredClaims: ['exp', 'sub', 'iat'],
    currentDate: new Date(now),
  });
  const { sub, exp, iat } = payload;
  if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number' || typeof iat !== 'number') return undefined;
  // Issued in the future: a wrong clock, or made to outlive its lifetime.
  if (iat > now / 1000 + CLOCK_TOLERANCE_SECONDS) return undefined;
  return { sub, exp, iat, typ: protectedHeader.typ?.toLowerCase().replace(/^application\//, '') };
}

/** The token of an `Authorization: Bearer <token>` header, `''` when the header has another form, `undefined` when absent. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('Authorization');
  if (header === null) return undefined;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? '';
}
