import { ApiError, getOrder, getSession, TimeoutError } from 'checkout-lookup';
import type { CheckoutSession, Order } from 'checkout-lookup';
import type { Customer } from './sign-in/tokens.js';
import type { Settings } from './settings.js';

/** What a lookup came to, for the JSON routes and the pages alike. */
export type Outcome<T> =
  | { readonly kind: 'found'; readonly value: T }
  // "Does not exist" and "belongs to someone else" are one outcome, so no caller can answer them differently.
  | { readonly kind: 'not-found' }
  | { readonly kind: 'failed'; readonly status: 502 | 504; readonly failure: Record<string, unknown> };

/** A kind of record the worker looks up for a customer. */
export type RecordKind<T> = (id: string, customer: Customer, settings: Settings) => Promise<Outcome<T>>;

// Ids the worker passes on: a letter or digit first, so "." and ".." never reach a path; at most 128 characters.
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The route's id parameter (as the router decoded it) as an id, or `undefined` (slash, dot segment, escape, too long). */
export function parseId(param: string): string | undefined {
  return ID.test(param) ? param : undefined;
}

/** Looks an order up with the secret key and returns it only to its owner. */
export const findOrder: RecordKind<Order> = (id, customer, settings) =>
  ask(
    () => getOrder(id, options(settings)),
    (order) => order.customerId === customer.id,
  );

/** Looks a checkout session up with the secret key and returns it only to its customer. */
export const findCheckoutSession: RecordKind<CheckoutSession> = (id, customer, settings) =>
  ask(
    () => getSession(id, options(settings)),
    (session) => session.customer?.customerId === customer.id,
  );

function options(settings: Settings) {
  return { baseUrl: settings.baseUrl, apiKey: settings.apiKey, timeout: settings.timeout, fetch: settings.fetch };
}

/**
 * One call to the service, made by this request alone: identical requests at once each ask the service, and never
 * share a call. workerd runs a promise's continuation in the I/O context of the request that resolved it, so a
 * request that waited on another's call would build its answer in the other request's context and fail to send it;
 * and a service that has recovered is seen by the very next request. The rate limit bounds what one customer can
 * send upstream.
 */
async function ask<T>(call: () => Promise<T>, owns: (value: T) => boolean): Promise<Outcome<T>> {
  try {
    const value = await call();
    return owns(value) ? { kind: 'found', value } : { kind: 'not-found' };
  } catch (error) {
    if (isNotFound(error)) return { kind: 'not-found' };
    // The name and status only: an upstream message is the service's words, kept out of logs like out of answers.
    return { kind: 'failed', status: error instanceof TimeoutError ? 504 : 502, failure: describe(error) };
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
