import { redact, safeCause } from './core/cause.js';
import { clip, oneLine } from './core/message.js';

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
  /** The envelope's `msg`, when the answer had one (the key redacted). */
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
 * while reading the body, or by the time the body was parsed or validated. The message names the `timeout`. After failed attempts, the message ends with what the last of them
 * got (`; last: HTTP 503`), and that failure is the `cause`.
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

/** What an error tells of the call it ends: where it went (the path not yet redacted), the key to keep out, the time. */
export interface CallFacts {
  readonly origin: string;
  readonly path: string;
  readonly key: string | undefined;
  readonly attempts: number;
  readonly deadline: { elapsed(): number; readonly timeout: number };
}

type ErrorClass<E extends LookupError> = new (message: string, fields: LookupErrorFields & { [field: string]: unknown }, options?: object) => E;

/** What each error of a call said went wrong (`HTTP 503`), for the message of a `TimeoutError` that comes after it. */
const told = new WeakMap<object, string>();

/**
 * An error of `call`, with the call's fields and a one-line message that says where, what and after how long, the
 * key redacted everywhere.
 */
function callError<E extends LookupError>(Class: ErrorClass<E>, call: CallFacts, what: string, fields?: object, cause?: unknown, after = ''): E {
  const { origin, key, attempts } = call;
  const path = redact(call.path, key);
  const elapsedMs = call.deadline.elapsed();
  const message = `GET ${path}: ${what} after ${attempts} attempt${attempts === 1 ? '' : 's'} in ${elapsedMs} ms${after}`;
  const error = new Class(
    oneLine(redact(message, key)),
    { method: 'GET', origin, path, attempts, elapsedMs, ...fields },
    (cause && { cause }) as object | undefined,
  );
  told.set(error, what);
  return error;
}

/** The `NetworkError` of a `fetch` that failed: never the failure itself, which may quote the key or hold the Request. */
export function networkError(call: CallFacts, failure: unknown): NetworkError {
  const cause = safeCause(failure, call.key);
  return callError(
    NetworkError,
    call,
    `${cause.name ? `${cause.name}: ` : ''}${clip(cause.message)}${cause.code ? ` (${cause.code})` : ''}`,
    {},
    cause,
  );
}

/** The `NetworkError` of a `fetch` that resolved with something else than a Response, of the kind `kind`. */
export function notAResponse(call: CallFacts, kind: string): NetworkError {
  return callError(NetworkError, call, `fetch resolved with ${kind}, not a Response`);
}

/** The `ValidationError` for `issues` (`more` when the parse stopped before the end). */
export function validationError(call: CallFacts, issues: ValidationIssue[], more?: boolean): ValidationError {
  const what = issues.map((issue) => `${issue.path || 'body'}: ${issue.message}`).join(', ');
  return callError(ValidationError, call, more ? `${what} (and more)` : what, { issues });
}

/**
 * The `ApiError` of an answer that is a failure, from its status, its headers and what its body held: the envelope's
 * `code` and `msg`, or `bodyIs`, what the body is when it is no JSON. `retryAfter` is read from the headers.
 */
export function apiError(
  call: CallFacts,
  response: Response,
  envelope: { code?: number; msg?: string | null } | undefined,
  bodyIs: string | undefined,
  retryAfter: number | undefined,
): ApiError {
  const { key } = call;
  const { status } = response;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[redact(name, key)] = redact(value, key);
  });
  const { code, msg } = envelope ?? {};
  const serviceMsg = msg ? redact(msg, key) : undefined;
  let what = `HTTP ${status}`;
  if (status >= 300 && status < 400) what += ' (not followed)';
  else if (bodyIs) what += ` (${bodyIs})`;
  if (code !== undefined) what += ` (code ${code})`;
  if (serviceMsg) what += ` "${clip(serviceMsg)}"`;
  const requestId = headers['x-request-id'] ?? headers['request-id'] ?? headers['cf-ray'];
  return callError(ApiError, call, what, { status, code, msg: serviceMsg, retryAfter, headers, requestId });
}

/**
 * The `TimeoutError` of a call whose deadline passed, naming its `timeout`; after a failed attempt, `last`, whose
 * story ends the message (`; last: HTTP 503`) and which is the cause.
 */
export function timeoutError(call: CallFacts, last: LookupError | undefined): TimeoutError {
  const { timeout } = call.deadline;
  return callError(TimeoutError, call, 'timed out', { timeout }, last, ` (timeout: ${timeout} ms)${last ? `; last: ${told.get(last)}` : ''}`);
}

/**
 * `error`, the failure of the last attempt, with why no retry follows it though its rule allows one: the wait
 * (`wait` ms, a `Retry-After` included) and the attempt's own time would not fit the `left` ms before the deadline.
 */
export function notRetried<E extends LookupError>(error: E, wait: number, left: number): E {
  error.message += `; not retried: a wait of ${wait} ms leaves no time for another attempt in the ${left} ms left`;
  return error;
}
