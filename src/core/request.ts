import type * as v from 'valibot';
import {
  ApiError,
  apiFailure,
  type CallSoFar,
  errorOf,
  type Failure,
  invalid,
  isFailure,
  type LookupError,
  networkFailure,
  notAResponse,
  TimeoutError,
  timedOut,
  whereOf,
} from '../errors.js';
import type { AttemptEvent, LookupOptions } from '../options.js';
import { EnvelopeSchema } from '../schemas/envelope.js';
import { readText } from './body.js';
import { redactedHeaders, requestIdOf } from './cause.js';
import { type Deadline, deadline } from './deadline.js';
import { bodyKind } from './message.js';
import { type LookupFetch, type ResolvedOptions, resolveOptions, timestamp } from './resolve-options.js';
import { nextWait } from './retry.js';
import { sleep } from './sleep.js';
import { urlOf } from './url.js';
import { validate } from './validate.js';

/**
 * The one request core behind every lookup: options, URL, headers, deadline, attempts, bounded body read,
 * envelope and validation. `route` is the resource's path under the base URL, ending in `/`. A loop over attempts:
 * each one `attempt`s the request (`send`, `readText`, `interpret`), then `decide`s what a failure comes to.
 */
export async function lookup<T>(route: string, id: string, schema: v.GenericSchema, options: LookupOptions): Promise<T> {
  // The deadline counts from here: checking the options takes time too (Node loads its fetch on first use).
  const start = Date.now();
  const resolved = resolveOptions(options);
  const { apiKey: key, signal: caller, timeout, onAttempt } = resolved;
  const [origin, target] = urlOf(resolved.base, route, id);
  if (caller?.aborted) throw caller.reason;
  // Armed only after every check that can throw: an armed timer keeps a Node process alive.
  const time = deadline(start + timeout, caller);
  /** The call so far, for its errors and events, after this many attempts. */
  const sofar = (attempts: number): CallSoFar => ({ origin, target, key, attempts, elapsedMs: time.now() - start });
  // The failure of the last attempt that was retried, and what its message said, for a TimeoutError.
  let last: Retried | undefined;
  try {
    for (let attempts = 1; ; attempts++) {
      // No request once the deadline has passed: reading the options may have taken all of it.
      if (time.expired()) throw stopped(caller, sofar(attempts - 1), timeout, last);
      const began = time.now();
      const { response, data, failed } = await attempt(resolved, origin + target, schema, time);
      // A success with no hook to tell: nothing to build (the lines below return the same data).
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut; without it the data is returned below.
      if (!(failed || onAttempt)) return data as T;
      const call = sofar(attempts);
      const [error, wait] = failed ? decide(failed.thrown, call, resolved, time, time.now() - began, last) : [];
      // Stryker disable next-line ConditionalExpression: without a hook, observe's call throws in its try and is ignored, as a hook's own throw is, and the clock was just checked.
      if (onAttempt) {
        observe(onAttempt, eventOf(call, response, time.now() - began, error, wait));
        // The hook takes time too: no result of any kind once the deadline has passed (a TimeoutError that already
        // says so is kept; an abort's reason is what `stopped` gives again).
        if (time.expired() && !(error instanceof TimeoutError)) throw stopped(caller, sofar(attempts), timeout, last);
      }
      if (!failed) return data as T;
      if (wait === undefined) throw error;
      // Only what a step found is retried (nextWait): a Failure, with what its message said.
      last = [error as LookupError, (failed.thrown as Failure)[1]];
      // Cut short once the signal aborts: the check at the top of the loop then gives the reason or the TimeoutError.
      await sleep(wait, time.signal).catch(() => {});
    }
  } finally {
    time.dispose();
  }
}

/** The failure of an attempt that was retried, and what its message said. */
type Retried = [error: LookupError, what: string];

/** What an attempt came to: the answer's `Response` if one came, and the data, or what a step `thrown`. */
type Outcome = { response?: Response | undefined; data?: unknown; failed?: { thrown: unknown } };

/** One attempt: the timestamp, then `send`, the body's read (`readText`) and `interpret`, with the deadline checked between them. */
async function attempt(o: ResolvedOptions, url: string, schema: v.GenericSchema, time: Deadline): Promise<Outcome> {
  let response: Response | undefined;
  try {
    // A bad clock is a TypeError, thrown before the request, and the timer is cleared at once.
    o.headers['x-timestamp'] = timestamp(o.now);
    // Reading the clock may have taken the rest of the time.
    time.check();
    let answer: unknown;
    try {
      answer = await send(o.fetch, url, o.headers, time);
    } catch (failure) {
      // Never the failure itself: it may quote the key or hold the Request, whose headers carry it.
      throw networkFailure(failure, o.apiKey);
    }
    response = responseOf(answer);
    let text: string | null | undefined;
    try {
      text = await readText(response, o.maxBodyBytes, time);
    } catch (failure) {
      throw networkFailure(failure, o.apiKey);
    }
    const data = interpret(response, text, schema, o, time);
    time.check();
    return { response, data };
  } catch (thrown) {
    return { response, failed: { thrown } };
  }
}

/**
 * What a failed attempt comes to: its error, built from what a step found, and the wait before the next attempt,
 * if there is one. Asked once the error is built, which takes time too: whatever was under way when the signal fired
 * or the deadline passed, the caller's reason or a TimeoutError is the answer.
 */
function decide(
  thrown: unknown,
  call: CallSoFar,
  o: ResolvedOptions,
  time: Deadline,
  ms: number,
  last?: Retried,
): [error: unknown, wait?: number | undefined] {
  const error = isFailure(thrown) ? errorOf(call, thrown) : thrown;
  if (time.expired()) return [stopped(o.signal, call, o.timeout, last)];
  return [error, nextWait(error, call.attempts, o.maxRetries, time.left(), ms)];
}

/** Why the call stops early: the caller's reason once its signal has aborted, else the deadline's TimeoutError. */
function stopped(caller: LookupOptions['signal'], call: CallSoFar, timeout: number, last?: Retried): unknown {
  return caller?.aborted ? caller.reason : timedOut(call, timeout, last);
}

/**
 * Sends the request: what `fetch` answers, raced with the deadline (an injected fetch that ignores signals must not
 * outlive it). Not an async function: the race is the one promise a send needs.
 */
function send(fetch: LookupFetch, url: string, headers: Record<string, string>, time: Deadline): Promise<unknown> {
  // "manual": a redirect is an answer, never followed, so the key is never sent to another address.
  const init = { headers, signal: time.signal, redirect: 'manual' } as const;
  let sent: unknown;
  // The runtime's own fetch is given the URL and init: no Request to build (a tenth of a call's time on Node),
  // and it keeps the Request it makes alive itself.
  if (fetch === globalThis.fetch) sent = globalThis.fetch(url, init);
  else {
    const request = new Request(url, init);
    // Held by the signal, alive until the call ends (`deadline`): undici follows a Request's signal only through
    // a weak reference, so once a garbage collection takes a Request that an injected fetch hands on, an abort
    // goes unheard and the socket stays open until undici's own ~300 s timeout
    // (test/integration/abort-after-gc.test.ts).
    (time.signal as { request?: Request }).request = request;
    sent = fetch(request);
  }
  return new Promise((resolve, reject) => {
    time.until(reject);
    Promise.resolve(sent).then(resolve, reject);
  });
}

/** The answer as a `Response`, known by its headers (one of another realm or of a DOM library counts), or else a `Failure` (thrown). */
function responseOf(answer: unknown): Response {
  if (typeof (answer as Response | undefined)?.headers?.forEach === 'function') return answer as Response;
  throw notAResponse(answer);
}

/**
 * What the answer says: the resource's data, validated by `schema`, or else the `Failure` (thrown) it is: an
 * `ApiError` for the service's failure, a `ValidationError` for a 2xx answer of the wrong shape.
 */
function interpret(response: Response, text: string | null | undefined, schema: v.GenericSchema, o: ResolvedOptions, time: Deadline): unknown {
  const { successCodes, maxBodyBytes: limit, apiKey: key } = o;
  // A body that came as the deadline passed is not parsed.
  time.check();
  let body: unknown;
  try {
    if (text) body = JSON.parse(text);
  } catch {}
  // Parsing cannot be interrupted: whatever the answer says, none is given once the deadline has passed.
  time.check();
  const [envelope, envelopeIssues] = validate(EnvelopeSchema, body, '');
  const { code, msg, data } = (envelope ?? {}) as { code?: number; msg?: string | null; data?: unknown };
  if (response.ok) {
    if (body === undefined) throw invalid([{ path: '', message: `expected JSON, received ${bodyKind(text, limit)}` }]);
    if (envelopeIssues) throw invalid(envelopeIssues);
    // An envelope failure inside HTTP 2xx is the service's final word: an ApiError below, never retried.
    if (successCodes.includes(code!)) {
      // The resource's schema refuses an array at its top as at every depth: 'data: expected Object, received array'.
      const [output, issues, more] = validate(schema, data, 'data');
      if (issues) throw invalid(issues, more);
      return output;
    }
  }
  throw apiFailure(response, body === undefined ? bodyKind(text, limit) : undefined, code, msg, key, time.now());
}

/** What `onAttempt` is told of an attempt: where, its answer's status, request id and headers (redacted), its outcome. */
function eventOf(call: CallSoFar, response: Response | undefined, ms: number, error?: unknown, retryInMs?: number): AttemptEvent {
  // An ApiError holds them already, redacted.
  const headers = response && (error instanceof ApiError ? error.headers : redactedHeaders(response.headers, call.key));
  return {
    attempt: call.attempts,
    ...whereOf(call),
    status: response?.status,
    requestId: headers && requestIdOf(headers),
    headers,
    error,
    ms,
    retryInMs,
  };
}

/** Tells `onAttempt`: a hook that throws or rejects changes nothing. */
function observe(onAttempt: (event: AttemptEvent) => void, event: AttemptEvent): void {
  try {
    Promise.resolve(onAttempt(event)).catch(() => {});
  } catch {}
}
