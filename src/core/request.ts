import * as v from 'valibot';
import { ApiError, LookupError, NetworkError, TimeoutError, ValidationError } from '../errors.js';
import { type LookupOptions, type ResolvedOptions, resolveOptions } from '../options.js';
import { abortable, sleep } from './abort.js';
import { discardBody, readBody } from './body.js';
import { isBrowser } from './browser.js';
import { parseJson, readEnvelope, requireEnvelope } from './envelope.js';
import { kindOf, toIssues } from './issues.js';
import { backoff, isRetryableStatus, parseRetryAfter } from './retry.js';
import { resourceUrl } from './url.js';

/** A failed attempt: the error to throw if it is the last, and how long to wait before the next, if any. */
interface Failure {
  readonly error: LookupError;
  readonly retry: boolean;
  readonly retryAfter?: number | undefined;
}

/**
 * The one request core behind every lookup: URL, headers, deadline, attempts, bounded body read, envelope and
 * validation. `path` is the resource's path under the base URL, ending in `/`.
 */
export async function lookup<TSchema extends v.GenericSchema>(
  path: string,
  id: string,
  schema: TSchema,
  options: LookupOptions,
): Promise<v.InferOutput<TSchema>> {
  const resolved = resolveOptions(options);
  const url = resourceUrl(resolved.base, path, id);
  if (resolved.apiKey !== undefined && !resolved.dangerouslyAllowBrowser && isBrowser()) {
    throw new TypeError(
      'checkout-lookup: refusing to send "apiKey" from a browser, where any visitor can read it. ' +
        'Call a server that holds the key (such as the sample worker) without "apiKey", ' +
        'or set "dangerouslyAllowBrowser: true" if this page is not public.',
    );
  }
  const caller = resolved.signal;
  if (caller?.aborted) throw caller.reason;

  // One controller carries both the deadline and the caller's abort, so every wait below has a single signal.
  const controller = new AbortController();
  const signal = controller.signal;
  const started = Date.now();
  const timer = setTimeout(
    () => controller.abort(new TimeoutError(`The lookup did not finish within its ${resolved.timeout} ms deadline`)),
    resolved.timeout,
  );
  const onCallerAbort = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    for (let attempt = 0; ; attempt++) {
      const outcome = await attemptOnce(url, schema, resolved, signal);
      if (!('error' in outcome)) return outcome.data as v.InferOutput<TSchema>;

      const remaining = resolved.timeout - (Date.now() - started);
      if (!outcome.retry || attempt >= resolved.maxRetries) throw outcome.error;
      // A Retry-After that does not fit in the deadline: fail now, carrying it, rather than time out later.
      if (outcome.retryAfter !== undefined && outcome.retryAfter >= remaining) throw outcome.error;
      const wait = outcome.retryAfter ?? backoff(attempt);
      // A backoff that outlasts the deadline would only turn this failure into a TimeoutError.
      if (wait >= remaining) throw outcome.error;
      await sleep(wait, signal);
    }
  } catch (error) {
    // Whatever was under way when the signal fired, the deadline or the caller's own reason is the answer.
    throw signal.aborted ? signal.reason : error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onCallerAbort);
  }
}

async function attemptOnce(
  url: string,
  schema: v.GenericSchema,
  options: ResolvedOptions,
  signal: AbortSignal,
): Promise<{ data: unknown } | Failure> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('X-Timestamp', String(options.now()));
  if (options.apiKey !== undefined) headers.set('X-API-KEY', options.apiKey);
  // "manual": a redirect is an answer, never followed, so the key is never sent to another address.
  const request = new Request(url, { method: 'GET', headers, signal, redirect: 'manual' });
  const fetch = options.fetch;

  let response: Response;
  let bytes: Uint8Array | undefined;
  try {
    // Raced with the signal: an injected fetch that ignores signals must not outlive the deadline.
    response = await abortable(fetch(request), signal);
    if (!response.ok) return await failed(response, options, signal);
    bytes = await readBody(response, options.maxBodyBytes, signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { error: new NetworkError('The request to the checkout service failed', { cause: error }), retry: true };
  }

  if (bytes === undefined) {
    throw new ValidationError([{ path: '', message: `expected a body of at most ${options.maxBodyBytes} bytes, received more` }]);
  }
  const envelope = requireEnvelope(bytes);
  if (!options.successCodes.includes(envelope.code)) {
    // An envelope failure inside HTTP 2xx is the service's final word: never retried.
    throw new ApiError(describe(response.status, envelope.code, envelope.msg, options), {
      status: response.status,
      code: envelope.code,
    });
  }
  const { data } = envelope;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ValidationError([{ path: 'data', message: `expected object, received ${kindOf(data)}` }]);
  }
  const result = v.safeParse(schema, data);
  if (!result.success) throw new ValidationError(toIssues(result.issues));
  return { data: result.output };
}

/** Builds the failure for a non-2xx answer, reading its envelope (if any) for the code and message. */
async function failed(response: Response, options: ResolvedOptions, signal: AbortSignal): Promise<Failure> {
  const { status } = response;
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), options.now);
  let code: number | undefined;
  let msg: string | undefined;
  if (status >= 300 && status < 400) {
    discardBody(response);
  } else {
    const bytes = await readBody(response, options.maxBodyBytes, signal);
    const envelope = bytes === undefined ? undefined : readEnvelope(parseJson(bytes));
    code = envelope?.code;
    msg = envelope?.msg;
  }
  return {
    error: new ApiError(describe(status, code, msg, options), { status, code, retryAfter }),
    retry: isRetryableStatus(status),
    retryAfter,
  };
}

function describe(status: number, code: number | undefined, msg: string | undefined, options: ResolvedOptions): string {
  const parts = [`The checkout service answered HTTP ${status || 'redirect (opaque)'}`];
  if (code !== undefined) parts.push(`code ${code}`);
  let text = parts.join(', ');
  if (msg) {
    // Never echo the key, even if the service put it in its message.
    const key = options.apiKey;
    text += `: ${key ? msg.split(key).join('[redacted]') : msg}`;
  }
  return text;
}
