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

/** A lookup in flight: the request that makes the call settles it and tells the requests waiting on it. */
interface Flight {
  readonly started: number;
  settled?: Settled<unknown>;
  /** One resolve function per request waiting, each for a promise that request made itself. */
  readonly waiters: Set<(settled: Settled<unknown>) => void>;
}

/**
 * How long after a lookup started another request may still join it, in ms. A healthy lookup takes tens of ms;
 * one still running after a second is slow or doomed (a service failing, retries under way), and a request that
 * arrives then asks the service itself, so a service that has recovered is seen at once.
 */
export const JOIN_WINDOW_MS = 1_000;

/**
 * One lookup. Identical lookups in flight at once (same kind and id, same settings) share one call to the service
 * when they start within JOIN_WINDOW_MS of each other; each request still checks ownership on its own. The shared
 * value is never changed: the views copy from it.
 *
 * A request that joins never awaits another request's promise: workerd cancels a request that waits only on
 * another's I/O as hung, and a continuation run in the other request's context cannot answer for its own
 * ("Cannot perform I/O on behalf of a different request"). It makes a promise of its own, arms a timer of its own
 * for its deadline (so it is never idle), and leaves its resolve function with the flight; the request that makes
 * the call resolves it, and workerd runs the continuation in the joiner's own context (workerd#2719).
 */
async function lookup<T>(key: string, call: () => Promise<T>, owns: (value: T) => boolean, settings: Settings, trace: Trace): Promise<Outcome<T>> {
  const started = Date.now();
  let settled: Settled<T>;
  const found = settings.inFlight.get(key) as Flight | undefined;
  // A flight that started too long ago is not joined but replaced: it may be doomed, or dead (its request was
  // cancelled before it could settle, e.g. the client went away), and either way this request should not inherit it.
  const joined = found !== undefined && started - found.started < JOIN_WINDOW_MS ? found : undefined;
  if (joined === undefined) {
    const flight: Flight = { started, waiters: new Set() };
    settings.inFlight.set(key, flight);
    try {
      settled = await call().then(
        (value): Settled<T> => ({ ok: true, value }),
        (error: unknown): Settled<T> => ({ ok: false, error }),
      );
      flight.settled = settled;
      for (const resolve of flight.waiters) resolve(settled);
    } finally {
      if (settings.inFlight.get(key) === flight) settings.inFlight.delete(key);
    }
  } else {
    trace.shared = true;
    // The flight's own call gives up at its start + the deadline, so waiting longer could only end in the same 504.
    settled = await join<T>(joined, joined.started + settings.timeout);
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

/** Waits for a flight to settle, on a promise and a timer of this request's own, until `deadline`. */
function join<T>(flight: Flight, deadline: number): Promise<Settled<T>> {
  if (flight.settled !== undefined) return Promise.resolve(flight.settled as Settled<T>);
  return new Promise<Settled<unknown>>((resolve) => {
    const done = (settled: Settled<unknown>) => {
      clearTimeout(timer);
      flight.waiters.delete(done);
      resolve(settled);
    };
    const timer = setTimeout(() => done({ ok: false, error: JOIN_TIMEOUT }), Math.max(0, deadline - Date.now()));
    flight.waiters.add(done);
  }) as Promise<Settled<T>>;
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
