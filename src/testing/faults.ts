import { sleep as wait } from '../core/sleep.js';
import { dropError, markStreamed } from './markers.js';
import { checkId } from './ids.js';
import type { MutableLogEntry } from './log.js';
import { bytesResponse, encoder, envelope, JSON_HEADERS, reason, successJson } from './respond.js';
import type { Fault, FaultTarget, SandboxRoute } from './types.js';

const KINDS = new Set<Fault['kind']>(['latency', 'status', 'html', 'truncated', 'empty', 'oversized', 'drop', 'stall']);
const CHUNK_BYTES = 64 * 1024;
const DEFAULT_OVERSIZED_BYTES = 8 * 1024 * 1024;
/** The longest latency or delay a fault may add: one hour (timers overflow at 2^31 ms and would fire at once). */
export const MAX_DELAY_MS = 3_600_000;

interface Armed {
  readonly target: FaultTarget;
  readonly fault: Fault;
  readonly onUsedUp: (() => void) | undefined;
  remaining: number;
}

/** The faults of one sandbox: newest first, each used at most `times` times. */
export function createFaultRegistry() {
  let armed: Armed[] = [];
  return {
    /** Arms a fault; the remover answers whether it was still armed. `onUsedUp` runs when its `times` are used. */
    add(target: FaultTarget, fault: Fault, onUsedUp?: () => void): () => boolean {
      checkTarget(target);
      checkFault(fault);
      const item: Armed = { target: { ...target }, fault: { ...fault }, onUsedUp, remaining: fault.times ?? Infinity };
      armed.unshift(item);
      return () => {
        const before = armed.length;
        armed = armed.filter((other) => other !== item);
        return armed.length < before;
      };
    },
    clear(): void {
      armed = [];
    },
    /** Takes one use of the newest fault matching the request, if any. */
    take(route: SandboxRoute, id: string): Fault | undefined {
      const item = armed.find(({ target }) => matches(target, route, id));
      if (item === undefined) return undefined;
      item.remaining -= 1;
      if (item.remaining <= 0) {
        armed = armed.filter((other) => other !== item);
        item.onUsedUp?.();
      }
      return item.fault;
    },
  };
}

/** The delay a fault adds before its answer. */
export function faultDelay(fault: Fault): number {
  return fault.kind === 'latency' ? fault.ms : (fault.delayMs ?? 0);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts: the SDK's own abortable wait. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return ms <= 0 ? Promise.resolve() : wait(ms, signal);
}

/**
 * The answer a fault replaces the service's answer with; `undefined` for latency, after which the
 * service answers normally. `data` is what a success would have carried.
 */
export function faultResponse(fault: Fault, entry: MutableLogEntry, signal: AbortSignal, data: unknown): Response | undefined {
  entry.fault = fault.kind;
  switch (fault.kind) {
    case 'latency':
      return undefined;
    case 'status': {
      const headers: Record<string, string> = { ...fault.headers };
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      return envelope(entry, fault.status, fault.code ?? fault.status, fault.msg ?? reason(fault.status), null, headers);
    }
    case 'html':
      return bytesResponse(entry, fault.status ?? 200, encoder.encode(htmlPage(fault.status ?? 200)), {
        'content-type': 'text/html; charset=utf-8',
      });
    case 'truncated': {
      const full = successJson(data);
      return bytesResponse(entry, fault.status ?? 200, full.slice(0, Math.floor(full.byteLength / 2)), JSON_HEADERS);
    }
    case 'empty':
      return bytesResponse(entry, fault.status ?? 200, null, JSON_HEADERS);
    case 'oversized':
      return oversized(entry, signal, data, fault.bytes ?? DEFAULT_OVERSIZED_BYTES, fault.contentLength ?? false);
    case 'drop':
      throw dropError();
    case 'stall':
      return stalled(entry, signal, successJson(data));
  }
}

/** A valid success envelope whose data gains a `padding` string, so the whole body is `total` bytes. */
function oversized(entry: MutableLogEntry, signal: AbortSignal, data: unknown, total: number, declareLength: boolean): Response {
  const json = JSON.stringify(data ?? {});
  const open = json.slice(0, -1);
  const head = encoder.encode(`{"code":0,"msg":"success","data":${open}${open === '{' ? '' : ','}"padding":"`);
  const tail = encoder.encode('"}}');
  const padding = Math.max(0, total - head.byteLength - tail.byteLength);
  const size = head.byteLength + padding + tail.byteLength;
  const filler = new Uint8Array(CHUNK_BYTES).fill(0x78); // 'x'
  let sentPadding = 0;
  let phase: 'head' | 'padding' | 'tail' = 'head';
  const body = abortableStream(signal, {
    pull(controller) {
      if (phase === 'head') {
        phase = 'padding';
        return emit(controller, head);
      }
      if (phase === 'padding' && sentPadding < padding) {
        const n = Math.min(CHUNK_BYTES, padding - sentPadding);
        sentPadding += n;
        // A fresh chunk each time: a consumer may keep or transfer what it was given.
        return emit(controller, filler.slice(0, n));
      }
      if (phase !== 'tail') {
        phase = 'tail';
        return emit(controller, tail);
      }
      controller.close();
    },
  });
  function emit(controller: ReadableStreamDefaultController<Uint8Array>, chunk: Uint8Array): void {
    entry.bodyBytes += chunk.byteLength;
    controller.enqueue(chunk);
  }
  entry.status = 200;
  const headers: Record<string, string> = { ...JSON_HEADERS };
  if (declareLength) headers['content-length'] = String(size);
  return markStreamed(new Response(body, { status: 200, headers }));
}

/** Headers announcing the whole body, the first half of it, then nothing until the request ends. */
function stalled(entry: MutableLogEntry, signal: AbortSignal, full: Uint8Array): Response {
  const half = full.slice(0, Math.floor(full.byteLength / 2));
  let sent = false;
  const body = abortableStream(signal, {
    pull(controller) {
      if (sent) return new Promise<void>(() => {}); // never settles: the stall
      sent = true;
      entry.bodyBytes += half.byteLength;
      controller.enqueue(half);
    },
  });
  entry.status = 200;
  return markStreamed(new Response(body, { status: 200, headers: { ...JSON_HEADERS, 'content-length': String(full.byteLength) } }));
}

/** A body stream that errors with the request's abort reason, as a real connection's body would. */
function abortableStream(
  signal: AbortSignal,
  source: { pull(controller: ReadableStreamDefaultController<Uint8Array>): void | Promise<void> },
): ReadableStream<Uint8Array> {
  let onAbort: (() => void) | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        onAbort = () => controller.error(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
      },
      pull: (controller) => source.pull(controller),
      cancel() {
        if (onAbort) signal.removeEventListener('abort', onAbort);
      },
    },
    { highWaterMark: 0 },
  );
}

function htmlPage(status: number): string {
  const title = status < 300 ? 'We&rsquo;ll be right back' : `${status} ${reason(status)}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${title}</title></head>`,
    `<body><h1>${title}</h1><p>The service is temporarily unavailable. Please try again in a few minutes.</p>`,
    '<hr><address>edge-proxy</address></body>',
    '</html>',
    '',
  ].join('\n');
}

/** Whether a request for `route` and `id` is one that `target` names. */
export function matches(target: FaultTarget, route: SandboxRoute, id: string): boolean {
  return (target.route === undefined || target.route === route) && (target.id === undefined || target.id === id);
}

export function checkTarget(target: FaultTarget, name = 'target'): void {
  if (typeof target !== 'object' || target === null)
    throw new TypeError(`"${name}" must be an object such as { "route": "order", "id": "ord_ada_1" }`);
  if (target.route !== undefined && target.route !== 'order' && target.route !== 'session') {
    throw new TypeError(`"${name}.route" must be "order" or "session"`);
  }
  if (target.id !== undefined && (typeof target.id !== 'string' || target.id === '')) {
    throw new TypeError(`"${name}.id" must be a non-empty string`);
  }
  // No request the SDK sends could match it.
  if (target.id !== undefined) checkId(target.id);
}

function checkFault(fault: Fault): void {
  if (typeof fault !== 'object' || fault === null || !KINDS.has(fault.kind)) {
    throw new TypeError(`"fault.kind" must be one of ${[...KINDS].join(', ')}`);
  }
  if (fault.times !== undefined && !(Number.isInteger(fault.times) && fault.times >= 1)) {
    throw new TypeError('"fault.times" must be a positive integer');
  }
  if (fault.delayMs !== undefined && !isDuration(fault.delayMs))
    throw new TypeError(`"fault.delayMs" must be a number of ms from 0 to ${MAX_DELAY_MS}`);
  if (fault.kind === 'latency' && !isDuration(fault.ms)) throw new TypeError(`"fault.ms" must be a number of ms from 0 to ${MAX_DELAY_MS}`);
  if (fault.kind === 'status') {
    if (fault.code !== undefined && !Number.isSafeInteger(fault.code)) throw new TypeError('"fault.code" must be an integer');
    if (fault.msg !== undefined && typeof fault.msg !== 'string') throw new TypeError('"fault.msg" must be a string');
    checkRetryAfter(fault.retryAfter, 'fault.retryAfter');
    checkHeaders(fault.headers, 'fault.headers');
    checkHeaderRoom(fault.headers, fault.retryAfter);
  }
  if (fault.kind === 'status' || ((fault.kind === 'html' || fault.kind === 'truncated' || fault.kind === 'empty') && fault.status !== undefined)) {
    if (!(Number.isInteger(fault.status) && fault.status! >= 200 && fault.status! <= 599)) {
      throw new TypeError('"fault.status" must be an integer from 200 to 599');
    }
  }
  if (fault.kind === 'oversized' && fault.bytes !== undefined && !(Number.isSafeInteger(fault.bytes) && fault.bytes > 0)) {
    throw new TypeError('"fault.bytes" must be a positive integer');
  }
}

function isDuration(value: unknown): boolean {
  return typeof value === 'number' && value >= 0 && value <= MAX_DELAY_MS;
}

// RFC 9110 §5.1: a header name is a token, as the Headers constructor requires.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 §5.5: a header value is visible ASCII, Latin-1 (obs-text), spaces and tabs. The Headers constructor refuses
// NUL, CR, LF and characters beyond U+00FF (a value is bytes); Node's HTTP server also refuses the other controls when
// it writes the answer, which would turn every matching request into a 500. This is both checks.
const NOT_FIELD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
/**
 * Headers that frame the body or the connection (RFC 9112 §6, RFC 9110 §7.6.1, §8.4): the server sets them from the
 * body it sends. Set by a fault, they would lie about that body (a `content-length` longer than it leaves the client
 * waiting; `content-encoding: gzip` on plain JSON cannot be decoded) or about the connection.
 */
export const FRAMING_HEADERS: readonly string[] = [
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
const VALUE_RULE = 'visible ASCII or Latin-1 characters, spaces and tabs';
/**
 * The most a fault may add to an answer's headers, Retry-After included, so that every runtime's fetch reads the
 * answer beside the sandbox's own dozen headers: bytes counted as sent (`name: value` and CRLF; a value is Latin-1, one
 * byte a character), half of Node's 16 KiB for the whole header section (undici's `maxHeaderSize`, past which its fetch
 * fails); headers, well under Deno's 100 in all (Bun's fetch reads 256, workerd's more than 1,000). Past either limit
 * the SDK would see a network error instead of the armed answer.
 */
export const MAX_FAULT_HEADER_BYTES = 8192;
export const MAX_FAULT_HEADERS = 64;
const READ_BY_EVERY_FETCH = "which every runtime's fetch reads beside the sandbox's own headers";

/** Throws a `TypeError` naming the first header that could not be sent, or that frames the body or the connection. */
export function checkHeaders(headers: unknown, name: string): void {
  if (headers === undefined) return;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    throw new TypeError(`"${name}" must be an object of header names and values`);
  for (const [key, value] of Object.entries(headers)) {
    if (!TOKEN.test(key)) throw new TypeError(`"${name}" has ${JSON.stringify(key)}, which is not a valid header name`);
    if (FRAMING_HEADERS.includes(key.toLowerCase())) {
      throw new TypeError(
        `"${name}" has ${JSON.stringify(key)}, which frames the body or the connection; the sandbox sets those from the answer it sends (refused: ${FRAMING_HEADERS.join(', ')})`,
      );
    }
    if (typeof value !== 'string' || NOT_FIELD_VALUE.test(value)) {
      throw new TypeError(`"${name}.${key}" must be a valid header value, a string of ${VALUE_RULE}${badCharacter(value)}`);
    }
  }
}

/**
 * Throws a `TypeError` unless `value` is a whole number of seconds or a non-empty valid header value (an HTTP date) that
 * fits `MAX_FAULT_HEADER_BYTES`.
 */
export function checkRetryAfter(value: unknown, name: string): void {
  if (value === undefined) return;
  const seconds = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  const text = typeof value === 'string' && value !== '' && !NOT_FIELD_VALUE.test(value);
  if (!(seconds || text))
    throw new TypeError(`"${name}" must be a non-negative integer of seconds or an HTTP date string of ${VALUE_RULE}${badCharacter(value)}`);
  const bytes = lineBytes('retry-after', String(value));
  if (bytes > MAX_FAULT_HEADER_BYTES) {
    throw new TypeError(
      `"${name}" may take at most ${MAX_FAULT_HEADER_BYTES} bytes, counted as sent ("retry-after: " and a line break), ${READ_BY_EVERY_FETCH} (Node's reads 16 KiB in all); it takes ${bytes}`,
    );
  }
}

/** Throws a `TypeError` when a fault's headers and Retry-After (each checked already) are more than every fetch reads. */
function checkHeaderRoom(headers: Readonly<Record<string, string>> | undefined, retryAfter: number | string | undefined): void {
  const lines = Object.entries(headers ?? {});
  if (retryAfter !== undefined) lines.push(['retry-after', String(retryAfter)]);
  const fields = '"fault.headers" and "fault.retryAfter"';
  if (lines.length > MAX_FAULT_HEADERS) {
    throw new TypeError(
      `${fields} may be at most ${MAX_FAULT_HEADERS} headers together, ${READ_BY_EVERY_FETCH} (Deno's reads 100 in all); these are ${lines.length}`,
    );
  }
  const bytes = lines.reduce((sum, [key, value]) => sum + lineBytes(key, value), 0);
  if (bytes > MAX_FAULT_HEADER_BYTES) {
    throw new TypeError(
      `${fields} may take at most ${MAX_FAULT_HEADER_BYTES} bytes together, counted as sent ("name: value" and a line break each), ${READ_BY_EVERY_FETCH} (Node's reads 16 KiB in all); these take ${bytes}`,
    );
  }
}

/** The bytes of `name: value` and CRLF on the wire. */
function lineBytes(name: string, value: string): number {
  return name.length + value.length + 4;
}

/** `; it has U+000A at index 4` for a string with a character no header value may hold; nothing otherwise. */
function badCharacter(value: unknown): string {
  if (typeof value !== 'string') return '';
  const found = NOT_FIELD_VALUE.exec(value);
  if (found === null) return '';
  return `; it has U+${value.codePointAt(found.index)!.toString(16).toUpperCase().padStart(4, '0')} at index ${found.index}`;
}
