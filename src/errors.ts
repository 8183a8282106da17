/** Literal names of every error class, so checks survive minifiers and duplicated copies of the package. */
export type LookupErrorName =
  | 'LookupError'
  | 'ApiError'
  | 'NetworkError'
  | 'TimeoutError'
  | 'ValidationError';

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
  readonly status: number;
  /** The envelope's `code`, when the answer had an envelope. */
  readonly code: number | undefined;
  /** Milliseconds the service asked to wait (from `Retry-After`), when it sent one. */
  readonly retryAfter: number | undefined;

  constructor(message: string, details: { status: number; code?: number | undefined; retryAfter?: number | undefined }) {
    super(message);
    this.status = details.status;
    this.code = details.code;
    this.retryAfter = details.retryAfter;
  }
}

/** `fetch` itself failed (DNS, connection refused or reset) on every attempt; the last failure is the `cause`. */
export class NetworkError extends LookupError {
  override name = 'NetworkError' as const;
}

/** The call's deadline (`timeout`) passed, while waiting for headers, between attempts or while reading the body. */
export class TimeoutError extends LookupError {
  override name = 'TimeoutError' as const;
}

/** One reason a response did not match the documented shape: a dotted path and what was expected there. */
export interface ValidationIssue {
  /** Dotted path inside the resource, such as `priceDataList.0.quantity`; empty for the body or envelope itself. */
  readonly path: string;
  /** What was expected and what kind of value came instead; never the value itself. */
  readonly message: string;
}

/** A 2xx answer that is not the documented shape: not JSON, no envelope, or data of the wrong shape. */
export class ValidationError extends LookupError {
  override name = 'ValidationError' as const;
  /** Every mismatch found, with its path. */
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    const [first] = issues;
    const where = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'unknown shape';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`The response did not match the documented shape: ${where}${more}`);
    this.issues = issues;
  }
}

const names: ReadonlySet<string> = new Set<LookupErrorName>([
  'LookupError',
  'ApiError',
  'NetworkError',
  'TimeoutError',
  'ValidationError',
]);

/**
 * Tells whether a value is one of this package's errors, also across realms and duplicated copies of the package.
 *
 * @param value - Anything caught.
 * @returns `true` for a `LookupError` or one of its subclasses.
 */
export function isLookupError(value: unknown): value is LookupError {
  return (
    value instanceof LookupError ||
    (value instanceof Error && names.has(value.name) && !(value instanceof DOMException))
  );
}
