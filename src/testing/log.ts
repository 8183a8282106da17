import type { SandboxLogEntry } from './types.js';

/** A log entry the sandbox fills in while it answers. */
export type MutableLogEntry = { -readonly [K in keyof SandboxLogEntry]: SandboxLogEntry[K] };

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'cookie']);

/**
 * Masks a secret for the log: at most 3 leading characters (the `sk_` of a key) and never more than
 * a quarter of it stay readable.
 */
export function maskSecret(value: string): string {
  return `${value.slice(0, Math.min(3, Math.floor(value.length / 4)))}****`;
}

/** Creates the log entry of a request, with its secrets masked. */
export function logEntry(request: Request, url: URL, time: number): MutableLogEntry {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = SECRET_HEADERS.has(name) ? maskSecret(value) : value;
  });
  return {
    method: request.method,
    path: url.pathname + url.search,
    headers,
    time,
    status: 0,
    fault: null,
    bodyBytes: 0,
  };
}
