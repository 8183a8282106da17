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

/** A lookup in flight: `settled` is set by the request that makes the call, read by the ones that join it. */
interface Flight {
  readonly started: number;
  settled?: Settled<unknown>;
}

/** How often a request that joined another's lookup looks whether it has settled, in ms. */
const JOIN_POLL_MS = 2;

/**
 * One lookup. Identical lookups in flight at once (same kind and id, same settings) share one call to the service;
 * each request still checks ownership on its own. The shared value is never changed: the views copy from it.
 *
 * A request that joins waits on timers of its own and reads the result when it is there; it never awaits the other
 * request's promise. workerd does not let one request wait on another's I/O: it cancels the waiting request as hung,
 * or resumes it in the other request's context, where the Response it then builds belongs to the wrong request
 * ("Cannot perform I/O on behalf of a different request", seen under load in bench/worker-load.mjs).
 */
async function lookup<T>(key: string, call: () => Promise<T>, owns: (value: T) => boolean, settings: Settings, trace: Trace): Promise<Outcome<T>> {
  const started = Date.now();
  let settled: Settled<T>;
  const found = settings.inFlight.get(key) as Flight | undefined;
  // A flight older than the deadline is dead (its request was cancelled before it could settle, e.g. the client
  // went away): it is replaced, never joined, so one lost request cannot turn a record's lookups into 504s.
  const joined = found !== undefined && started - found.started < settings.timeout ? found : undefined;
  if (joined === undefined) {
    const flight: Flight = { started };
    settings.inFlight.set(key, flight);
    try {
      settled = await call().then(
        (value): Settled<T> => ({ ok: true, value }),
        (error: unknown): Settled<T> => ({ ok: false, error }),
      );
    } finally {
      if (settings.inFlight.get(key) === flight) settings.inFlight.delete(key);
    }
    flight.settled = settled;
  } else {
    trace.shared = true;
    settled = await wait<T>(joined, started + settings.timeout);
  }
  trace.upstreamMs = (trace.upstreamMs ?? 0) + (Date.now() - started);
  if (!settled.ok) {
    const { error } = settled;
    if (isNotFound(error)) return { kind: 'not-found' };
    // The name and status only: an upstream message is the service's words, kept out of logs like out of answers.
    trace.error = describe(error);
    const status = error instanceof TimeoutError || error === JOIN_TIMEOUT ? 504 : 502;
    return { kind: 'failed', status, requestId: trace.requestId };
  }
  return owns(settled.value) ? { kind: 'found', value: settled.value } : { kind: 'not-found' };
}

const JOIN_TIMEOUT = Symbol('the shared lookup outlived the deadline of a request that joined it');

async function wait<T>(flight: Flight, deadline: number): Promise<Settled<T>> {
  while (flight.settled === undefined) {
    if (Date.now() >= deadline) return { ok: false, error: JOIN_TIMEOUT };
    await new Promise((resolve) => setTimeout(resolve, JOIN_POLL_MS));
  }
  return flight.settled as Settled<T>;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 404);
}

function describe(error: unknown): Record<string, unknown> {
  if (error === JOIN_TIMEOUT) return { name: 'TimeoutError', shared: true };
  if (!(error instanceof Error)) return { type: typeof error };
  const { status, code } = error as { status?: unknown; code?: unknown };
  return { name: error.name, status, code };
}
