import type { LookupOptions } from './options.js';
import { lookup } from './core/request.js';
import { noArray } from './schemas/fields.js';
import { type CheckoutSession, CheckoutSessionSchema } from './schemas/checkout-session.js';

// What a lookup validates: the exported schema, with an array refused first (`data: expected Object, received array`).
const SESSION = /* @__PURE__ */ noArray(CheckoutSessionSchema);

/**
 * Reads a checkout session: `GET {baseUrl}/api/checkout/session/{id}`, validated, with `created` and `expire` as
 * `Date`s.
 *
 * @param id - The checkout session's identifier; sent as one percent-encoded path segment.
 * @param options - `baseUrl` and, on a server, `apiKey`; see `LookupOptions` for deadline, retries and more.
 * @returns The checkout session, with any fields the service added beyond the documented ones.
 * @throws `InvalidIdError` (a `TypeError`) before any request for a bad id, a `TypeError` for a bad option;
 * `ApiError`, `NetworkError`, `TimeoutError` or `ValidationError` (all `LookupError`) for a request that went out;
 * the caller's `signal.reason` on abort.
 * @example
 * ```ts
 * const session = await getSession('cs_123', { baseUrl: env.API_BASE_URL, apiKey: env.API_KEY });
 * ```
 */
export function getSession(id: string, options: LookupOptions): Promise<CheckoutSession> {
  return lookup('api/checkout/session/', id, SESSION, options);
}
