/** Options of `getOrder` and `getSession`. Only `baseUrl` is required. */
export interface LookupOptions {
  /** Base address of the service; may carry a path prefix (`https://h/v/` → `https://h/v/api/order/…`). */
  baseUrl: string | URL;
  /** The merchant's secret API key, sent as `X-API-KEY`. Leave it out to call a proxy that authenticates another way. */
  apiKey?: string | undefined;
  /** The `fetch` to use; defaults to `globalThis.fetch`, looked up at call time. Called with one `Request`. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The caller's signal: aborting it rejects the call with the signal's `reason` and stops retries. */
  signal?: AbortSignal | undefined;
  /** One deadline in milliseconds for the whole call: attempts, waits between them and the body read. Default 10000. */
  timeout?: number | undefined;
  /** Retries after a network failure or a 408, 429, 500, 502, 503 or 504. Default 2, so at most 3 attempts. */
  maxRetries?: number | undefined;
  /** Extra request headers. `X-API-KEY`, `X-Timestamp` and `Accept` are always set by the SDK. */
  headers?: HeadersInit | undefined;
  /** Clock in milliseconds since the Unix epoch, read for each attempt's `X-Timestamp`. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** Envelope codes that mean success. Default `[0, 200]`: the service's documentation does not give the value. */
  successCodes?: readonly number[] | undefined;
  /** Largest response body read, in bytes. Default 1 MiB; a larger body is an error and is never buffered whole. */
  maxBodyBytes?: number | undefined;
  /** Allow sending `apiKey` from a browser page, where anyone can read it. Default `false`. */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** Options after defaults and checks: read by the request core, never by users. */
export interface ResolvedOptions {
  readonly base: string;
  readonly apiKey: string | undefined;
  readonly fetch: (request: Request) => Promise<Response>;
  readonly signal: AbortSignal | undefined;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly headers: HeadersInit | undefined;
  readonly now: () => number;
  readonly successCodes: readonly number[];
  readonly maxBodyBytes: number;
  readonly dangerouslyAllowBrowser: boolean;
}

const defaults = Object.freeze({
  timeout: 10_000,
  maxRetries: 2,
  successCodes: Object.freeze([0, 200]),
  maxBodyBytes: 1024 * 1024,
});

// setTimeout fires at once for delays above 2^31 - 1 ms.
const MAX_TIMEOUT = 2_147_483_647;

/** Applies defaults once and checks every option, throwing a `TypeError` that names the option. */
export function resolveOptions(options: LookupOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('"options" must be an object with at least "baseUrl"');
  }
  const {
    apiKey,
    signal,
    headers,
    timeout = defaults.timeout,
    maxRetries = defaults.maxRetries,
    successCodes = defaults.successCodes,
    maxBodyBytes = defaults.maxBodyBytes,
    now = Date.now,
  } = options;
  const fetch = options.fetch ?? globalThis.fetch;

  if (apiKey !== undefined && (typeof apiKey !== 'string' || apiKey === '' || /[^\x21-\x7e]/.test(apiKey))) {
    throw new TypeError('"apiKey" must be a non-empty string of visible ASCII characters');
  }
  if (typeof fetch !== 'function') throw new TypeError('"fetch" must be a function; no global fetch was found');
  if (!(typeof timeout === 'number' && timeout > 0 && timeout <= MAX_TIMEOUT)) {
    throw new TypeError(`"timeout" must be a number of milliseconds above 0 and at most ${MAX_TIMEOUT}`);
  }
  if (!(Number.isSafeInteger(maxRetries) && maxRetries >= 0)) {
    throw new TypeError('"maxRetries" must be a non-negative integer');
  }
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0)) {
    throw new TypeError('"maxBodyBytes" must be a positive integer');
  }
  if (!(Array.isArray(successCodes) && successCodes.every(Number.isInteger))) {
    throw new TypeError('"successCodes" must be an array of integers');
  }
  if (typeof now !== 'function') throw new TypeError('"now" must be a function returning milliseconds');
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && 'aborted' in signal)) {
    throw new TypeError('"signal" must be an AbortSignal');
  }

  return {
    base: resolveBase(options.baseUrl),
    apiKey,
    fetch,
    signal,
    timeout,
    maxRetries,
    headers,
    now,
    successCodes,
    maxBodyBytes,
    dangerouslyAllowBrowser: options.dangerouslyAllowBrowser === true,
  };
}

function resolveBase(baseUrl: string | URL): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError('"baseUrl" must be an absolute http or https URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('"baseUrl" must be an absolute http or https URL');
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new TypeError('"baseUrl" must not carry a query, a fragment or credentials');
  }
  const base = `${url.origin}${url.pathname}`;
  return base.endsWith('/') ? base : `${base}/`;
}
