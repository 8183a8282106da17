import { ApiError, NetworkError } from '../errors.js';

/**
 * Whether a failure may be retried: a network failure, or an HTTP timeout, rate limit or transient server failure.
 * An envelope failure inside HTTP 2xx (status 200) is the service's final word.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && [408, 429, 500, 502, 503, 504].includes(error.status));
}

/**
 * Milliseconds to wait as asked by a `Retry-After` header (RFC 9110 §10.2.3), or undefined when there is none or it
 * cannot be read. Only delay-seconds and the IMF-fixdate form of an HTTP-date are read: engines' Date.parse reads
 * almost anything ("later 2" is a date in 2001 in V8, which would fire every retry at once).
 */
export function parseRetryAfter(value: string | null, now: () => number): number | undefined {
  const ms = /^\d+$/.test(value!) ? +value! * 1000 : /^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/.test(value!) ? Date.parse(value!) - now() : NaN;
  // Stryker disable next-line EqualityOperator: `ms <= 0` answers 0 for 0 too, the same (this also hides `ms >= 0`,
  // which the "0" and "2" tests kill); the EqualityOperator mutants of the next line stay checked.
  return ms < 0
    ? 0
    : ms >= 0 ? ms : undefined;
}
