/** Literal names of every error class, so checks survive minifiers and duplicated copies of the package. */
export type LookupErrorName = 'LookupError' | 'ApiError' | 'NetworkError' | 'TimeoutError' | 'ValidationError';

/**
 * Base class of every error raised for a request that went out.
 *
 * @example
 * ```ts
 * try { await getOrder(id, options); }
 * catch (error) { if (error instanceof LookupError) console.warn(error.name, error.message); }
 * ```
 */
export class LookupError extends Error {
  override name: LookupErrorName = 'LookupError';
}

/** The service answered with a failure: a non-2xx status, or an envelope code outside `successCodes`. */
export class ApiError extends LookupError {
  override name = 'ApiError' as const;
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** The envelope's `code`, when the answer had an envelope. */
  declare readonly code?: number;
  /** Milliseconds the service asked to wait (from `Retry-After`), when it sent one. */
  declare readonly retryAfter?: number;

  /** @param fields - The status, and the envelope code and `Retry-After` wait when there were ones. */
  constructor(message: string, fields: { status: number; code?: number | undefined; retryAfter?: number | undefined }) {
    super(message);
    Object.assign(this, fields);
  }
}

/** `fetch` itself failed (DNS, connection refused or reset) on every attempt; the last failure is the `cause`. */
export class NetworkError extends LookupError {
  override name = 'NetworkError' as const;
}

/** A bad id (empty, "." or "..", over 256 characters, controls, lone surrogates), raised before any request. */
export class InvalidIdError extends TypeError {
  override name = 'InvalidIdError' as const;
}

/** The call's deadline (`timeout`) passed, while waiting for headers, between attempts or while reading the body. */
export class TimeoutError extends LookupError {
  override name = 'TimeoutError' as const;
}

/** One reason a response did not match the documented shape: a dotted path and what was expected there. */
export interface ValidationIssue {
  /** Dotted path inside the resource, such as `priceDataList.0.quantity`; empty for the body itself. */
  readonly path: string;
  /** What was expected and what kind of value came instead; never the value itself. */
  readonly message: string;
}

/** A 2xx answer that is not the documented shape: not JSON, no envelope, or data of the wrong shape. */
export class ValidationError extends LookupError {
  override name = 'ValidationError' as const;

  /** @param issues - Every mismatch found, with its path. */
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(issues.map((issue) => `${issue.path || 'body'}: ${issue.message}`).join(', '));
  }
}

/**
 * Tells whether a value is one of this package's errors, also across realms and duplicated copies of the package.
 *
 * @param value - Anything caught.
 * @returns `true` for a `LookupError` or one of its subclasses.
 */
export function isLookupError(value: unknown): value is LookupError {
  return (
    value instanceof LookupError ||
    (value instanceof Error &&
      !(value instanceof DOMException) &&
      /^(Lookup|Api|Network|Timeout|Validation)Error$/.test(value.name))
  );
}
