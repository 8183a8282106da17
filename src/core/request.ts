import type * as v from 'valibot';
import {
  apiFailure,
  type CallSoFar,
  errorOf,
  type Failure,
  invalid,
  type LookupError,
  networkFailure,
  notAResponse,
  timedOut,
  whereOf,
} from '../errors.js';
import type { AttemptEvent, LookupOptions } from '../options.js';
import { EnvelopeSchema } from '../schemas/envelope.js';
import { readText } from './body.js';
import { redactedHeaders, requestIdOf } from './cause.js';
import { type Deadline, deadline } from './deadline.js';
import { bodyKind } from './message.js';
import { type LookupFetch, resolveOptions, timestamp } from './resolve-options.js';
import { nextWait } from './retry.js';
import { sleep } from './sleep.js';
import { urlOf } from './url.js';
import { validate } from './validate.js';

/**
 * The one request core behind every lookup: options, URL, headers, deadline, attempts, bounded body read,
 * envelope and validation. `route` is the resource's path under the base URL, ending in `/`. Each attempt is four
 * steps: `send` the request, `read` the body, `interpret` the answer, and `nextWait` decides whether to try again.
 */
export async function lookup<T>(route: string, id: string, schema: v.GenericSchema, options: LookupOptions): Promise<T> {
  // The deadline counts from here: checking the options takes time too (Node loads its fetch on first use).
  const start = Date.now();
  const {
    base,
    apiKey: key,
    signal: caller,
    fetch,
    now: clock,
    timeout,
    maxRetries,
    successCodes,
    maxBodyBytes,
    headers,
    onAttempt,
  } = resolveOptions(options);
  const [origin, target] = urlOf(base, route, id);
  if (caller?.aborted) throw caller.reason;
  // Armed only after every check that can throw: an armed timer keeps a Node process alive.
  const time = deadline(start + timeout, caller);
  const { signal, now, left, expired } = time;
  /** The call so far, for its errors and events, after this many attempts. */
  const sofar = (attempts: number): CallSoFar => ({ origin, target, key, attempts, elapsedMs: now() - start });
  // The failure of the last attempt that was retried, and what its message said, for a TimeoutError.
  let last: [error: LookupError, what: string] | undefined;
  try {
    for (let attempts = 1; ; attempts++) {
      // No request once the deadline has passed: reading the options may have taken all of it.
      if (expired()) throw stopped(caller, sofar(attempts - 1), timeout, last);
      const began = now();
      let response: Response | undefined;
      let error: unknown;
      try {
        // A bad clock is a TypeError, thrown before the request, and the timer is cleared at once.
        headers['x-timestamp'] = timestamp(clock);
        // Reading the clock may have taken the rest of the time.
        time.check();
        response = await send(fetch, origin + target, headers, time, key);
        const data = interpret(response, await read(response, maxBodyBytes, time, key), schema, successCodes, maxBodyBytes, key, time);
        time.check();
        if (onAttempt) observe(onAttempt, eventOf(sofar(attempts), response, now() - began));
        return data as T;
      } catch (thrown) {
        error = thrown;
      }
      const call = sofar(attempts);
      const failure = Array.isArray(error) ? (error as unknown as Failure) : undefined;
      if (failure) error = errorOf(call, failure);
      let wait: number | undefined;
      // Asked once the error is built, which takes time too: whatever was under way when the signal fired or the
      // deadline passed, the caller's reason or a TimeoutError is the answer.
      if (expired()) error = stopped(caller, call, timeout, last);
      else wait = nextWait(error, attempts, maxRetries, left(), now() - began);
      if (onAttempt) observe(onAttempt, eventOf(call, response, now() - began, error, wait));
      if (wait === undefined) throw error;
      // Only a failure is retried (nextWait).
      last = [error as LookupError, failure![1]];
      await sleep(wait, signal).catch(() => {
        throw stopped(caller, sofar(attempts), timeout, last);
      });
    }
  } finally {
    time.dispose();
  }
}

/** Why the call stops early: the caller's reason once its signal has aborted, else the deadline's TimeoutError. */
function stopped(caller: LookupOptions['signal'], call: CallSoFar, timeout: number, last?: [error: LookupError, what: string]): unknown {
  return caller?.aborted ? caller.reason : timedOut(call, timeout, last);
}

/** Sends the request: the answer's `Response`, or a `Failure` (thrown) for a failure of `fetch` or what is no Response. */
async function send(
  fetch: LookupFetch,
  url: string,
  headers: Record<string, string>,
  { signal, aborted }: Deadline,
  key: string | undefined,
): Promise<Response> {
  let answer: unknown;
  try {
    // "manual": a redirect is an answer, never followed, so the key is never sent to another address.
    const init = { headers, signal, redirect: 'manual' } as const;
    let sent: Promise<unknown>;
    // The runtime's own fetch is given the URL and init: no Request to build (a tenth of a call's time on Node),
    // and it keeps the Request it makes alive itself.
    if (fetch === globalThis.fetch) sent = globalThis.fetch(url, init);
    else {
      const request = new Request(url, init);
      // Held by the signal, alive until the call ends (`deadline`): undici follows a Request's signal only through
      // a weak reference, so once a garbage collection takes a Request that an injected fetch hands on, an abort
      // goes unheard and the socket stays open until undici's own ~300 s timeout
      // (test/integration/abort-after-gc.test.ts).
      (signal as { request?: Request }).request = request;
      sent = fetch(request);
    }
    // Raced with the deadline: an injected fetch that ignores signals must not outlive it.
    answer = await Promise.race([sent, aborted]);
  } catch (failure) {
    // Never the failure itself: it may quote the key or hold the Request, whose headers carry it.
    throw networkFailure(failure, key);
  }
  // A Response by its headers: one of another realm or of a DOM library counts.
  if (typeof (answer as Response | undefined)?.headers?.forEach === 'function') return answer as Response;
  throw notAResponse(answer);
}

/** Reads the body as text (see `readText`), or throws the `Failure` of a read that broke. */
async function read(response: Response, limit: number, { aborted }: Deadline, key: string | undefined): Promise<string | null | undefined> {
  try {
    return await readText(response, limit, aborted);
  } catch (failure) {
    throw networkFailure(failure, key);
  }
}

/**
 * What the answer says: the resource's data, validated by `schema`, or else the `Failure` (thrown) it is: an
 * `ApiError` for the service's failure, a `ValidationError` for a 2xx answer of the wrong shape.
 */
function interpret(
  response: Response,
  text: string | null | undefined,
  schema: v.GenericSchema,
  successCodes: readonly number[],
  limit: number,
  key: string | undefined,
  time: Deadline,
): unknown {
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
  throw apiFailure(response, body === undefined && bodyKind(text, limit), code, msg, key, time.now());
}

/** What `onAttempt` is told of an attempt: where, its answer's status, request id and headers (redacted), its outcome. */
function eventOf(call: CallSoFar, response: Response | undefined, ms: number, error?: unknown, retryInMs?: number): AttemptEvent {
  const headers = response && redactedHeaders(response.headers, call.key);
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
