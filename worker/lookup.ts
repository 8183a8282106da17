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
    `order ${id}`,
    () => getOrder(id, options(settings)),
    (order) => order.customerId === subject.customerId,
    settings,
    trace,
  );
}

/** Looks a checkout session up with the secret key and returns it only to its customer. */
export function lookupSession(id: string, subject: Subject, settings: Settings, trace: Trace): Promise<Outcome<CheckoutSession>> {
  return lookup(
    `session ${id}`,
    () => getSession(id, options(settings)),
    (session) => session.customer?.customerId === subject.customerId,
    settings,
    trace,
  );
}

function options(settings: Settings) {
  return { baseUrl: settings.baseUrl, apiKey: settings.apiKey, timeout: settings.timeout, fetch: settings.fetch };
}

type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/**
 * One lookup. Identical lookups in flight at once (same kind and id, same settings) share one call to the service;
 * each request still checks ownership on its own. The shared value is never changed: the views copy from it.
 */
async function lookup<T>(key: string, call: () => Promise<T>, owns: (value: T) => boolean, settings: Settings, trace: Trace): Promise<Outcome<T>> {
  const started = Date.now();
  let flight = settings.inFlight.get(key) as Promise<Settled<T>> | undefined;
  if (flight === undefined) {
    const made = call().then(
      (value): Settled<T> => ({ ok: true, value }),
      (error: unknown): Settled<T> => ({ ok: false, error }),
    );
    settings.inFlight.set(key, made);
    void made.then(() => {
      if (settings.inFlight.get(key) === made) settings.inFlight.delete(key);
    });
    flight = made;
  } else {
    trace.shared = true;
  }
  const settled = await flight;
  trace.upstreamMs = (trace.upstreamMs ?? 0) + (Date.now() - started);
  if (!settled.ok) {
    const { error } = settled;
    if (isNotFound(error)) return { kind: 'not-found' };
    // The name and status only: an upstream message is the service's words, kept out of logs like out of answers.
    trace.error = describe(error);
    return { kind: 'failed', status: error instanceof TimeoutError ? 504 : 502, requestId: trace.requestId };
  }
  return owns(settled.value) ? { kind: 'found', value: settled.value } : { kind: 'not-found' };
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 404);
}

function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { status, code } = error as { status?: unknown; code?: unknown };
  return { name: error.name, status, code };
}
