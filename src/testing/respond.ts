import type { MutableLogEntry } from './log.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const encoder = new TextEncoder();

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase of a status, or a generic one. */
export function reason(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'Status');
}

/** Statuses whose responses cannot carry a body. */
export function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

/** A complete response whose body the log counts. */
export function bytesResponse(entry: MutableLogEntry, status: number, body: Uint8Array | null, headers: Record<string, string>): Response {
  entry.status = status;
  entry.bodyBytes = body?.byteLength ?? 0;
  const content = isNullBodyStatus(status) ? null : (body ?? new Uint8Array(0));
  return new Response(content as BodyInit | null, { status, headers });
}

/** The service's envelope `{ code, msg, data }` as JSON. */
export function envelope(
  entry: MutableLogEntry,
  status: number,
  code: number,
  msg: string,
  data: unknown = null,
  headers: Record<string, string> = {},
): Response {
  const body = encoder.encode(JSON.stringify({ code, msg, data }));
  return bytesResponse(entry, status, body, { ...JSON_HEADERS, ...headers });
}

/** The JSON text of a success envelope around `data`. */
export function successJson(data: unknown): Uint8Array {
  return encoder.encode(JSON.stringify({ code: 0, msg: 'success', data }));
}

export { JSON_HEADERS, encoder };
