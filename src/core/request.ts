import type * as v from 'valibot';
import { ApiError, type LookupError, type LookupErrorFields, NetworkError, TimeoutError, ValidationError, type ValidationIssue } from '../errors.js';
import type { LookupOptions } from '../options.js';
import { EnvelopeSchema } from '../schemas/envelope.js';
import { readText } from './body.js';
import { redact, safeCause } from './cause.js';
import { deadline } from './deadline.js';
import { clip, kindOf, oneLine } from './message.js';
import { resolveOptions, timestamp } from './resolve-options.js';
import { nextWait } from './retry.js';
import { parseRetryAfter } from './retry-after.js';
import { urlOf } from './url.js';
import { validate } from './validate.js';

type ErrorClass<E extends LookupError> = new (message: string, fields: LookupErrorFields & { [field: string]: unknown }, options?: object) => E;

/**
 * The one request core behind every lookup: options, URL, headers, deadline, attempts, bounded body read,
 * envelope and validation. `route` is the resource's path under the base URL, ending in `/`.
 */
export async function lookup<T>(route: string, id: string, schema: v.GenericSchema, options: LookupOptions): Promise<T> {
  // The deadline counts from here: checking the options takes time too (Node loads its fetch on first use).
  const start = Date.now();
  const {
    base,
    apiKey: key,
    signal: caller,
    fetch,
    now,
    timeout,
    maxRetries,
    successCodes,
    maxBodyBytes,
    headers,
    onAttempt,
  } = resolveOptions(options);
  const [origin, fullPath] = urlOf(base, route, id);
  if (caller?.aborted) throw caller.reason;

  let attempts = 0;
  let began = start;
  let shown: { method: string; origin: string; path: string } | undefined;
  /** Where the call goes, as errors and events show it: the path redacted once, when first needed. */
  const where = () => (shown ??= { method: 'GET', origin, path: redact(fullPath, key) });
  // What the latest failure said, and the failure of the last attempt that was retried, for a TimeoutError.
  // Stryker disable next-line StringLiteral: written by every failure before it is read.
  let said = '';
  let last: LookupError | undefined;
  // Stryker disable next-line StringLiteral: read only once `last` is set, and set with it.
  let lastSaid = '';

  /** An error of this call, with its fields and a one-line message that says where, what and after how long. */
  const fail = <E extends LookupError>(Class: ErrorClass<E>, what: string, fields?: object, cause?: unknown, after = ''): E => {
    said = what;
    const elapsedMs = Date.now() - start;
    const message = `GET ${where().path}: ${what} after ${attempts} attempt${attempts === 1 ? '' : 's'} in ${elapsedMs} ms${after}`;
    const all = { ...where(), attempts, elapsedMs, ...fields };
    return new Class(oneLine(redact(message, key)), all, (cause && { cause }) as object | undefined);
  };
  const invalid = (issues: ValidationIssue[], more?: boolean) => {
    const what = issues.map((issue) => `${issue.path || 'body'}: ${issue.message}`).join(', ');
    return fail(ValidationError, more ? `${what} (and more)` : what, { issues });
  };
  const observe = (status: number | undefined, error?: unknown, retryInMs?: number) => {
    // Stryker disable next-line ConditionalExpression: without a hook, the call below throws inside the try and is ignored, as a hook's own throw is.
    if (!onAttempt) return;
    try {
      const event = { attempt: attempts, ...where(), status, error, ms: Date.now() - began, retryInMs };
      // A hook that throws or rejects changes nothing.
      Promise.resolve(onAttempt(event)).catch(() => {});
    } catch {}
  };

  /** Why the call stops early: the caller's reason once its signal has aborted, else the deadline's TimeoutError. */
  const stopped = () =>
    caller?.aborted
      ? caller.reason
      : fail(TimeoutError, 'timed out', { timeout }, last, ` (timeout: ${timeout} ms)${last ? `; last: ${lastSaid}` : ''}`);
  // Armed only after every check that can throw: an armed timer keeps a Node process alive.
  const { signal, aborted, left, check, sleep, dispose } = deadline(start + timeout, caller, stopped);
  try {
    for (;;) {
      // No request once the deadline has passed: reading the options may have taken all of it.
      check();
      attempts++;
      began = Date.now();
      let response: Response | undefined;
      try {
        // A bad clock is a TypeError, thrown before the request, and the timer is cleared at once.
        headers['x-timestamp'] = timestamp(now);
        check();
        let answer: unknown;
        let text: string | null | undefined;
        try {
          // "manual": a redirect is an answer, never followed, so the key is never sent to another address.
          const init = { headers, signal, redirect: 'manual' } as const;
          let sent: Promise<unknown>;
          // The runtime's own fetch is given the URL and init: no Request to build (a tenth of a call's time on Node),
          // and it keeps the Request it makes alive itself.
          if (fetch === globalThis.fetch) sent = globalThis.fetch(origin + fullPath, init);
          else {
            const request = new Request(origin + fullPath, init);
            // Held by the signal, alive until the call ends (`deadline`): undici follows a Request's signal only through
            // a weak reference, so once a garbage collection takes a Request that an injected fetch hands on, an abort
            // goes unheard and the socket stays open until undici's own ~300 s timeout
            // (test/integration/abort-after-gc.test.ts).
            (signal as { request?: Request }).request = request;
            sent = fetch(request);
          }
          // Raced with the deadline: an injected fetch that ignores signals must not outlive it.
          answer = await Promise.race([sent, aborted]);
          // A Response by its headers: one of another realm or of a DOM library counts.
          if (typeof (answer as Response | undefined)?.headers?.forEach === 'function') {
            response = answer as Response;
            text = await readText(response, maxBodyBytes, aborted);
          }
        } catch (failure) {
          // Never the failure itself: it may quote the key or hold the Request, whose headers carry it.
          const cause = safeCause(failure, key);
          throw fail(NetworkError, `${cause.name ? `${cause.name}: ` : ''}${clip(cause.message)}${cause.code ? ` (${cause.code})` : ''}`, {}, cause);
        }
        if (!response) throw fail(NetworkError, `fetch resolved with ${kindOf(answer)}, not a Response`);

        const { status } = response;
        check();
        let body: unknown;
        try {
          if (text) body = JSON.parse(text);
        } catch {}
        // Parsing cannot be interrupted: whatever the answer says, none is given once the deadline has passed.
        check();
        const [envelope, envelopeIssues] = validate(EnvelopeSchema, body, '');
        const { code, msg, data } = (envelope ?? {}) as { code?: number; msg?: string | null; data?: unknown };
        if (response.ok) {
          if (body === undefined) throw invalid([{ path: '', message: `expected JSON, received ${bodyKind(text, maxBodyBytes)}` }]);
          if (envelopeIssues) throw invalid(envelopeIssues);
          // An envelope failure inside HTTP 2xx is the service's final word: an ApiError below, never retried.
          if (successCodes.includes(code!)) {
            // The resource's schema refuses an array at its top as at every depth: 'data: expected Object, received array'.
            const [output, issues, more] = validate(schema, data, 'data');
            check();
            if (issues) throw invalid(issues, more);
            observe(status);
            return output as T;
          }
        }
        const answered: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          answered[redact(name, key)] = redact(value, key);
        });
        const serviceMsg = msg ? redact(msg, key) : undefined;
        let what = `HTTP ${status}`;
        if (status >= 300 && status < 400) what += ' (not followed)';
        else if (body === undefined) what += ` (${bodyKind(text, maxBodyBytes)})`;
        if (code !== undefined) what += ` (code ${code})`;
        if (serviceMsg) what += ` "${clip(serviceMsg)}"`;
        throw fail(ApiError, what, {
          status,
          code,
          msg: serviceMsg,
          retryAfter: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
          headers: answered,
          requestId: answered['x-request-id'] ?? answered['request-id'] ?? answered['cf-ray'],
        });
      } catch (caught) {
        let error = caught;
        let wait: number | undefined;
        // Whatever was under way when the signal fired, the caller's reason or the deadline is the answer.
        if (signal.aborted) error = stopped();
        else wait = nextWait(error, attempts, maxRetries, left(), Date.now() - began);
        observe(response?.status, error, wait);
        if (wait === undefined) throw error;
        last = error as LookupError;
        lastSaid = said;
        await sleep(wait);
      }
    }
  } finally {
    dispose();
  }
}

/**
 * What a body that is not JSON is, for messages: over the limit (`undefined`), not UTF-8 (`null`), empty, an HTML
 * page, cut short, or else invalid JSON.
 */
function bodyKind(text: string | null | undefined, limit: number): string {
  if (text === undefined) return `more than ${limit} bytes`;
  if (text === null) return 'a body that is not UTF-8';
  if (!text.trim()) return 'an empty body';
  if (/^\s*</.test(text)) return 'an HTML page';
  // JSON that opens an object or array and never closes one: the body was cut short.
  if (/^\s*[[{]/.test(text) && !/[\]}]\s*$/.test(text)) return 'a truncated body';
  return 'invalid JSON';
}
