import type { LookupOptions } from '../options.js';
import { isBrowser } from './browser.js';
import { kindOf } from './message.js';
import { baseOf } from './url.js';

/** The `fetch` a call uses. */
export type LookupFetch = NonNullable<LookupOptions['fetch']>;

/** One call's options, every one checked and defaulted. */
export interface ResolvedOptions {
  /** The base URL's origin and path (ending in `/`), read once by `baseOf`. */
  readonly base: readonly [origin: string, path: string];
  readonly apiKey?: string | undefined;
  readonly fetch: LookupFetch;
  readonly signal?: AbortSignal | undefined;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly maxBodyBytes: number;
  readonly successCodes: readonly number[];
  readonly now: () => number;
  /** The request headers: the caller's, `Accept: application/json`, and `X-API-KEY` from `apiKey` only. */
  readonly headers: Headers;
}

// Headers that runtimes refuse to send on a GET: undici throws for each, and neither a hop-by-hop header nor a body
// length has a place on this request.
const REFUSED = /^(connection|content-length|expect|keep-alive|transfer-encoding|upgrade)$/;

/** Throws a `TypeError` that names the option, states its rule and the kind of value received (never the value), unless `ok`. */
function check(ok: boolean, name: string, rule: string, received: unknown): asserts ok {
  if (!ok) throw new TypeError(`"${name}" must be ${rule}; received ${kindOf(received)}`);
}

/**
 * Checks every option of a call before anything is sent or armed, and fills in the defaults. Each bad option is a
 * `TypeError` that names it, states the rule and the kind of value received (never the value, so never the key). A key in a browser page is refused unless `dangerouslyAllowBrowser` is set.
 */
export function resolveOptions(options: LookupOptions): ResolvedOptions {
  const given = options ?? {};
  // The defaults, used when an option is left out or set to undefined (README's Options table lists them).
  const { baseUrl, apiKey, signal, fetch = globalThis.fetch, now = Date.now } = given;
  const { timeout = 10_000, maxRetries = 2, maxBodyBytes = 1_048_576, successCodes = [0, 200] } = given;
  const base = baseOf(baseUrl);
  // The key must be a header value (a runtime's own error for a bad one would quote it); never shown.
  check(
    apiKey === undefined || (typeof apiKey === 'string' && /^[\x21-\x7e]+$/.test(apiKey)),
    'apiKey',
    'a string of visible ASCII characters',
    apiKey,
  );
  // Checked above: a key here is a non-empty string.
  if (apiKey && !given.dangerouslyAllowBrowser && isBrowser()) {
    throw new TypeError(
      '"apiKey" must stay out of browsers (window and document without Node, Deno or Bun); "dangerouslyAllowBrowser" is for tests and trusted pages',
    );
  }
  check(typeof fetch === 'function', 'fetch', 'a function', fetch);
  // Duck-typed: a signal from another realm (an iframe, a DOM library) works as well.
  check(
    signal === undefined || (typeof signal?.addEventListener === 'function' && typeof signal.aborted === 'boolean'),
    'signal',
    'an AbortSignal',
    signal,
  );
  // setTimeout fires at once for delays of 2^31 ms and more.
  check(typeof timeout === 'number' && timeout >= 1 && timeout < 2 ** 31, 'timeout', 'a number from 1 to below 2^31', timeout);
  check(Number.isInteger(maxRetries) && maxRetries >= 0, 'maxRetries', 'an integer, 0 or more', maxRetries);
  check(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0, 'maxBodyBytes', 'a positive integer', maxBodyBytes);
  check(Array.isArray(successCodes) && successCodes.every(Number.isInteger), 'successCodes', 'an array of integers', successCodes);
  check(typeof now === 'function', 'now', 'a function', now);
  return {
    base,
    apiKey,
    fetch,
    signal,
    timeout,
    maxRetries,
    maxBodyBytes,
    successCodes,
    now,
    headers: headersOf(given.headers, apiKey),
  };
}

/** The request headers: the caller's, checked, then `Accept` and the key's `X-API-KEY` (or none) set over them. */
function headersOf(init: unknown, apiKey: string | undefined): Headers {
  let headers: Headers;
  try {
    headers = new Headers(init as HeadersInit);
  } catch {
    // The runtime's own message may quote a value, which may be a secret: only the kind of `init` is shown.
    throw new TypeError(`"headers" must be valid names and values; received ${kindOf(init)}`);
  }
  for (const name of headers.keys()) {
    // A name that new Headers accepted is a token, safe to show.
    if (REFUSED.test(name)) throw new TypeError(`"headers" must be free of headers runtimes refuse to send; received "${name}"`);
  }
  headers.set('Accept', 'application/json');
  // The key goes only through "apiKey", with its checks, guard and redaction.
  if (apiKey) headers.set('X-API-KEY', apiKey);
  else headers.delete('X-API-KEY');
  return headers;
}
