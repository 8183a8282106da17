// Kept per isolate (jose would import the secret's bytes anew on every verification): the key, never a promise of it,
// which workerd ties to the request that made it; a key holds nothing of any request.
const HMAC_KEYS = new WeakMap<Uint8Array, CryptoKey>();

/** The HMAC-SHA-256 key of a secret, imported once per isolate and secret. */
export async function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = HMAC_KEYS.get(secret);
  if (key === undefined) {
    // A copy: WebCrypto's types take an ArrayBuffer-backed view only (never a SharedArrayBuffer one).
    key = await crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    HMAC_KEYS.set(secret, key);
  }
  return key;
}
