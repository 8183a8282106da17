// The HMAC-SHA-256 key made from AUTH_SECRET, kept per isolate: given the secret's bytes, jose would import them
// anew on every verification. The key itself is kept, never a promise of it (workerd ties a promise to the request
// that made it), and a key holds nothing of any request.
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
