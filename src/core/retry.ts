import { ApiError, NetworkError } from '../errors.js';

/**
 * Whether a failure may be retried: a network failure, or an HTTP timeout, rate limit or transient server failure.
 * An envelope failure inside HTTP 2xx (status 200) is the service's final word.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && [408, 429, 500, 502, 503, 504].includes(error.status));
}

/**
 * Milliseconds to wait as asked by a `Retry-After` header (RFC 9110 §10.2.3: delay-seconds or an HTTP-date),
 * or undefined when there is none or it cannot be read. Delay-seconds, else whatever the engine's Date.parse reads
 * (Number of a date is NaN, and of "0" is 0: either falls through to the date; "later 2" is a date in 2001 in V8).
 */
export function parseRetryAfter(value: string | null, now: () => number): number | undefined {
  const ms = value ? Number(value) * 1000 || Date.parse(value) - now() : NaN;
  return isNaN(ms) ? undefined : Math.max(0, ms);
}

/** Exponential backoff with "equal jitter": 250 ms doubling per retry, capped at 4 s; half fixed, half random. */
export function backoff(retry: number): number {
  const step = Math.min(4000, 250 * 2 ** retry);
  return step / 2 + (Math.random() * step) / 2;
}
