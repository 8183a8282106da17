import type * as v from 'valibot';
import { apiError, type CallFacts, type LookupError, networkError, notAResponse, notRetried, timeoutError, validationError } from '../errors.js';
import type { LookupOptions } from '../options.js';
import { EnvelopeSchema } from '../schemas/envelope.js';
import { parseBody, readText } from './body.js';
import { redact } from './cause.js';
import { type Deadline, deadline as deadlineOf } from './deadline.js';
import { kindOf } from './message.js';
import { type ResolvedOptions, resolveOptions, timestamp } from './resolve-options.js';
import { nextWait } from './retry.js';
import { parseRetryAfter } from './retry-after.js';
import { urlOf } from './url.js';
import { validate } from './validate.js';

/** One call: its options, where it goes, its deadline, and the attempts made so far. */
interface Call extends CallFacts {
  readonly options: ResolvedOptions;
  readonly schema: v.GenericSchema;
  readonly deadline: Deadline;
  attempts: number;
  /** The failure of the last attempt that was retried: the cause of a `TimeoutError` after it. */
  last?: LookupError;
}

/**
 * The one request core behind every lookup: options, URL, headers, deadline, attempts, bounded body read,
 * envelope and validation. `route` is the resource's path under the base URL, ending in `/`. Each attempt is
 * sent, its body read and its answer interpreted; a failure then decides on a retry.
 */
export async function lookup<T>(route: string, id: string, schema: v.GenericSchema, options: LookupOptions): Promise<T> {
  // The deadline counts from here: checking the options takes time too (Node loads its fetch on first use).
  const start = Date.now();
  const resolved = resolveOptions(options);
  const [origin, path] = urlOf(resolved.base, route, id);
  // Armed only after every check that can throw: an armed timer keeps a Node process alive.
  const deadline = deadlineOf(start, resolved.timeout, resolved.signal);
  const call: Call = { options: resolved, schema, origin, path, key: resolved.apiKey, deadline, attempts: 0 };
  try {
    for (;;) {
      // No request once the call must stop: the options' checks may have taken the whole deadline.
      if (deadline.passed()) throw stopped(call);
      call.attempts++;
      const began = Date.now();
      let response: Response | undefined;
      try {
        response = await send(call);
        const text = await read(call, response);
        const value = interpret(call, response, text);
        observe(call, began, response.status);
        return value as T;
      } catch (caught) {
        const [error, wait] = decide(call, caught, began);
        observe(call, began, response?.status, error, wait);
        if (wait === undefined) throw error;
        call.last = error as LookupError;
        await deadline.sleep(wait).catch(() => {
          throw stopped(call);
        });
      }
    }
  } finally {
    deadline.dispose();
  }
}

/** Sends one attempt's request: its `Response`, or a `NetworkError` for a `fetch` that failed or answered otherwise. */
async function send(call: Call): Promise<Response> {
  const { options, deadline } = call;
  const { headers, fetch } = options;
  // A bad clock is a TypeError, thrown before the request.
  headers.set('X-Timestamp', timestamp(options.now));
  deadline.check();
  let answer: unknown;
  try {
    // "manual": a redirect is an answer, never followed, so the key is never sent to another address.
    const init = { headers, signal: deadline.signal, redirect: 'manual' } as const;
    const url = call.origin + call.path;
    let sent: Promise<unknown>;
    // The runtime's own fetch is given the URL and init: no Request to build, and it keeps its own Request alive.
    if (fetch === globalThis.fetch) sent = (fetch as typeof globalThis.fetch)(url, init);
    else {
      const request = new Request(url, init);
      // Held by the signal, alive until the call ends (`dispose` of the deadline): undici follows a Request's signal
      // only through a weak reference, so once a garbage collection takes a Request that an injected fetch hands
      // on, an abort goes unheard and the socket stays open until undici's own ~300 s timeout
      // (test/integration/abort-after-gc.test.ts).
      (deadline.signal as { request?: Request }).request = request;
      sent = fetch(request);
    }
    // Raced with the deadline: an injected fetch that ignores signals must not outlive it.
    answer = await Promise.race([sent, deadline.aborted]);
  } catch (failure) {
    throw networkError(call, failure);
  }
  // A Response by its headers: one of another realm or of a DOM library counts.
  if (typeof (answer as Response | undefined)?.headers?.forEach === 'function') return answer as Response;
  throw notAResponse(call, kindOf(answer));
}

/** Reads the answer's body within the deadline and `maxBodyBytes`: a connection that breaks is a `NetworkError`. */
function read(call: Call, response: Response): Promise<string | null | undefined> {
  return readText(response, call.options.maxBodyBytes, call.deadline.aborted).catch((failure) => {
    throw networkError(call, failure);
  });
}

/**
 * What an answer means: the resource, checked by its schema, from a 2xx answer whose envelope's code is a success;
 * else a `ValidationError` (a 2xx that is not the documented shape) or an `ApiError`. Parsing and validating cannot
 * be interrupted, so the clock is checked before and after each.
 */
function interpret(call: Call, response: Response, text: string | null | undefined): unknown {
  const { deadline, options } = call;
  deadline.check();
  const [body, bodyIs] = parseBody(text, options.maxBodyBytes);
  deadline.check();
  const [envelope, envelopeIssues] = validate(EnvelopeSchema, body, '');
  const { code, data } = (envelope ?? {}) as { code?: number; data?: unknown };
  if (response.ok) {
    if (bodyIs) throw validationError(call, [{ path: '', message: `expected JSON, received ${bodyIs}` }]);
    if (envelopeIssues) throw validationError(call, envelopeIssues);
    // An envelope failure inside HTTP 2xx is the service's final word: an ApiError below, never retried.
    if (options.successCodes.includes(code!)) {
      // The resource's schema refuses an array at its top as at every depth: 'data: expected Object, received array'.
      const [output, issues, more] = validate(call.schema, data, 'data');
      deadline.check();
      if (issues) throw validationError(call, issues, more);
      return output;
    }
  }
  throw apiError(
    call,
    response,
    envelope as { code?: number; msg?: string | null } | undefined,
    bodyIs,
    parseRetryAfter(response.headers.get('retry-after'), Date.now()),
  );
}

/**
 * What a failed attempt comes to: the error to report, and the wait before the next attempt, if there is one. Once
 * the call must stop, that is the answer (the caller's reason or a `TimeoutError`); no retry starts that cannot
 * finish: a retry is given the time the attempt that failed took, and a wait that leaves it none ends the call now,
 * with this failure, which says so.
 */
function decide(call: Call, caught: unknown, began: number): [error: unknown, wait?: number] {
  const { deadline, options } = call;
  if (deadline.passed()) return [stopped(call)];
  const wait = nextWait(caught, call.attempts, options.maxRetries);
  if (wait === undefined) return [caught];
  const left = deadline.left();
  return wait < left - (Date.now() - began) ? [caught, wait] : [notRetried(caught as LookupError, wait, left)];
}

/** Why the call stops early: the caller's reason once its signal has aborted, else the deadline's `TimeoutError`. */
function stopped(call: Call): unknown {
  const { signal } = call.options;
  return signal?.aborted ? signal.reason : timeoutError(call, call.last);
}

/** Tells `onAttempt` how an attempt ended, in whole milliseconds; what the hook throws or rejects with changes nothing. */
function observe({ options: { onAttempt }, attempts, origin, path, key }: Call, began: number, status?: number, error?: unknown, retryInMs?: number) {
  // Stryker disable next-line ConditionalExpression: without a hook, the call below throws inside the try and is ignored, as a hook's own throw is.
  if (!onAttempt) return;
  try {
    const event = { attempt: attempts, method: 'GET', origin, path: redact(path, key), status, error, ms: Date.now() - began, retryInMs };
    Promise.resolve(onAttempt(event)).catch(() => {});
  } catch {}
}
