import { ApiError, NetworkError } from '../errors.js';

/** HTTP statuses that may change on retry: request timeout, rate limit, and transient server failures. */
export const RETRIED_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];

/** The backoff step before the first retry; it doubles with each retry. */
export const FIRST_BACKOFF_MS = 250;
/** The largest backoff step. */
export const MAX_BACKOFF_MS = 4000;

// Failures of fetch that the same request meets again, by what the runtime says: a port the fetch standard blocks
// (undici's "bad port" cause, Deno's "Requests to port 9 are blocked"), a certificate the runtime refuses (Node's codes
// CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, SELF_SIGNED_CERT_IN_CHAIN, UNABLE_TO_VERIFY_LEAF_SIGNATURE...; Deno's
// "invalid peer certificate"), TLS spoken to a server that does not (Node's ERR_SSL_WRONG_VERSION_NUMBER), and
// happy-dom's message for a request its CORS check refused. A real browser reports a CORS refusal as any network
// failure ("Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"): not recognisable.
const REPEATED =
  /bad port|port \d+ are blocked|certificate|CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|ERR_SSL_WRONG_VERSION_NUMBER|^Cross-Origin Request Blocked/;

/**
 * How long to wait before retrying after the failure of attempt number `attempt` (from 1), which took `attemptMs`,
 * with `left` ms left before the deadline (none by default); or `undefined` for no retry.
 *
 * Retried: a failure of `fetch` and an HTTP 408, 429, 500, 502, 503 or 504, up to `maxRetries` times, after the
 * service's `Retry-After` or else exponential backoff with equal jitter (half fixed, half random): 125-250 ms
 * before the first retry, doubling, capped at 2-4 s; and only when the wait leaves the retry as much time as the
 * failed attempt took. A failure that would be retried but for that says so at the end of its message.
 */
export function nextWait(error: unknown, attempt: number, maxRetries: number, left = Infinity, attemptMs = 0): number | undefined {
  if (attempt > maxRetries) return undefined;
  // A ValidationError, a TimeoutError or an abort: retrying changes nothing or is not wanted.
  if (!(error instanceof ApiError || error instanceof NetworkError)) return undefined;
  // A failure code inside HTTP 2xx (status 200) is the service's final word, as is any other status not listed.
  if (error instanceof ApiError && !RETRIED_STATUSES.includes(error.status)) return undefined;
  // A network failure the same request meets again: fetch resolved with something other than a Response (there was
  // no failure to copy as the cause), or the runtime says so.
  if (error instanceof NetworkError && (!error.cause || Object.values(error.cause).some((said) => REPEATED.test(said)))) return undefined;
  const step = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
  // Whole milliseconds, as onAttempt reports them.
  const wait = (error as ApiError).retryAfter ?? Math.round((step / 2) * (1 + Math.random()));
  // A retry is given the time the attempt that failed took: a wait that leaves it none ends the call now, with this
  // failure, which says so, rather than with a TimeoutError later.
  if (wait < left - attemptMs) return wait;
  error.message += `; not retried: a wait of ${wait} ms leaves no time for another attempt in the ${left} ms left`;
}
