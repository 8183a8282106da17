import type * as v from 'valibot';
import { ApiError, type LookupError, type LookupErrorFields, NetworkError, TimeoutError, ValidationError, type ValidationIssue } from '../errors.js';
import type { LookupOptions } from '../options.js';
import { readText } from './body.js';
import { resolveOptions } from './resolve-options.js';
import { redact, safeCause } from './cause.js';
import { EnvelopeSchema } from '../schemas/envelope.js';
import { isRetryable } from './retry.js';
import { parseRetryAfter } from './retry-after.js';
import { urlOf } from './url.js';
import { validate } from './validate.js';

/**
 * The one request core behind every lookup: options, URL, headers, deadline, attempts, bounded body read,
 * envelope and validation. `route` is the resource's path under the base URL, ending in `/`.
 */
export async function lookup<T>(route: string, id: string, schema: v.GenericSchema, options: LookupOptions): Promise<T> {
  // Every option checked and defaulted before anything is sent or armed; the base URL is parsed there, once.
  const { base, apiKey: key, signal: caller, fetch, now, timeout, maxRetries, successCodes, maxBodyBytes, headers } = resolveOptions(options);
  const [origin, fullPath] = urlOf(base, route, id);
  if (caller?.aborted) throw caller.reason;

  const path = redact(fullPath, key);
  const start = Date.now();
  let attempts = 0;
  let response: Response | undefined;

  /** An error of this call, with its fields and a message that says where and after how long. */
  const fail = <E extends LookupError>(
    Class: new (message: string, fields: LookupErrorFields & { [field: string]: unknown }, options?: { cause: unknown }) => E,
    what: string,
    fields?: object,
    cause?: unknown,
  ): E => {
    const elapsedMs = Date.now() - start;
    const message = `GET ${path}: ${what} after ${attempts} attempt${attempts > 1 ? 's' : ''} in ${elapsedMs} ms`;
    return new Class(
      redact(message, key),
      { method: 'GET', path, attempts, elapsedMs, ...fields },
      (cause && { cause }) as { cause: unknown } | undefined,
    );
  };
  const invalid = (issues: ValidationIssue[], more?: boolean) => {
    const what = issues.map((issue) => `${issue.path || 'body'}: ${issue.message}`).join(', ');
    return fail(ValidationError, more ? `${what} (and more)` : what, { issues });
  };

  // Armed only after every check that can throw (new Headers too): an armed timer keeps a Node process alive.
  // One abort handle carries both the deadline and the caller's abort, so every wait below has a single signal.
  const controller = new AbortController();
  const { signal } = controller;
  let reject!: (reason: unknown) => void;
  const aborted = new Promise<never>((_, fail) => (reject = fail));
  aborted.catch(() => {});
  /** Aborts `signal` (which each Request carries, so the runtime cancels the connection) and rejects `aborted` (raced
   * against what may ignore the signal: an injected fetch, a stalled body, a wait between attempts). */
  const abort = (reason: unknown) => {
    controller.abort(reason);
    reject(reason);
  };
  const onAbort = () => abort(caller!.reason);
  caller?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => abort(fail(TimeoutError, `timed out`)), timeout);

  try {
    for (;;) {
      attempts++;
      try {
        headers.set('X-Timestamp', `${now()}`);
        let text: string | undefined;
        try {
          // "manual": a redirect is an answer, never followed, so the key is never sent to another address.
          // Raced with the signal: an injected fetch that ignores signals must not outlive the deadline.
          // The Request is held on the controller, which the deadline timer and the caller's listener keep alive until
          // the call ends: undici follows its signal only through a weak reference, so once a garbage collection takes
          // it an abort goes unheard and the socket stays open until undici's own ~300 s timeout
          // (test/integration/abort-after-gc.test.ts).
          response = await Promise.race([
            fetch(((controller as { request?: Request }).request = new Request(`${origin}${fullPath}`, { headers, signal, redirect: 'manual' }))),
            aborted,
          ]);
          text = await readText(response, maxBodyBytes, aborted, fetch === globalThis.fetch);
        } catch (failure) {
          // Never the failure itself: it may quote the key or hold the Request, whose headers carry it.
          const cause = safeCause(failure, key);
          throw fail(NetworkError, `${cause.name ? `${cause.name}: ` : ''}${cause.message}${cause.code ? ` (${cause.code})` : ''}`, {}, cause);
        }

        let body: unknown;
        try {
          body = JSON.parse(text!);
        } catch {}
        const [envelope, envelopeIssues] = validate(EnvelopeSchema, body, '');
        const { code, msg, data } = (envelope ?? {}) as { code?: number; msg?: string | null; data?: unknown };
        if (response.ok) {
          if (text === undefined) throw invalid([{ path: '', message: `expected at most ${maxBodyBytes} bytes, received more` }]);
          if (body === undefined) throw invalid([{ path: '', message: 'expected JSON' }]);
          if (envelopeIssues) throw invalid(envelopeIssues);
          // An envelope failure inside HTTP 2xx is the service's final word: an ApiError below, never retried.
          if (successCodes.includes(code!)) {
            // The resource's schema refuses an array at its top as at every depth: 'data: expected Object, received array'.
            const [output, issues, more] = validate(schema, data, 'data');
            if (issues) throw invalid(issues, more);
            return output as T;
          }
        }
        // The message is redacted whole in `fail`: the service may echo the key in its `msg`.
        throw fail(ApiError, `HTTP ${response.status}${code === undefined ? '' : ` (code ${code})`}${msg ? ` "${msg}"` : ''}`, {
          status: response.status,
          code,
          retryAfter: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
        });
      } catch (error) {
        // Whatever was under way when the signal fired, the deadline or the caller's own reason is the answer.
        if (signal.aborted) throw signal.reason;
        // Else exponential backoff with "equal jitter": 125-250 ms before the first retry, doubling, capped at 2-4 s.
        const wait = (error as ApiError).retryAfter ?? (Math.random() + 1) * Math.min(2000, 62.5 * 2 ** attempts);
        // Out of retries, or a wait (a Retry-After included) that outlasts the deadline: raise the failure now,
        // with its retryAfter, rather than a TimeoutError later.
        if (!isRetryable(error) || attempts > maxRetries || wait >= start + timeout - Date.now()) throw error;
        let wake: ReturnType<typeof setTimeout> | undefined;
        // Cleared on abort too: a pending timer would keep a Node process alive after the call has ended.
        await Promise.race([new Promise((resolve) => (wake = setTimeout(resolve, wait))), aborted]).finally(() => clearTimeout(wake));
      }
    }
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onAbort);
  }
}
