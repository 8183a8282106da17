import { ApiError, getOrder, getSession, TimeoutError } from 'checkout-lookup';
import type { CheckoutSession, Order } from 'checkout-lookup';
import { HTTPException } from 'hono/http-exception';
import { setMetric } from 'hono/timing';
import type { AppContext } from './app.js';

/** One kind of record: how the SDK gets it, and the customer it belongs to. */
export interface RecordSource<T> {
  get(id: string, options: Parameters<typeof getOrder>[1]): Promise<T>;
  ownerOf(record: T): string | null | undefined;
}

export const orders: RecordSource<Order> = { get: getOrder, ownerOf: (order) => order.customerId };

export const checkoutSessions: RecordSource<CheckoutSession> = { get: getSession, ownerOf: (session) => session.customer?.customerId };

// Ids the worker passes on: a letter or digit first, so "." and ".." never reach a path; at most 128 characters.
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The route's id parameter (as the router decoded it) as an id, or `undefined` (slash, dot segment, escape, too long). */
export function parseId(param: string): string | undefined {
  return ID.test(param) ? param : undefined;
}

/**
 * The record of the route's `:id` when it belongs to the signed-in customer; the time waited goes into `Server-Timing`.
 *
 * @throws HTTPException 404 alike for a bad id, a missing record and another customer's; 504 on timeout, else 502.
 */
export async function ownRecord<T>(c: AppContext, source: RecordSource<T>): Promise<T> {
  const id = parseId(c.req.param('id') ?? '');
  if (id === undefined) throw new HTTPException(404);
  const started = Date.now();
  let record: T;
  try {
    // One call per request, never shared: workerd runs a promise's continuation in the I/O context of the request
    // that resolved it, so a request waiting on another's call could not answer.
    const { baseUrl, apiKey, timeout, fetch: upstreamFetch } = c.get('settings');
    record = await source.get(id, { baseUrl, apiKey, timeout, fetch: upstreamFetch });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.code === 404)) throw new HTTPException(404);
    // The name and status only: an upstream message is the service's words, kept out of logs like out of answers.
    c.set('failure', describe(error));
    throw new HTTPException(error instanceof TimeoutError ? 504 : 502, { cause: error });
  } finally {
    const waited = Date.now() - started;
    c.set('upstreamMs', waited);
    setMetric(c, 'upstream', waited);
  }
  if (source.ownerOf(record) !== c.get('customer')?.id) throw new HTTPException(404);
  return record;
}

function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { status, code } = error as { status?: unknown; code?: unknown };
  return { name: error.name, status, code };
}
