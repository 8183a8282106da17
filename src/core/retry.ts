const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);
const BACKOFF_BASE = 250;
const BACKOFF_CAP = 4_000;

/** Whether an HTTP status may be retried: timeouts, rate limits and transient server failures only. */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Milliseconds to wait as asked by a `Retry-After` header (RFC 9110 §10.2.3: delay-seconds or an HTTP-date),
 * or undefined when there is none or it cannot be read.
 */
export function parseRetryAfter(value: string | null, now: () => number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now());
}

/** Exponential backoff with "equal jitter": half of the capped step is fixed, half random. */
export function backoff(retry: number): number {
  const step = Math.min(BACKOFF_CAP, BACKOFF_BASE * 2 ** retry);
  return step / 2 + Math.random() * (step / 2);
}
