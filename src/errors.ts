/** Literal names of every error class, so checks survive minifiers and duplicated copies of the package. */
export type LookupErrorName = 'LookupError' | 'ApiError' | 'NetworkError' | 'TimeoutError' | 'ValidationError';

/** What every `LookupError` tells about the call that failed. */
export interface LookupErrorFields {
  /** HTTP method of the request, `GET`. */
  method: string;
  /** Path of the request, such as `/api/order/ord_123`: never the key, never a query. */
  path: string;
  /** Attempts made, retries included. */
  attempts: number;
  /** Milliseconds from the call's start to this error. */
  elapsedMs: number;
}

// Survives duplicated copies of the package and other realms (Symbol.for's registry is shared by all realms), unlike
// instanceof; unlike a name, no other library's error carries it.
const brand = Symbol.for('checkout-lookup.error');

/**
 * Base class of every error raised for a request that went out. Its fields say which call failed, how often it
 * was tried and for how long.
 *
 * @example
 * ```ts
 * try { await getOrder(id, options); }
 * catch (error) { if (error instanceof LookupError) console.warn(error.message, error.attempts); }
 * ```
 */
export class LookupError extends Error {
  override name: LookupErrorName = 'LookupError';
  declare readonly method: string;
  declare readonly path: string;
  declare readonly attempts: number;
  declare readonly elapsedMs: number;

  /** @param fields - The call's fields, and those of the subclass (`status`, `issues`...). */
  constructor(message: string, fields: LookupErrorFields & { [field: string]: unknown }, options?: { cause?: unknown }) {
    super(message, options);
    Object.assign(this, fields);
  }

  get [brand](): true {
    return true;
  }
}

/** The service answered with a failure: a non-2xx status, or an envelope code outside `successCodes`. */
export class ApiError extends LookupError {
  override name = 'ApiError' as const;
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** The envelope's `code`, when the answer had an envelope. */
  declare readonly code?: number;
  /** Milliseconds the service asked to wait (from `Retry-After`), when it sent one that can be read. */
  declare readonly retryAfter?: number;
}

/**
 * `fetch` itself failed (DNS, connection refused or reset) on every attempt. The `cause` is a safe copy of the last
 * failure: its `name`, `message` (the API key redacted) and `code`, never the original object.
 */
export class NetworkError extends LookupError {
  override name = 'NetworkError' as const;
}

/** The call's deadline (`timeout`) passed, while waiting for headers, between attempts or while reading the body. */
export class TimeoutError extends LookupError {
  override name = 'TimeoutError' as const;
}

/** One reason a response did not match the documented shape: a dotted path and what was expected there. */
export interface ValidationIssue {
  /** Dotted path inside the resource, such as `priceDataList.0.quantity`; `data`, `code` or `msg` in the envelope, empty for the body. */
  readonly path: string;
  /** What was expected and what kind of value came instead; never the value itself. */
  readonly message: string;
}

/** A 2xx answer that is not the documented shape: not JSON, no envelope, or data of the wrong shape. */
export class ValidationError extends LookupError {
  override name = 'ValidationError' as const;
  /** The first mismatches found (at most 20: the parse stops at the 21st), each with its path; past 20 the message ends with `(and more)`. */
  declare readonly issues: readonly ValidationIssue[];
}

/**
 * A bad id, raised before any request: empty, `.` or `..`, longer than 256 characters, holding control characters,
 * not well-formed Unicode, or not a string. A `TypeError`, so code written for earlier versions still catches it.
 */
export class InvalidIdError extends TypeError {
  override name = 'InvalidIdError' as const;
}

/**
 * Tells whether a value is one of this package's errors, also across realms and duplicated copies of the package.
 *
 * @param value - Anything caught.
 * @returns `true` for a `LookupError` or one of its subclasses.
 */
export function isLookupError(value: unknown): value is LookupError {
  return value instanceof LookupError || (value as { [brand]?: unknown } | null)?.[brand] === true;
}
