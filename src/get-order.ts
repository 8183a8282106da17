import type { LookupOptions } from './options.js';
import { lookup } from './core/request.js';
import { noArray } from './schemas/fields.js';
import { type Order, OrderSchema } from './schemas/order.js';

// What a lookup validates: the exported schema, with an array refused first (`data: expected Object, received array`).
const ORDER = /* @__PURE__ */ noArray(OrderSchema);

/**
 * Reads an order: `GET {baseUrl}/api/order/{id}`, validated, with `createTime` as a `Date`.
 *
 * @param id - The order's identifier; sent as one percent-encoded path segment.
 * @param options - `baseUrl` and, on a server, `apiKey`; see `LookupOptions` for deadline, retries and more.
 * @returns The order, with any fields the service added beyond the documented ones.
 * @throws `InvalidIdError` (a `TypeError`) before any request for a bad id, a `TypeError` for a bad option;
 * `ApiError`, `NetworkError`, `TimeoutError` or `ValidationError` (all `LookupError`) for a request that went out;
 * the caller's `signal.reason` on abort.
 * @example
 * ```ts
 * const order = await getOrder('ord_123', { baseUrl: env.API_BASE_URL, apiKey: env.API_KEY });
 * ```
 */
export function getOrder(id: string, options: LookupOptions): Promise<Order> {
  return lookup('api/order/', id, ORDER, options);
}
