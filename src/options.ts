/** What `onAttempt` is told about one attempt, success included: plain data, never a body or the key. */
export interface AttemptEvent {
  /** The attempt's number, from 1. */
  attempt: number;
  /** `GET`. */
  method: string;
  /** The service's origin, such as `https://api.example.com`. */
  origin: string;
  /** The request path, such as `/api/order/ord_123`; never the key, never a query. */
  path: string;
  /** HTTP status of the answer, when one came. */
  status?: number | undefined;
  /** The answer's request id, when one came with one: the first present of `x-request-id`, `request-id` and `cf-ray`. */
  requestId?: string | undefined;
  /** The answer's headers, when one came: names in lower case, the key redacted from names and values, as `ApiError.headers`. */
  headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Why the attempt failed: an `ApiError`, `NetworkError`, `TimeoutError` or `ValidationError`, the caller's
   * `signal.reason` on abort, or the `TypeError` of a `now` that returned no finite number (the attempt's request was
   * then never sent). Absent on success.
   */
  error?: unknown;
  /** Whole milliseconds the attempt took, from sending the request to its outcome. */
  ms: number;
  /** Whole milliseconds until the next attempt, when there will be one. */
  retryInMs?: number | undefined;
}

/**
 * Options of `getOrder` and `getSession`, read by name (own, inherited or through a getter). Only `baseUrl` is
 * required; any other own name is refused.
 */
export interface LookupOptions {
  /** Base address of the service; may carry a path prefix (`https://h/v/` → `https://h/v/api/order/…`). */
  baseUrl: string | URL;
  /** The merchant's secret API key, sent as `X-API-KEY`. Leave it out to call a proxy that authenticates another way. */
  apiKey?: string | undefined;
  /**
   * The `fetch` to use; defaults to `globalThis.fetch`, looked up at call time. Called with one `Request`; the runtime's
   * own (`globalThis.fetch`) is called with the URL and an init instead, building no `Request`.
   */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The caller's signal: aborting it rejects the call with the signal's `reason` and stops retries. */
  signal?: AbortSignal | undefined;
  /** One deadline in milliseconds for the whole call, from the moment it is made: attempts, waits, body read, parsing and validation. Default 10000. */
  timeout?: number | undefined;
  /** Retries after a network failure or a 408, 429, 500, 502, 503 or 504. Default 2, so at most 3 attempts. */
  maxRetries?: number | undefined;
  /** Extra request headers. `X-Timestamp` and `Accept` are always the SDK's; an `X-API-KEY` here is dropped (the key goes only through `apiKey`). */
  headers?: Headers | readonly (readonly [string, string])[] | Readonly<Record<string, string>> | undefined;
  /**
   * Clock in milliseconds since the Unix epoch, read for each attempt's `X-Timestamp`; must return a finite number,
   * and should return whole milliseconds, as `Date.now` does: the reading is sent as `String(now())`, so a fraction
   * or a number of 1e21 or more is not the decimal digits the service expects. Default `Date.now`.
   */
  now?: (() => number) | undefined;
  /** Envelope codes that mean success, at least one. Default `[0, 200]`: the service's documentation does not give the value. */
  successCodes?: readonly number[] | undefined;
  /** Largest response body read, in bytes. Default 1 MiB; a larger body is an error and is never buffered whole. */
  maxBodyBytes?: number | undefined;
  /** Allow sending `apiKey` from a browser page, where anyone can read it. Default `false`. */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Called synchronously once per attempt, as it ends; what it throws or rejects with is ignored. */
  onAttempt?: ((event: AttemptEvent) => void) | undefined;
}
