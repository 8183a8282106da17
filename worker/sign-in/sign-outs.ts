import type { Settings } from '../settings.js';
import { hmacKey } from './hmac-key.js';

// Sign-out ends every sign-in and sign-in link of the customer issued before it, on every device: the time of each
// customer's last sign-out is kept in a Workers KV namespace (`SIGN_OUTS`), and a token whose `iat` is not after it
// is refused (a shop's link issued in the same second counts as after it). KV is eventually consistent: the
// location where the customer signed out sees it at once, others within about a minute (worker/README.md). Without
// the binding nothing is kept, and sign-out ends the sign-in in that browser only.

// KV keeps an entry at least 60 seconds; beyond the longest life of a link or a sign-in, nothing it would refuse
// can still be valid, so the entry may go.
const MIN_TTL_SECONDS = 60;

// What is signed for a key: the customer id after a label with a space, which base64url never holds, so no key is
// ever the signature of a token (one key, AUTH_SECRET's, signs both).
const LABEL = 'sign-out ';

/**
 * The key of a customer's entry: an HMAC-SHA-256 of the customer id with `AUTH_SECRET`, in hex. Any `sub` fits KV's
 * 512-byte keys, and the id cannot be read back from the key without the secret, not even by trying a list of
 * likely ids. The entry's value is the time of the sign-out.
 */
async function keyOf(settings: Settings, customerId: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(settings.authSecret), new TextEncoder().encode(LABEL + customerId));
  let hex = '';
  for (const byte of new Uint8Array(mac)) hex += byte.toString(16).padStart(2, '0');
  return `signed-out:${hex}`;
}

/**
 * Whether a token of the customer issued at `issuedAt` (its `iat`, seconds since the epoch) is ended by their last
 * sign-out. The worker's own sign-ins carry `iat` to the millisecond and are ended when issued up to the sign-out; a
 * shop's link carries whole seconds, so one issued in the second of the sign-out counts as after it (the shop may
 * hand the customer a new link at once).
 */
export async function signedOutSince(settings: Settings, customerId: string, issuedAt: number, own: boolean): Promise<boolean> {
  if (settings.signOuts === undefined) return false;
  const value = await settings.signOuts.get(await keyOf(settings, customerId));
  if (value === null) return false;
  const at = Number(value) / 1000;
  return own ? issuedAt <= at : issuedAt < Math.floor(at);
}

/** Records that the customer signed out now: every token of theirs issued until now is refused from then on. */
export async function recordSignOut(settings: Settings, customerId: string, now = Date.now()): Promise<void> {
  if (settings.signOuts === undefined) return;
  const ttl = Math.max(MIN_TTL_SECONDS, settings.linkMaxLifetime, settings.sessionMaxAge) + MIN_TTL_SECONDS;
  await settings.signOuts.put(await keyOf(settings, customerId), String(now), { expirationTtl: ttl });
}
