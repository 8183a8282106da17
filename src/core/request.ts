import * as v from 'valibot';
import { ApiError, NetworkError, TimeoutError, ValidationError } from '../errors.js';
import { check, defaults, type LookupOptions } from '../options.js';
import { abortHandle } from './abort.js';
import { readText } from './body.js';
import { redact, safeCause } from './cause.js';
import { isBrowser } from './browser.js';
import { type Envelope, EnvelopeSchema } from './envelope.js';
import { toIssues } from './issues.js';
import { backoff, isRetryable, parseRetryAfter } from './retry.js';
import { resourceUrl } from './url.js';

/**
 * The one request core behind every lookup: options, URL, headers, deadline, attempts, bounded body read,
 * envelope and validation. `path` is the resource's path under the base URL, ending in `/`.
 */
export async function lookup<TSchema extends v.GenericSchema>(
  path: string,
  id: string,
  schema: TSchema,
  options: LookupOptions,
): Promise<v.InferOutput<TSchema>> {
  // Options are resolved once: an option left out or set to undefined takes its default.
  const {
    baseUrl,
    apiKey,
    headers: extraHeaders,
    signal: caller,
    fetch = globalThis.fetch,
    now = Date.now,
    timeout = defaults.timeout,
    maxRetries = defaults.maxRetries,
    successCodes = defaults.successCodes,
    maxBodyBytes = defaults.maxBodyBytes,
  } = options ?? {};
  const url = resourceUrl(baseUrl, path, id);
  // The key must pass as a header value: a runtime's own error for a bad one would quote it.
  check(apiKey === undefined || /^[\x21-\x7e]+$/.test(apiKey), 'apiKey', 'visible ASCII');
  check(typeof fetch === 'function', 'fetch', 'a function');
  // setTimeout fires at once for delays of 2^31 ms and more.
  check(timeout > 0 && timeout < 2 ** 31, 'timeout', 'above 0');
  check(maxRetries >= 0, 'maxRetries', '0 or above');
  check(maxBodyBytes > 0, 'maxBodyBytes', 'above 0');
  check(!apiKey || options.dangerouslyAllowBrowser || !isBrowser(), 'apiKey', 'kept out of browsers ("dangerouslyAllowBrowser")');
  if (caller?.aborted) throw caller.reason;

  // One abort handle carries both the deadline and the caller's abort, so every wait below has a single signal.
  const { signal, aborted, abort } = abortHandle();
  const onAbort = () => abort(caller!.reason);
  // Before the timer: a "signal" that is no AbortSignal throws here, leaving no timer behind.
  caller?.addEventListener('abort', onAbort);
  const deadline = Date.now() + timeout;
  const timer = setTimeout(() => abort(new TimeoutError(`Timed out after ${timeout} ms`)), timeout);
  // Read once: a one-shot iterable of headers would be used up by the first attempt. Each Request copies them.
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  // The key goes only through "apiKey", with its checks, guard and redaction.
  if (apiKey) headers.set('X-API-KEY', apiKey);
  else headers.delete('X-API-KEY');

  try {
    for (let attempt = 0; ; attempt++) {
      try {
        headers.set('X-Timestamp', String(now()));
        let response: Response;
        let text: string | undefined;
        try {
          // "manual": a redirect is an answer, never followed, so the key is never sent to another address.
          // Raced with the signal: an injected fetch that ignores signals must not outlive the deadline.
          response = await Promise.race([fetch(new Request(url, { headers, signal, redirect: 'manual' })), aborted]);
          text = await readText(response, maxBodyBytes, aborted);
        } catch (failure) {
          // Never the failure itself: it may quote the key or hold the Request, whose headers carry it.
          throw new NetworkError('The request failed', { cause: safeCause(failure, apiKey) });
        }

        let body: unknown;
        try {
          body = JSON.parse(text!);
        } catch {}
        const envelope = v.safeParse(EnvelopeSchema, body);
        const { code, msg, data } = (envelope.success ? envelope.output : {}) as Partial<Envelope>;
        if (response.ok) {
          if (text === undefined) invalid(`expected at most ${maxBodyBytes} bytes, received more`);
          if (body === undefined) invalid('expected JSON');
          if (!envelope.success) throw new ValidationError(toIssues(envelope.issues, ''));
          // An envelope failure inside HTTP 2xx is the service's final word: an ApiError below, never retried.
          if (successCodes.includes(code!)) {
            // valibot's objects accept arrays; a list where the resource belongs is not the resource.
            if (Array.isArray(data)) invalid('expected Object, received array', 'data');
            const result = v.safeParse(schema, data);
            if (result.success) return result.output;
            throw new ValidationError(toIssues(result.issues, 'data'));
          }
        }
        // Never echo the key, even if the service put it in its message.
        const said = msg && redact(msg, apiKey);
        throw new ApiError(
          `HTTP ${response.status}${code === undefined ? '' : `, code ${code}`}${said ? `: ${said}` : ''}`,
          { status: response.status, code, retryAfter: parseRetryAfter(response.headers.get('retry-after'), now) },
        );
      } catch (error) {
        // Whatever was under way when the signal fired, the deadline or the caller's own reason is the answer.
        if (signal.aborted) throw signal.reason;
        const wait = (error as ApiError).retryAfter ?? backoff(attempt);
        // Out of retries, or a wait (a Retry-After included) that outlasts the deadline: raise the failure now,
        // with its retryAfter, rather than a TimeoutError later.
        if (!isRetryable(error) || attempt >= maxRetries || wait >= deadline - Date.now()) throw error;
        let wake: ReturnType<typeof setTimeout> | undefined;
        // Cleared on abort too: a pending timer would keep a Node process alive after the call has ended.
        await Promise.race([new Promise((resolve) => (wake = setTimeout(resolve, wait))), aborted]).finally(() =>
          clearTimeout(wake),
        );
      }
    }
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onAbort);
  }
}

function invalid(message: string, path = ''): never {
  throw new ValidationError([{ path, message }]);
}
