import type { LookupOptions } from '../options.js';
import { API_KEY_RULE, isApiKey, keyWrong } from './api-key.js';
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
  readonly onAttempt?: LookupOptions['onAttempt'];
  /**
   * The request headers, by lower-case name: the caller's, `accept: application/json`, and `x-api-key` from `apiKey`
   * only. A plain object, which a runtime's fetch reads faster than a `Headers`.
   */
  readonly headers: Record<string, string>;
}

const isFunction = (value: unknown) => typeof value === 'function';

/**
 * Every option's rule, as its message states it, and its check; `null` for the two that `baseOf` and `headersOf`
 * read and check themselves. Any other name is refused, with the closest of these.
 */
// biome-ignore lint/suspicious/noExplicitAny: each check takes whatever the caller passed.
const RULES: Record<string, [rule: string, ok: (value: any) => boolean] | null> = {
  baseUrl: null,
  apiKey: [API_KEY_RULE, isApiKey],
  fetch: ['a function', isFunction],
  // Duck-typed (aborted, addEventListener and removeEventListener): a signal from another realm (an iframe, a DOM
  // library) works as well.
  signal: [
    'an AbortSignal',
    (value) => typeof value?.aborted === 'boolean' && isFunction(value.addEventListener) && isFunction(value.removeEventListener),
  ],
  // setTimeout fires at once for delays of 2^31 ms and more.
  timeout: ['a number from 1 to below 2^31', (value) => typeof value === 'number' && value >= 1 && value < 2 ** 31],
  maxRetries: ['an integer, 0 or more', (value) => Number.isInteger(value) && value >= 0],
  headers: null,
  now: ['a function', isFunction],
  // Array.from reads a hole as undefined, which `every` would skip.
  successCodes: ['a non-empty array of integers', (value) => Array.isArray(value) && value.length > 0 && Array.from(value).every(Number.isInteger)],
  maxBodyBytes: ['a positive integer', (value) => Number.isInteger(value) && value > 0],
  dangerouslyAllowBrowser: ['a boolean', (value) => typeof value === 'boolean'],
  onAttempt: ['a function', isFunction],
};

/** The options' names, in the order above, for the closest name to a wrong one. */
const NAMES = Object.keys(RULES);

// Headers that runtimes refuse to send on a GET, or send as given (Bun sends a Host header): undici throws for
// each, and neither a hop-by-hop header, a body length nor another host has a place on this request.
const REFUSED = /^(connection|content-length|expect|host|keep-alive|transfer-encoding|upgrade)$/;

/**
 * Checks every option of a call before anything is sent or armed, and fills in the defaults. Each bad option is a
 * `TypeError` that names it, states the rule and what was received, never the value (so never the key). A key in
 * a browser page is refused unless `dangerouslyAllowBrowser` is set.
 */
export function resolveOptions(options: LookupOptions): ResolvedOptions {
  // A string or an array would otherwise be read as options named "0", "1"...
  if (kindOf(options) !== 'object') throw new TypeError(`"options" must be an object; received ${kindOf(options)}`);
  // Any own name that is not an option is a mistake; the options themselves are read by name below, as users write
  // them: own or inherited, plain or through a getter.
  let names: string[];
  try {
    names = Object.keys(options);
  } catch (cause) {
    throw unreadable('options', cause);
  }
  for (const name of names) {
    if (!Object.hasOwn(RULES, name)) throw new TypeError(`"${name}" is not an option; did you mean "${closest(name)}"?`);
  }
  // Each option read once, then checked, with the defaults (the README's Options table lists them) for those not
  // given (or given as undefined).
  // biome-ignore lint/suspicious/noImplicitAnyLet: each takes its option's type from the destructuring below.
  let baseUrl, apiKey, fetch, signal, timeout, maxRetries, headers, now, successCodes, maxBodyBytes, dangerouslyAllowBrowser, onAttempt;
  try {
    ({ baseUrl, apiKey, fetch, signal, timeout, maxRetries, headers, now, successCodes, maxBodyBytes, dangerouslyAllowBrowser, onAttempt } = options);
  } catch (cause) {
    // The option that threw is the one that throws when read again; "options" when none does.
    throw unreadable(NAMES.find((name) => throwsOnRead(options, name)) ?? 'options', cause);
  }
  const base = baseOf(baseUrl);
  // The key, given on nearly every call, is checked by its rule's own function, not looked up by name.
  if (apiKey !== undefined && !isApiKey(apiKey)) throw refused('apiKey', apiKey);
  // The global fetch, looked up now, is checked too (it may be missing), which `checked` does not do for a default.
  const fetched = fetch === undefined ? globalThis.fetch : fetch;
  if (!isFunction(fetched)) throw refused('fetch', fetched);
  const resolved: ResolvedOptions = {
    base,
    apiKey,
    fetch: fetched,
    signal: checked('signal', signal),
    timeout: checked('timeout', timeout, 10_000),
    maxRetries: checked('maxRetries', maxRetries, 2),
    headers: headersOf(headers, apiKey),
    now: checked('now', now, Date.now),
    successCodes: checked('successCodes', successCodes, SUCCESS_CODES),
    maxBodyBytes: checked('maxBodyBytes', maxBodyBytes, 1_048_576),
    onAttempt: checked('onAttempt', onAttempt),
  };
  checked('dangerouslyAllowBrowser', dangerouslyAllowBrowser);
  if (apiKey && !dangerouslyAllowBrowser && isBrowser()) {
    throw new TypeError('"apiKey" must stay out of browser pages (see "dangerouslyAllowBrowser")');
  }
  return resolved;
}

/** Whether reading option `name` of `options` throws. */
function throwsOnRead(options: LookupOptions, name: string): boolean {
  try {
    (options as unknown as Record<string, unknown>)[name];
    return false;
  } catch {
    return true;
  }
}

/** The default of `successCodes`: code 0 and 200 mean success. */
const SUCCESS_CODES: readonly number[] = [0, 200];

/**
 * Option `name` as given, `value`, or `fallback` (its default) when it is not given (`undefined`); a `TypeError` that
 * names the option and states the rule when its rule refuses `value`.
 */
// biome-ignore lint/suspicious/noExplicitAny: what a rule has checked is typed where it is read (ResolvedOptions).
function checked(name: string, value: unknown, fallback?: unknown): any {
  if (value === undefined) return fallback;
  if (optionRefusal(name, value)) throw refused(name, value);
  return value;
}

/** The `TypeError` for option `name` given as `value`, which its rule refuses. */
function refused(name: string, value: unknown): TypeError {
  return new TypeError(`"${name}" ${optionRefusal(name, value)}`);
}

/**
 * What the option `name`'s message says of `value` after the name, `must be …; received …` (never the value, so
 * never the key), or `undefined` when its rule holds. The sandbox refuses a key with it.
 */
export function optionRefusal(name: string, value: unknown): string | undefined {
  const rule = RULES[name];
  let holds: boolean;
  try {
    holds = !rule || rule[1](value);
  } catch (cause) {
    throw unreadable(name, cause);
  }
  if (holds) return undefined;
  return `must be ${rule![0]}; received ${name === 'apiKey' ? keyWrong(value) : kindOf(value)}`;
}

/**
 * The caller's code that runs while an option is read (a getter, a Proxy trap, a signal's `aborted`, `now`) may
 * throw: that is a `TypeError` naming the option, with what it threw as the cause.
 */
function unreadable(name: string, cause: unknown): TypeError {
  return new TypeError(`"${name}" must be readable; reading it threw`, { cause });
}

/** The clock's reading for an attempt's `X-Timestamp`: a `TypeError` naming `now` unless it is a finite number. */
export function timestamp(now: () => number): string {
  let time: number;
  try {
    time = now();
  } catch (cause) {
    throw unreadable('now', cause);
  }
  if (!Number.isFinite(time)) throw new TypeError(`"now" must return a finite number; received ${kindOf(time)}`);
  return `${time}`;
}

/**
 * The option name closest to `name`: the one in which the most of its characters stand where they stand in `name`,
 * counted from the start or from the end, so a name with a character missing, added, changed, swapped or in another
 * case finds its option.
 */
function closest(name: string): string {
  const matches = (known: string) => [...name].filter((letter, at) => known[at] === letter || known.at(at - name.length) === letter).length;
  return NAMES.reduce((best, known) => (matches(known) > matches(best) ? known : best));
}

/** The request headers: the caller's, checked, then `accept` and the key's `x-api-key` (or none) set over them. */
function headersOf(init: unknown, apiKey: string | undefined): Record<string, string> {
  let headers: Record<string, string> = {};
  // Stryker disable next-line ConditionalExpression: no headers given make no Headers, which would come out empty.
  if (init !== undefined) {
    try {
      // Names come lower-case, every one checked.
      headers = Object.fromEntries(new Headers(init as HeadersInit));
    } catch {
      // The runtime's own message may quote a value, which may be a secret: only the kind of `init` and the position of
      // the entry that is wrong are shown.
      throw new TypeError(`"headers" must be valid names and values; received ${kindOf(init)}${badEntry(init)}`);
    }
    for (const name in headers) {
      // A name that new Headers accepted is a token, safe to show.
      if (REFUSED.test(name)) throw new TypeError(`"headers" must be free of headers runtimes refuse to send; received "${name}"`);
    }
  }
  headers.accept = 'application/json';
  // The key goes only through "apiKey", with its checks, guard and redaction.
  if (apiKey) headers['x-api-key'] = apiKey;
  else delete headers['x-api-key'];
  return headers;
}

/** `' with a bad entry at position N'` (from 0) for an array or record of headers that new Headers refused. */
function badEntry(init: unknown): string {
  // A record's entries in order; none of a one-shot iterable, which new Headers used up.
  const position = (Array.isArray(init) ? init : Object.entries(Object(init))).findIndex((entry) => {
    try {
      new Headers([entry]);
      return false;
    } catch {
      return true;
    }
  });
  return position < 0 ? '' : ` with a bad entry at position ${position}`;
}
