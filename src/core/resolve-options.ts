import type { LookupOptions } from '../options.js';
import { isBrowser } from './browser.js';
import { kindOf, shownValue } from './message.js';
import { baseOf } from './url.js';

/** Every option's default, used when it is left out or set to undefined. */
export const DEFAULTS = /* @__PURE__ */ Object.freeze({
  timeout: 10_000,
  maxRetries: 2,
  maxBodyBytes: 1_048_576,
  successCodes: Object.freeze([0, 200]) as readonly number[],
});

/** The `fetch` a call uses. */
export type LookupFetch = NonNullable<LookupOptions['fetch']>;
/** The observation hook, typed as `LookupOptions` types it. */
export type OnAttempt = LookupOptions extends { onAttempt?: infer Hook } ? NonNullable<Hook> : (event: never) => void;

/** One call's options, every one checked and defaulted. */
export interface ResolvedOptions {
  /** The base URL's text; `urlOf` parses it (once per distinct text). */
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly fetch: LookupFetch;
  /** Whether `fetch` is the runtime's own `globalThis.fetch` (which may be called with `(url, init)`). */
  readonly nativeFetch: boolean;
  readonly signal?: AbortSignal | undefined;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly maxBodyBytes: number;
  readonly successCodes: readonly number[];
  readonly now: () => number;
  /** The request headers: the caller's, `Accept: application/json`, and `X-API-KEY` from `apiKey` only. */
  readonly headers: Headers;
  readonly onAttempt?: OnAttempt | undefined;
}

// Headers that runtimes refuse to send on a GET: undici throws for each, and neither a hop-by-hop header nor a body
// length has a place on this request.
const REFUSED = /^(connection|content-length|expect|keep-alive|transfer-encoding|upgrade)$/;

/** Throws a `TypeError` that names the option, states its rule and shows what was received, unless `ok`. */
function check(ok: boolean, name: string, rule: string, received: unknown): asserts ok {
  if (!ok) throw new TypeError(`"${name}" must be ${rule}; received ${shownValue(received)}`);
}

/**
 * Checks every option of a call before anything is sent or armed, and fills in the defaults. Each bad option is a
 * `TypeError` that names it, states the rule and shows what was received: its value where it is not a secret, else
 * its kind (never the key). A key in a browser page is refused unless `dangerouslyAllowBrowser` is set.
 */
export function resolveOptions(options: LookupOptions): ResolvedOptions {
  const given = (options ?? {}) as LookupOptions & { onAttempt?: unknown };
  const { baseUrl, apiKey, signal, fetch = globalThis.fetch, now = Date.now, onAttempt } = given;
  const { timeout = DEFAULTS.timeout, maxRetries = DEFAULTS.maxRetries, maxBodyBytes = DEFAULTS.maxBodyBytes, successCodes = DEFAULTS.successCodes } = given;
  baseOf(baseUrl);
  checkKey(apiKey, given.dangerouslyAllowBrowser);
  check(typeof fetch === 'function', 'fetch', 'a function', fetch);
  // Duck-typed: a signal from another realm (an iframe, a DOM library) works as well.
  check(signal === undefined || (typeof signal?.addEventListener === 'function' && typeof signal.aborted === 'boolean'), 'signal', 'an AbortSignal', signal);
  // setTimeout fires at once for delays of 2^31 ms and more.
  check(typeof timeout === 'number' && timeout >= 1 && timeout < 2 ** 31, 'timeout', 'a number from 1 to below 2^31', timeout);
  check(Number.isInteger(maxRetries) && maxRetries >= 0, 'maxRetries', 'an integer, 0 or more', maxRetries);
  check(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0, 'maxBodyBytes', 'a positive integer', maxBodyBytes);
  check(Array.isArray(successCodes), 'successCodes', 'an array of integers', successCodes);
  for (const code of successCodes) check(Number.isInteger(code), 'successCodes', 'an array of integers', code);
  check(typeof now === 'function', 'now', 'a function', now);
  check(onAttempt === undefined || typeof onAttempt === 'function', 'onAttempt', 'a function', onAttempt);
  return {
    baseUrl: `${baseUrl}`,
    apiKey,
    fetch,
    nativeFetch: fetch === globalThis.fetch,
    signal,
    timeout,
    maxRetries,
    maxBodyBytes,
    successCodes,
    now,
    headers: headersOf(given.headers, apiKey),
    onAttempt: onAttempt as OnAttempt | undefined,
  };
}

/** The key must be a header value (a runtime's own error for a bad one would quote it); never shown. */
function checkKey(apiKey: unknown, allowBrowser: unknown): void {
  if (apiKey === undefined) return;
  if (typeof apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new TypeError(`"apiKey" must be a string of visible ASCII characters; received ${typeof apiKey === 'string' ? `a string of length ${apiKey.length}` : kindOf(apiKey)}`);
  }
  if (!allowBrowser && isBrowser()) {
    throw new TypeError('"apiKey" must stay out of browsers (found window and document, not Node, Deno or Bun); "dangerouslyAllowBrowser" is for tests and trusted pages');
  }
}

/** The request headers: the caller's, checked, then `Accept` and the key's `X-API-KEY` (or none) set over them. */
function headersOf(init: unknown, apiKey: string | undefined): Headers {
  let headers: Headers;
  try {
    headers = new Headers(init as HeadersInit);
  } catch {
    // The runtime's own message may quote a value, which may be a secret: name the header instead.
    throw new TypeError(`"headers" must be valid names and values; received ${badHeader(init)}`);
  }
  for (const name of headers.keys()) check(!REFUSED.test(name), 'headers', 'free of headers runtimes refuse to send', name);
  headers.set('Accept', 'application/json');
  // The key goes only through "apiKey", with its checks, guard and redaction.
  if (apiKey) headers.set('X-API-KEY', apiKey);
  else headers.delete('X-API-KEY');
  return headers;
}

/** Where `new Headers(init)` failed: the first entry that fails alone, by name (never its value), else the kind of `init`. */
function badHeader(init: unknown): string {
  try {
    // `in` throws on a primitive (a string, a number, null), answered by its kind below, as is a user's iterable that
    // throws as it is read.
    const entries = Symbol.iterator in (init as object) ? (init as Iterable<unknown>) : Object.entries(init as object);
    for (const entry of entries) {
      try {
        new Headers([entry as [string, string]]);
      } catch {
        return `a bad entry for ${shownValue(String(Object(entry)[0]))}`;
      }
    }
  } catch {}
  return kindOf(init);
}
