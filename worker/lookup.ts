import { ApiError, getOrder, getSession, TimeoutError } from 'checkout-lookup';
import type { CheckoutSession, Order } from 'checkout-lookup';
import type { Subject } from './auth.js';
import type { Settings } from './env.js';
import type { Trace } from './trace.js';

/** What a lookup came to, for the JSON routes and the pages alike. */
export type Outcome<T> =
  | { readonly kind: 'found'; readonly value: T }
  // "Does not exist" and "belongs to someone else" are one outcome, so no caller can answer them differently.
  | { readonly kind: 'not-found' }
  | { readonly kind: 'failed'; readonly status: 502 | 504; readonly requestId: string };

// Ids the worker passes on: a letter or digit first, so "." and ".." never reach a path; at most 128 characters.
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Reads a raw path segment as an id, or `undefined` when it is not one (bad escape, slash, dot segment, too long). */
export function parseId(segment: string): string | undefined {
  if (segment.includes('/')) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return ID.test(id) ? id : undefined;
}

/** Looks an order up with the secret key and returns it only to its owner. */
export function lookupOrder(id: string, subject: Subject, settings: Settings, trace: Trace): Promise<Outcome<Order>> {
  return lookup(
    () => getOrder(id, options(settings)),
    (order) => order.customerId === subject.customerId,
    trace,
  );
}

/** Looks a checkout session up with the secret key and returns it only to its customer. */
export function lookupSession(id: string, subject: Subject, settings: Settings, trace: Trace): Promise<Outcome<CheckoutSession>> {
  return lookup(
    () => getSession(id, options(settings)),
    (session) => session.customer?.customerId === subject.customerId,
    trace,
  );
}

function options(settings: Settings) {
  return { baseUrl: settings.baseUrl, apiKey: settings.apiKey, timeout: settings.timeout, fetch: settings.fetch };
}

/**
 * One lookup, made by this request alone: identical requests at once each ask the service, and never share a call.
 * workerd runs a promise's continuation in the I/O context of the request that resolved it, so a request that waited
 * on another's lookup would build its answer in the other request's context and fail to send it; and a service that
 * has recovered is seen by the very next request. The rate limit bounds what one customer can send upstream.
 */
async function lookup<T>(call: () => Promise<T>, owns: (value: T) => boolean, trace: Trace): Promise<Outcome<T>> {
  const started = Date.now();
  try {
    const value = await call();
    return owns(value) ? { kind: 'found', value } : { kind: 'not-found' };
  } catch (error) {
    if (isNotFound(error)) return { kind: 'not-found' };
    // The name and status only: an upstream message is the service's words, kept out of logs like out of answers.
    trace.error = describe(error);
    return { kind: 'failed', status: error instanceof TimeoutError ? 504 : 502, requestId: trace.requestId };
  } finally {
    trace.upstreamMs = (trace.upstreamMs ?? 0) + (Date.now() - started);
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 404);
}

function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { status, code } = error as { status?: unknown; code?: unknown };
  return { name: error.name, status, code };
}
