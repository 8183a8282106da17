import type { Settings } from '../settings.js';
import { hmacKey } from './hmac-key.js';

// Each customer's last sign-out time, in Workers KV (`SIGN_OUTS`): seen at once where it was made, elsewhere within
// about a minute (worker/README.md).

// KV keeps an entry at least 60 seconds. A link it ends may carry an `iat` up to the clock tolerance past the
// sign-out and is taken up to the tolerance past its `exp`: a minute past the longest lifetime covers both.
const MIN_TTL_SECONDS = 60;

// A label with a space, which base64url never holds, so no KV key is ever the signature of a token (one secret signs both).
const LABEL = 'sign-out ';

/** A customer's key: HMAC-SHA-256 of the id in hex, so any `sub` fits KV's keys and none can be read back. */
async function keyOf(settings: Settings, customerId: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(settings.authSecret), new TextEncoder().encode(LABEL + customerId));
  return `signed-out:${[...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Whether a token issued at `issuedAt` (`iat`, seconds) is ended by the customer's last sign-out: issued at or before
 * it, or up to `aheadSeconds` after it. The worker's own sign-ins come from its own clock (0); a shop's link may carry
 * an `iat` as far ahead of the worker's clock as the tolerance lets through, and cannot be told from one issued before.
 */
export async function signedOutSince(settings: Settings, customerId: string, issuedAt: number, aheadSeconds: number): Promise<boolean> {
  if (settings.signOuts === undefined) return false;
  const value = await settings.signOuts.get(await keyOf(settings, customerId));
  return value !== null && issuedAt <= Number(value) / 1000 + aheadSeconds;
}

/** Records that the customer signed out now: every token of theirs issued until now is refused from then on. */
export async function recordSignOut(settings: Settings, customerId: string, now = Date.now()): Promise<void> {
  if (settings.signOuts === undefined) return;
  const ttl = Math.max(MIN_TTL_SECONDS, settings.linkMaxLifetime, settings.sessionMaxAge) + MIN_TTL_SECONDS;
  await settings.signOuts.put(await keyOf(settings, customerId), String(now), { expirationTtl: ttl });
}
