import type * as v from 'valibot';
import type { FaultSchema } from './inputs.js';
import { dropError, markStreamed } from './markers.js';
import type { MutableLogEntry } from './log.js';
import { bytesResponse, encoder, envelope, JSON_HEADERS, reason, successJson } from './respond.js';

/** A checked fault: `FaultSchema`'s output. */
type Fault = v.InferOutput<typeof FaultSchema>;

const CHUNK_BYTES = 64 * 1024;
const DEFAULT_OVERSIZED_BYTES = 8 * 1024 * 1024;

/** The delay a fault adds before its answer. */
export function faultDelay(fault: Fault): number {
  return fault.kind === 'latency' ? fault.ms : (fault.delayMs ?? 0);
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
