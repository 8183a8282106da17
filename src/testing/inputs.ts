import * as v from 'valibot';
import { idRefusal } from './ids.js';

// What a user sends the sandbox, declared once: faults, scenarios and the control API's fault body. Each schema gives
// the type (types.ts infers them) and the check; `parseInput` turns its first issue into a `TypeError` naming the
// field. A message holds FIELD where the field's name goes, since a schema does not know where it is used:
// `"fault.status"` from `sandbox.fault`, `"scenario.target.route"` from a scenario.

// Stand for the field's name, and the name of the field holding it, in a message: controls, which no input a message
// shows (always quoted) can hold.
const FIELD = '\u0000';
const OWNER = '\u0001';
const must = (rule: string) => `"${FIELD}" must be ${rule}`;

/** The longest latency or delay a fault may add: one hour (timers overflow at 2^31 ms and would fire at once). */
const MAX_DELAY_MS = 3_600_000;
/**
 * The most a fault may add to an answer's headers, Retry-After included, so that every runtime's fetch reads the
 * answer beside the sandbox's own dozen headers: bytes counted as sent (`name: value` and CRLF; a value is Latin-1, one
 * byte a character), half of Node's 16 KiB for the whole header section (undici's `maxHeaderSize`, past which its fetch
 * fails); headers, well under Deno's 100 in all (Bun's fetch reads 256, workerd's more than 1,000). Past either limit
 * the SDK would see a network error instead of the armed answer.
 */
const MAX_FAULT_HEADER_BYTES = 8192;
const MAX_FAULT_HEADERS = 64;
const READ_BY_EVERY_FETCH = "which every runtime's fetch reads beside the sandbox's own headers";

// RFC 9110 §5.1: a header name is a token, as the Headers constructor requires.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 §5.5: a header value is visible ASCII, Latin-1 (obs-text), spaces and tabs. The Headers constructor refuses
// NUL, CR, LF and characters beyond U+00FF (a value is bytes); Node's HTTP server also refuses the other controls when
// it writes the answer, which would turn every matching request into a 500. This is both checks.
const NOT_FIELD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const VALUE_RULE = 'visible ASCII or Latin-1 characters, spaces and tabs';
/**
 * Headers that frame the body or the connection (RFC 9112 §6, RFC 9110 §7.6.1, §8.4): the server sets them from the
 * body it sends. Set by a fault, they would lie about that body (a `content-length` longer than it leaves the client
 * waiting; `content-encoding: gzip` on plain JSON cannot be decoded) or about the connection.
 */
const FRAMING_HEADERS: readonly string[] = [
  'connection',
  'content-encoding',
  'content-length',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
// Names a valibot record skips as it copies an object: refused, rather than silently left out of the answer.
const UNCOPIED = ['__proto__', 'constructor', 'prototype'];

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object of these entries and no others, so that a misspelt field is refused rather than left out: its message
 * names the field and lists the fields (`"fault.stauts" is not a field; with "kind": "status" the fields are kind,
 * status, …`, `where` saying which); `other` gives the message of the object's other issues (not an object, a
 * required entry missing).
 */
function only<const T extends v.ObjectEntries>(entries: T, other: (issue: v.BaseIssue<unknown>) => string, where = '') {
  const known = Object.keys(entries).join(', ');
  return v.strictObject(entries, (issue) =>
    issue.expected === 'never' ? `"${FIELD}" is not a field; ${where}the fields are ${known}` : other(issue),
  );
}

/** A fault's or scenario's entries (`kind` first): a missing entry is refused with the message of that entry given as undefined. */
function fields<const T extends v.ObjectEntries & { kind: v.LiteralSchema<string, undefined> }>(entries: T) {
  return only(
    entries,
    (issue) => {
      const key = issue.path?.[0]?.key;
      return key === undefined ? must('an object') : v.safeParse(entries[key as keyof T]!, undefined).issues![0].message;
    },
    `with "kind": "${entries.kind.literal}" `,
  );
}

const positiveInteger = () => {
  const message = must('a positive integer');
  return v.pipe(v.number(message), v.safeInteger(message), v.minValue(1, message));
};
const integerFrom = (min: number, max: number) => {
  const message = must(`an integer from ${min} to ${max}`);
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
};
const DURATION_RULE = must(`a number of ms from 0 to ${MAX_DELAY_MS}`);
const DURATION = v.pipe(v.number(DURATION_RULE), v.minValue(0, DURATION_RULE), v.maxValue(MAX_DELAY_MS, DURATION_RULE));
/** A record's id: a non-empty string that `getOrder` and `getSession` would request. */
const ID = v.pipe(
  v.string(must('a non-empty string')),
  v.nonEmpty(must('a non-empty string')),
  v.check(
    (id) => idRefusal(id) === undefined,
    (issue) => `"${FIELD}" ${idRefusal(issue.input as string)}`,
  ),
);

// Each exported schema is documented where its type is, in types.ts (which the package's types carry).
export const RouteSchema = v.picklist(['order', 'session'], must('"order" or "session"'));

export const FaultTargetSchema = only(
  {
    /** Only requests to this route. */
    route: v.optional(RouteSchema),
    /** Only requests for this id. */
    id: v.optional(ID),
  },
  () => must('an object such as { "route": "order", "id": "ord_ada_1" }'),
);

/** The bytes of `name: value` and CRLF on the wire. */
const lineBytes = (name: string, value: string) => name.length + value.length + 4;

/** `; it has U+000A at index 4` for a string with a character no header value may hold; nothing otherwise. */
function badCharacter(value: unknown): string {
  const found = typeof value === 'string' ? NOT_FIELD_VALUE.exec(value) : null;
  if (found === null) return '';
  return `; it has U+${(value as string).codePointAt(found.index)!.toString(16).toUpperCase().padStart(4, '0')} at index ${found.index}`;
}

const headerValue = (issue: v.BaseIssue<unknown>) => `${must(`a valid header value, a string of ${VALUE_RULE}`)}${badCharacter(issue.input)}`;
// A header name's issue is the headers': the name is its key.
const has = (issue: v.BaseIssue<unknown>, what: string) => `"${OWNER}" has ${JSON.stringify(issue.input)}, ${what}`;
const HeadersSchema = v.pipe(
  v.custom<Record<string, string>>(isObject, must('an object of header names and values')),
  v.check(
    (headers) => !UNCOPIED.some((name) => Object.hasOwn(headers, name)),
    (issue) => `"${FIELD}" has ${JSON.stringify(UNCOPIED.find((name) => Object.hasOwn(issue.input as object, name)))}, which the sandbox cannot set`,
  ),
  v.record(
    v.pipe(
      v.string(),
      v.regex(TOKEN, (issue) => has(issue, 'which is not a valid header name')),
      v.check(
        (name) => !FRAMING_HEADERS.includes(name.toLowerCase()),
        (issue) =>
          has(
            issue,
            `which frames the body or the connection; the sandbox sets those from the answer it sends (refused: ${FRAMING_HEADERS.join(', ')})`,
          ),
      ),
    ),
    v.pipe(
      v.string(headerValue),
      v.check((value) => !NOT_FIELD_VALUE.test(value), headerValue),
    ),
  ),
);

/** Seconds, or a string sent as is (an HTTP date), a valid header value that fits `MAX_FAULT_HEADER_BYTES` as sent. */
const RetryAfterSchema = v.pipe(
  v.custom<number | string>(
    (value) =>
      (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
      (typeof value === 'string' && value !== '' && !NOT_FIELD_VALUE.test(value)),
    (issue) => `${must(`a non-negative integer of seconds or an HTTP date string of ${VALUE_RULE}`)}${badCharacter(issue.input)}`,
  ),
  v.check(
    (value) => lineBytes('retry-after', String(value)) <= MAX_FAULT_HEADER_BYTES,
    (issue) =>
      `"${FIELD}" may take at most ${MAX_FAULT_HEADER_BYTES} bytes, counted as sent ("retry-after: " and a line break), ${READ_BY_EVERY_FETCH} (Node's reads 16 KiB in all); it takes ${lineBytes('retry-after', String(issue.input))}`,
  ),
);

/** What every fault takes. */
const FAULT_ENTRIES = {
  /** Apply to the next `times` matching requests only, then remove itself. Default: until removed. */
  times: v.optional(positiveInteger()),
  /** Wait this long (ms, at most 3,600,000: one hour) before answering; ends early if the request is aborted. */
  delayMs: v.optional(DURATION),
};
const OPTIONAL_STATUS = {
  /** The answer's HTTP status, 200 to 599; default 200. */
  status: v.optional(integerFrom(200, 599)),
};

export const LatencyFaultSchema = fields({
  kind: v.literal('latency'),
  /** The delay in ms, at most 3,600,000 (one hour). */
  ms: DURATION,
  ...FAULT_ENTRIES,
});

/** The lines a fault's headers and Retry-After add to the answer. */
function headerLines({
  headers,
  retryAfter,
}: {
  headers?: Record<string, string> | undefined;
  retryAfter?: number | string | undefined;
}): [string, string][] {
  const lines = Object.entries(headers ?? {});
  if (retryAfter !== undefined) lines.push(['retry-after', String(retryAfter)]);
  return lines;
}
const bytesOf = (lines: [string, string][]) => lines.reduce((sum, [name, value]) => sum + lineBytes(name, value), 0);
const TOGETHER = `"${FIELD}.headers" and "${FIELD}.retryAfter"`;

export const StatusFaultSchema = v.pipe(
  fields({
    kind: v.literal('status'),
    /** The answer's HTTP status, 200 to 599. */
    status: integerFrom(200, 599),
    /** Envelope code; default: the HTTP status. */
    code: v.optional(v.pipe(v.number(must('an integer')), v.safeInteger(must('an integer')))),
    /** Envelope msg; default: the status's reason phrase. */
    msg: v.optional(v.string(must('a string'))),
    /** Retry-After: a number of seconds, or a string sent as is (an HTTP date), a valid header value as for `headers`. */
    retryAfter: v.optional(RetryAfterSchema),
    /**
     * Extra response headers: names that are HTTP tokens, values of visible ASCII or Latin-1 characters, spaces and
     * tabs (what both the `Headers` constructor and Node's HTTP server accept). Not the headers that frame the body or
     * the connection: `content-length`, `content-encoding`, `transfer-encoding`, `connection`, `keep-alive`,
     * `proxy-connection`, `te`, `trailer`, `upgrade`. With `retryAfter`, at most 64 headers and 8,192 bytes as sent.
     */
    headers: v.optional(HeadersSchema),
    ...FAULT_ENTRIES,
  }),
  v.check(
    (fault) => headerLines(fault).length <= MAX_FAULT_HEADERS,
    (issue) =>
      `${TOGETHER} may be at most ${MAX_FAULT_HEADERS} headers together, ${READ_BY_EVERY_FETCH} (Deno's reads 100 in all); these are ${headerLines(issue.input as never).length}`,
  ),
  v.check(
    (fault) => bytesOf(headerLines(fault)) <= MAX_FAULT_HEADER_BYTES,
    (issue) =>
      `${TOGETHER} may take at most ${MAX_FAULT_HEADER_BYTES} bytes together, counted as sent ("name: value" and a line break each), ${READ_BY_EVERY_FETCH} (Node's reads 16 KiB in all); these take ${bytesOf(headerLines(issue.input as never))}`,
  ),
);

export const HtmlFaultSchema = fields({ kind: v.literal('html'), ...OPTIONAL_STATUS, ...FAULT_ENTRIES });
export const TruncatedFaultSchema = fields({ kind: v.literal('truncated'), ...OPTIONAL_STATUS, ...FAULT_ENTRIES });
export const EmptyFaultSchema = fields({ kind: v.literal('empty'), ...OPTIONAL_STATUS, ...FAULT_ENTRIES });
export const OversizedFaultSchema = fields({
  kind: v.literal('oversized'),
  /** The size of the whole body in bytes; default 8 MiB. */
  bytes: v.optional(positiveInteger()),
  /** Declare Content-Length up front; default false (the size shows only while reading). */
  contentLength: v.optional(v.boolean(must('true or false'))),
  ...FAULT_ENTRIES,
});
export const DropFaultSchema = fields({ kind: v.literal('drop'), ...FAULT_ENTRIES });
export const StallFaultSchema = fields({ kind: v.literal('stall'), ...FAULT_ENTRIES });

const FAULTS = [
  LatencyFaultSchema,
  StatusFaultSchema,
  HtmlFaultSchema,
  TruncatedFaultSchema,
  EmptyFaultSchema,
  OversizedFaultSchema,
  DropFaultSchema,
  StallFaultSchema,
] as const;

/** One of `kinds`' schemas by `kind`; a wrong kind names the kinds, a value that is no object shows one. */
function byKind<const T extends v.VariantOptions<'kind'> & readonly { readonly entries: { readonly kind: v.LiteralSchema<string, undefined> } }[]>(
  options: T,
  example: string,
) {
  const kinds = options.map((option) => option.entries.kind.literal).join(', ');
  return v.variant('kind', options, (issue) => (issue.path === undefined ? must(`an object such as ${example}`) : must(`one of ${kinds}`)));
}

export const FaultSchema = byKind(FAULTS, '{ "kind": "status", "status": 503 }');

/** The body of `POST /__sandbox/faults`. */
export const FaultBodySchema = only(
  { target: v.optional(FaultTargetSchema, {}), fault: FaultSchema },
  () => '"fault" is missing: send { "target": { "route": "order" }, "fault": { "kind": "status", "status": 503 } }',
);

/** The order a completed checkout creates by default: `ord_` and the session id without its `cs_` prefix. */
const defaultOrderId = (sessionId: string) => `ord_${sessionId.replace(/^cs_/, '')}`;

export const CheckoutCompletesScenarioSchema = v.pipe(
  fields({
    kind: v.literal('checkout-completes'),
    /** The stored session that completes. */
    sessionId: ID,
    /** Complete once this many requests for the session were answered. */
    afterRequests: v.optional(positiveInteger()),
    /** Complete this many ms after the first request for the session. */
    afterMs: v.optional(v.pipe(v.number(must('a non-negative number')), v.minValue(0, must('a non-negative number')))),
    /** The order to create; default `ord_` followed by the session id without its `cs_` prefix. */
    orderId: v.optional(ID),
  }),
  v.transform(({ afterRequests, afterMs, orderId, ...rest }) => ({
    ...rest,
    orderId: orderId ?? defaultOrderId(rest.sessionId),
    afterRequests: afterRequests ?? (afterMs === undefined ? 3 : Infinity),
    afterMs: afterMs ?? Infinity,
  })),
);
export const RateLimitedScenarioSchema = fields({
  kind: v.literal('rate-limited'),
  /** Which requests it answers; default every request. */
  target: v.optional(FaultTargetSchema, {}),
  times: v.optional(positiveInteger(), 2),
  /** Seconds, or a string sent as is (an HTTP date). */
  retryAfter: v.optional(RetryAfterSchema, 1),
});
export const FlakyScenarioSchema = fields({
  kind: v.literal('flaky'),
  /** Which requests it counts; default every request. */
  target: v.optional(FaultTargetSchema, {}),
  failEvery: v.optional(positiveInteger(), 2),
  status: v.optional(integerFrom(400, 599), 503),
});

export const ScenarioSchema = byKind(
  [CheckoutCompletesScenarioSchema, RateLimitedScenarioSchema, FlakyScenarioSchema],
  '{ "kind": "rate-limited", "times": 2 }',
);

/**
 * `input` as `schema` gives it, or a `TypeError` with the message of its first issue, the field named by `root` and
 * the path to it (`fault.headers.x-debug`).
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, root: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  // The control API's fault body is its own root: its fields are named alone (`"target"`, `"fault.kind"`).
  const names = [...(root === '' ? [] : [root]), ...(issue.path ?? []).map((item) => String(item.key))];
  throw new TypeError(issue.message.replaceAll(FIELD, names.join('.')).replaceAll(OWNER, names.slice(0, -1).join('.')));
}
