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
  /** Extra request headers. `X-Timestamp` and `Accept` are always the SDK's; an `X-API-KEY` here is dropped (the key goes only through `apiKey`). */
  headers?: Headers | readonly (readonly [string, string])[] | Readonly<Record<string, string>> | undefined;
  /** Clock in milliseconds since the Unix epoch, read for each attempt's `X-Timestamp`. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** Envelope codes that mean success. Default `[0, 200]`: the service's documentation does not give the value. */
  successCodes?: readonly number[] | undefined;
  /** Largest response body read, in bytes. Default 1 MiB; a larger body is an error and is never buffered whole. */
  maxBodyBytes?: number | undefined;
  /** Allow sending `apiKey` from a browser page, where anyone can read it. Default `false`. */
  dangerouslyAllowBrowser?: boolean | undefined;
}
