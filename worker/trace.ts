/** What one request did, for its `Server-Timing` header and its one log line. */
export interface Trace {
  /** Per request; shown to the customer only with a failure (as `X-Request-Id` and in the answer), to quote it. */
  readonly requestId: string;
  /** The route's name, never the path (the path holds the id). */
  route: string;
  /** Milliseconds waited for the service, when a lookup was made. */
  upstreamMs?: number;
  /** The failure's name, status and code; never its message (the service's words). */
  error?: Record<string, unknown>;
}

export function newTrace(): Trace {
  return { requestId: crypto.randomUUID(), route: 'other' };
}

/** The request's one log line: id, method, route, status, upstream time. Never a token, a key, an id or a path. */
export function logLine(trace: Trace, method: string, status: number, totalMs: number): string {
  return JSON.stringify({
    requestId: trace.requestId,
    method,
    route: trace.route,
    status,
    upstreamMs: trace.upstreamMs ?? null,
    ms: totalMs,
    ...(trace.error ? { error: trace.error } : {}),
  });
}
