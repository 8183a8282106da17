import { ApiError, NetworkError } from '../errors.js';

/**
 * Whether a failure may be retried: a network failure, or an HTTP timeout, rate limit or transient server failure.
 * An envelope failure inside HTTP 2xx (status 200) is the service's final word.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && [408, 429, 500, 502, 503, 504].includes(error.status));
}
