import type { LookupOptions } from '../options.js';
import { isBrowser } from './browser.js';
import { kindOf, oneLine, shownValue } from './message.js';
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

// Headers that runtimes refuse to send on a GET (undici throws; a body length or hop-by-hop header has no place here).
const REFUSED = new Set(['connection', 'content-length', 'expect', 'keep-alive', 'transfer-encoding', 'upgrade']);
// RFC 9110 §5.6.2 token.
const TOKEN = /^[!#$%&'*+\-.^_`|~\dA-Za-z]+$/;

/** Throws a `TypeError` that names the option, states its rule and says what was received, unless `ok`. */
function check(ok: boolean, name: string, rule: string, received: string): asserts ok {
  if (!ok) throw new TypeError(`"${name}" must be ${rule}; received ${received}`);
}

/**
 * Checks every option of a call before anything is sent or armed, and fills in the defaults. Each bad option is a
 * `TypeError` that names it, states the rule and says what was received: its value where it is not a secret, else
 * its kind (never the key). A key in a browser page is refused unless `dangerouslyAllowBrowser` is set.
 */
export function resolveOptions(options: LookupOptions): ResolvedOptions {
  const given = (options ?? {}) as LookupOptions & { onAttempt?: unknown };
  baseOf(given.baseUrl);
  const { apiKey, signal, fetch = globalThis.fetch, now = Date.now, onAttempt } = given;
  const { timeout = DEFAULTS.timeout, maxRetries = DEFAULTS.maxRetries, maxBodyBytes = DEFAULTS.maxBodyBytes, successCodes = DEFAULTS.successCodes } = given;
  checkKey(apiKey, given.dangerouslyAllowBrowser);
  check(typeof fetch === 'function', 'fetch', 'a function', kindOf(fetch));
  check(signal === undefined || isSignal(signal), 'signal', 'an AbortSignal', kindOf(signal));
  // setTimeout fires at once for delays of 2^31 ms and more.
  check(typeof timeout === 'number' && timeout >= 1 && timeout < 2 ** 31, 'timeout', 'a number of milliseconds from 1 to below 2^31', shownValue(timeout));
  check(Number.isInteger(maxRetries) && maxRetries >= 0, 'maxRetries', 'an integer, 0 or more', shownValue(maxRetries));
  check(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0, 'maxBodyBytes', 'a positive integer', shownValue(maxBodyBytes));
  check(Array.isArray(successCodes) && successCodes.every(Number.isInteger), 'successCodes', 'an array of integers', Array.isArray(successCodes) ? 'an array with a non-integer' : shownValue(successCodes));
  check(typeof now === 'function', 'now', 'a function', kindOf(now));
  check(onAttempt === undefined || typeof onAttempt === 'function', 'onAttempt', 'a function', kindOf(onAttempt));
  return {
    baseUrl: typeof given.baseUrl === 'string' ? given.baseUrl : (given.baseUrl as URL).href,
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

/** The key must be a header value; a runtime's own error for a bad one would quote it. Its value is never shown. */
function checkKey(apiKey: unknown, allowBrowser: unknown): void {
  if (apiKey === undefined) return;
  const bad = typeof apiKey === 'string' ? /[^\x21-\x7e]/.exec(apiKey) : undefined;
  const received = typeof apiKey !== 'string' ? kindOf(apiKey) : !apiKey ? 'an empty string' : `a string with a character outside visible ASCII at index ${bad?.index}`;
  check(typeof apiKey === 'string' && !!apiKey && !bad, 'apiKey', 'a string of visible ASCII characters', received);
  if (!allowBrowser && isBrowser()) {
    throw new TypeError('"apiKey" must not be sent from a browser, where anyone can read it: found a page (window and document) and no server runtime (Node, Deno, Bun). Call a server that holds the key; set "dangerouslyAllowBrowser" only for tests and trusted pages');
  }
}

/** Whether a value is an AbortSignal, also one from another realm: it has `aborted` and event listeners. */
function isSignal(value: unknown): boolean {
  const signal = value as AbortSignal | null;
  return typeof signal === 'object' && typeof signal?.aborted === 'boolean' && typeof signal.addEventListener === 'function' && typeof signal.removeEventListener === 'function';
}

/** The caller's headers, each checked by name (a token, not one runtimes refuse) and value, plus the SDK's own. */
function headersOf(init: unknown, apiKey: string | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of entriesOf(init)) {
    const shown = `"${oneLine(String(name), 40)}"`;
    check(typeof name === 'string' && TOKEN.test(name), 'headers', 'a set of valid header names', `the name ${typeof name === 'string' ? shown : kindOf(name)}`);
    check(!REFUSED.has(name.toLowerCase()), 'headers', `free of headers runtimes refuse to send (${[...REFUSED].join(', ')})`, shown);
    // A header value is bytes without NUL, CR or LF (Fetch standard); the value may be a secret, so only its kind is shown.
    const bad = typeof value === 'string' ? /[\0\r\n]|[^\0-\xff]/.exec(value) : undefined;
    check(typeof value === 'string' && !bad, 'headers', 'strings without NUL, CR, LF or characters above U+00FF as values', `${shown} with ${typeof value === 'string' ? `a bad character at index ${bad?.index}` : kindOf(value)}`);
    headers.append(name, value);
  }
  headers.set('Accept', 'application/json');
  // The key goes only through "apiKey", with its checks, guard and redaction.
  if (apiKey) headers.set('X-API-KEY', apiKey);
  else headers.delete('X-API-KEY');
  return headers;
}

/** The `[name, value]` pairs of a headers option: a `Headers` or list of pairs (any iterable, read once), or a record. */
function entriesOf(init: unknown): (readonly unknown[])[] {
  if (init === undefined) return [];
  const rule = 'a Headers, a list of [name, value] pairs or a record';
  check(typeof init === 'object' && init !== null, 'headers', rule, kindOf(init));
  if (typeof (init as Iterable<unknown>)[Symbol.iterator] !== 'function') return Object.entries(init);
  const pairs = [...(init as Iterable<unknown>)];
  for (const pair of pairs) check(Array.isArray(pair) && pair.length === 2, 'headers', rule, `a list with ${kindOf(pair)} that is not a pair`);
  return pairs as unknown[][];
}
