import { redact, redactedHeaders, requestIdOf, safeCause } from './core/cause.js';
import { clip, kindOf, oneLine } from './core/message.js';
import { parseRetryAfter } from './core/retry-after.js';

/** Literal names of every error class, so checks survive minifiers and duplicated copies of the package. */
export type LookupErrorName = 'LookupError' | 'ApiError' | 'NetworkError' | 'TimeoutError' | 'ValidationError';

/** What every `LookupError` tells about the call that failed. */
export interface LookupErrorFields {
  /** HTTP method of the request, `GET`. */
  method: string;
  /** The service's origin, such as `https://api.example.com`: the base URL without its path or credentials. */
  origin: string;
  /** Path of the request, such as `/api/order/ord_123`: never the key, never a query. */
  path: string;
  /** Attempts made, retries included. */
  attempts: number;
  /** Milliseconds from the call's start to this error. */
  elapsedMs: number;
}

/** What is kept of a failure of `fetch`: its name, message and code as strings, the key redacted; never the failure itself. */
export interface NetworkErrorCause {
  message: string;
  name?: string;
  code?: string;
  /** Where there is no `code`: the message of the failure's own cause, the runtime's reason (undici's `bad port`). */
  reason?: string;
}

// Survives duplicated copies of the package and other realms (Symbol.for's registry is shared by all realms), unlike
// instanceof; unlike a name, no other library's error carries it.
const brand = Symbol.for('checkout-lookup.error');

/**
 * Base class of every error raised for a request that went out. Its fields say which call failed, where to, how
 * often it was tried and for how long.
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
  declare readonly origin: string;
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

  /**
   * What `JSON.stringify` writes: the name, the message and the fields (the `cause` of a `NetworkError` or
   * `TimeoutError` included); never a body or the key.
   */
  toJSON(): { name: LookupErrorName; message: string; [field: string]: unknown } {
    return { name: this.name, message: this.message, ...(this as object), cause: this.cause };
  }
}

/**
 * The service answered with a failure: a non-2xx status (a 3xx included, `HTTP 302 (not followed)`), or an envelope
 * code outside `successCodes`. In a browser, whose `fetch` hides a redirect from the page (an `opaqueredirect`
 * response), a redirect is `status` 0 and `HTTP 0 (an empty body)`.
 */
export class ApiError extends LookupError {
  override name = 'ApiError' as const;
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** The envelope's `code`, when the answer had an envelope. */
  declare readonly code?: number;
  /** The envelope's `msg`, when the answer had one: the envelope's text, the key redacted (the message quotes its first 200 characters). */
  declare readonly msg?: string;
  /** Milliseconds the service asked to wait (from `Retry-After`), when it sent one that can be read. */
  declare readonly retryAfter?: number;
  /**
   * The answer's headers, names in lower case (the key redacted from names and values). Every header is kept,
   * `set-cookie` included (only the last of several), and `toJSON` writes them.
   */
  declare readonly headers: Readonly<Record<string, string>>;
  /** The first present of the `x-request-id`, `request-id` and `cf-ray` headers: what the service's support asks for. */
  declare readonly requestId?: string;
}

/**
 * `fetch` failed (DNS, connection refused or reset, a CORS refusal) on every attempt, or resolved with something
 * other than a `Response`. The `cause` is a safe copy of the last failure of `fetch`, absent when `fetch` resolved
 * with something else.
 */
export class NetworkError extends LookupError {
  override name = 'NetworkError' as const;
  /** A safe copy of what `fetch` threw: never the original object, which may hold the `Request` and its key. */
  declare readonly cause?: NetworkErrorCause;
}

/**
 * The call's deadline (`timeout`) passed: before the request went out, while waiting for headers, between attempts,
 * while reading the body, or by the time the body was parsed or validated. The message names the `timeout`. After
 * failed attempts, it ends with what the last of them got (`; last: HTTP 503`), and that failure is the `cause`.
 */
export class TimeoutError extends LookupError {
  override name = 'TimeoutError' as const;
  /** The `timeout` that was set, in milliseconds. */
  declare readonly timeout: number;
  /** The failure of the last attempt that ended before the deadline, if one did. */
  declare readonly cause?: ApiError | NetworkError | ValidationError;
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
 * Every error the SDK raises for a request that went out. `switch (error.name)` narrows it to one class.
 *
 * @example
 * ```ts
 * if (isLookupError(error)) switch (error.name) {
 *   case 'ApiError': console.warn(error.status, error.requestId); break;
 *   case 'ValidationError': console.warn(error.issues); break;
 * }
 * ```
 */
export type AnyLookupError = ApiError | NetworkError | TimeoutError | ValidationError;

/**
 * A bad id, raised before any request: empty, `.` or `..`, longer than 256 characters, holding control characters,
 * not well-formed Unicode, or not a string. A `TypeError`, as a bad option is.
 */
export class InvalidIdError extends TypeError {
  override name = 'InvalidIdError' as const;

  /** What `JSON.stringify` writes: the name and the message (which never shows the id). */
  toJSON(): { name: 'InvalidIdError'; message: string } {
    return { name: this.name, message: this.message };
  }
}

/**
 * Tells whether a value is one of this package's errors, also across realms and duplicated copies of the package.
 *
 * @param value - Anything caught.
 * @returns `true` for an `ApiError`, `NetworkError`, `TimeoutError` or `ValidationError`, narrowing `value` to
 * their union, which `switch (value.name)` narrows further. The SDK never throws the base `LookupError` itself; one
 * that other code constructs also gives `true`, though the union does not describe it.
 */
export function isLookupError(value: unknown): value is AnyLookupError {
  return value instanceof LookupError || (value as { [brand]?: unknown } | null)?.[brand] === true;
}

// How a call's errors are built, from what its steps found: each step returns a `Failure`, and the call makes it an
// error with `errorOf`, once it knows how many attempts and how long the call took.

type ErrorClass = new (message: string, fields: LookupErrorFields & { [field: string]: unknown }, options?: { cause?: unknown }) => LookupError;

/** What a step of a call found wrong, not yet an error: its class, what its message says, its fields, its cause. */
export type Failure = readonly [Class: ErrorClass, what: string, fields?: object | undefined, cause?: unknown];

/** Every `Failure` a step built: anything else thrown (a caller's abort reason, an array included) is not one. */
const failures = new WeakSet<object>();

/** Whether a step built `thrown` as a `Failure`. */
export const isFailure = (thrown: unknown): thrown is Failure => failures.has(thrown as object);

/** A `Failure`, branded as one. */
function branded(...found: Failure): Failure {
  failures.add(found);
  return found;
}

/** Where a call goes and how far it has got: what each of its errors and events tells, and the key they redact. */
export interface CallSoFar {
  readonly origin: string;
  /** The request's path, as sent: not yet redacted. */
  readonly target: string;
  readonly key: string | undefined;
  readonly attempts: number;
  readonly elapsedMs: number;
}

/** The method, origin and path of a call as errors and events show them: the key redacted from the path. */
export function whereOf(call: CallSoFar): Pick<LookupErrorFields, 'method' | 'origin' | 'path'> {
  return { method: 'GET', origin: call.origin, path: redact(call.target, call.key) };
}

/** The error of `failure`: its fields and a one-line message that says where, what and after how long; `after` ends it. */
export function errorOf(call: CallSoFar, [Class, what, fields, cause]: Failure, after = ''): LookupError {
  const { attempts, elapsedMs } = call;
  const where = whereOf(call);
  const message = `GET ${where.path}: ${what} after ${attempts} attempt${attempts === 1 ? '' : 's'} in ${elapsedMs} ms${after}`;
  return new Class(oneLine(redact(message, call.key)), { ...where, attempts, elapsedMs, ...fields }, (cause && { cause }) as object | undefined);
}

/** The call's deadline passed: after failed attempts, it says what the last of them got (`last`), and that is its cause. */
export function timedOut(call: CallSoFar, timeout: number, last?: readonly [error: LookupError, what: string]): LookupError {
  return errorOf(call, [TimeoutError, 'timed out', { timeout }, last?.[0]], ` (timeout: ${timeout} ms)${last ? `; last: ${last[1]}` : ''}`);
}

/** A failure of `fetch` or of reading the body: what failed, with its code or else the runtime's reason. */
export function networkFailure(failure: unknown, key: string | undefined): Failure {
  const cause = safeCause(failure, key);
  const why = cause.code ?? cause.reason;
  return branded(NetworkError, `${cause.name ? `${cause.name}: ` : ''}${clip(cause.message)}${why ? ` (${clip(why)})` : ''}`, undefined, cause);
}

/** `fetch` resolved with something that is no `Response`. */
export function notAResponse(answer: unknown): Failure {
  return branded(NetworkError, `fetch resolved with ${kindOf(answer)}, not a Response`);
}

/** A 2xx answer of the wrong shape: its issues, and `more` when the parse stopped before the end. */
export function invalid(issues: ValidationIssue[], more?: boolean): Failure {
  const what = issues.map((issue) => `${issue.path || 'body'}: ${issue.message}`).join(', ');
  return branded(ValidationError, more ? `${what} (and more)` : what, { issues });
}

/**
 * The service's failure: its status, the envelope's `code` and `msg` when it had one (the message quotes 200
 * characters of `msg`), else what the body was when it was no JSON (`notJson`), with the answer's headers and
 * request id, the key redacted from each; `now` reads a `Retry-After` date.
 */
export function apiFailure(
  response: Response,
  notJson: string | undefined,
  code: number | undefined,
  msg: string | null | undefined,
  key: string | undefined,
  now: number,
): Failure {
  const { status } = response;
  const headers = redactedHeaders(response.headers, key);
  const text = msg ? redact(msg, key) : undefined;
  let what = `HTTP ${status}`;
  if (status >= 300 && status < 400) what += ' (not followed)';
  else if (notJson) what += ` (${notJson})`;
  if (code !== undefined) what += ` (code ${code})`;
  if (text) what += ` "${clip(text)}"`;
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now);
  return branded(ApiError, what, { status, code, msg: text, retryAfter, headers, requestId: requestIdOf(headers) });
}
