import { RESPONSE_ALREADY_SENT, serve } from './load-hono.js';
import { isDropError, isStreamed } from './markers.js';
import type { Sandbox } from './types.js';

/** Options of `serveSandbox`. */
export interface ServeSandboxOptions {
  /** Port to listen on; default 0, a free port chosen by the system. */
  port?: number;
  /** Address to listen on; default '127.0.0.1'. */
  hostname?: string;
  /**
   * Called with one line per request once it is answered: time, method, path, status and the answer's request id,
   * such as `2026-11-25T12:00:00.000Z GET /api/order/ord_ada_1 -> 200 (x-request-id req_0c1f…)`. No other header, so
   * never the key. Default: none.
   */
  log?: (line: string) => void;
}

/** A sandbox listening on HTTP: what a tool needs to use it, as data. */
export interface SandboxServer {
  /** Origin to use as the SDK's `baseUrl`, such as `http://127.0.0.1:8790`. */
  readonly url: string;
  /** The port listened on (the one chosen when `port` was 0). */
  readonly port: number;
  /** The key requests must carry in X-API-KEY: the sandbox's `apiKey`. */
  readonly apiKey: string;
  /** Stops listening and closes every open connection, stalled ones included. */
  close(): Promise<void>;
}

// The slice of node:http's Server used here; the package's types stay free of Node's.
interface NodeServer {
  address(): { port: number } | string | null;
  once(event: 'listening' | 'error', listener: (error?: unknown) => void): void;
  off(event: 'listening' | 'error', listener: (error?: unknown) => void): void;
  close(callback: (error?: Error) => void): void;
  closeAllConnections(): void;
}
interface Bindings {
  incoming: { socket: { destroy(): void } };
}

/**
 * Serves a sandbox over Node's HTTP with `@hono/node-server`. Faults that need a socket happen for
 * real: `drop` destroys it without a response, `stall` leaves a body half sent. Browser pages (and DOM test
 * environments such as happy-dom) on any origin may read its answers, unless the sandbox was created with another
 * `cors` option.
 *
 * @param sandbox The sandbox to serve.
 * @param options Port (default: a free one), hostname (default: 127.0.0.1) and a request log line callback.
 * @returns Its URL, port and API key, and `close()`.
 * @throws {TypeError} When an option has the wrong type; the listen error when the port is taken.
 * @example
 * import { getOrder } from 'checkout-lookup';
 * import { createSandbox, SANDBOX_IDS } from 'checkout-lookup/testing';
 * import { serveSandbox } from 'checkout-lookup/testing/node';
 *
 * const sandbox = createSandbox();
 * const server = await serveSandbox(sandbox);
 * const order = await getOrder(SANDBOX_IDS.orders.ada, { baseUrl: server.url, apiKey: server.apiKey });
 * await server.close();
 */
export async function serveSandbox(sandbox: Sandbox, options: ServeSandboxOptions = {}): Promise<SandboxServer> {
  const port = options.port ?? 0;
  const hostname = options.hostname ?? '127.0.0.1';
  if (typeof sandbox?.fetch !== 'function') throw new TypeError('"sandbox" must be a sandbox from createSandbox()');
  if (!(Number.isInteger(port) && port >= 0 && port <= 65_535)) throw new TypeError('"port" must be an integer from 0 to 65535');
  if (typeof hostname !== 'string' || hostname === '') throw new TypeError('"hostname" must be a non-empty string');
  if (options.log !== undefined && typeof options.log !== 'function') throw new TypeError('"log" must be a function');
  const answer = options.log === undefined ? sandbox.fetch : logged(sandbox.fetch, options.log);

  const server = serve({
    hostname,
    port,
    // Leave the process's Request and Response alone: the code under test runs in this process.
    overrideGlobalObjects: false,
    fetch: async (request, env) => {
      try {
        const response = await answer(request);
        return isStreamed(response) ? quietWhenGone(response, request.signal) : response;
      } catch (error) {
        if (!isDropError(error)) throw error;
        (env as unknown as Bindings).incoming.socket.destroy();
        return RESPONSE_ALREADY_SENT;
      }
    },
  }) as unknown as NodeServer;

  await new Promise<void>((resolve, reject) => {
    const onError = (error?: unknown) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
  });

  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }));
  return { url: `http://${host}:${actualPort}`, port: actualPort, apiKey: sandbox.apiKey, close };
}

/** One line per request: time, method, path, status, request id. No other header, so never the key. */
function logged(fetch: Sandbox['fetch'], log: (line: string) => void): (request: Request) => Promise<Response> {
  return async (request) => {
    const { pathname, search } = new URL(request.url);
    const line = `${new Date().toISOString()} ${request.method} ${pathname}${search}`;
    try {
      const response = await fetch(request);
      const id = response.headers.get('x-request-id');
      log(`${line} -> ${response.status}${id === null ? '' : ` (x-request-id ${id})`}`);
      return response;
    } catch (error) {
      log(`${line} -> ${isDropError(error) ? 'connection dropped' : 'failed'}`);
      throw error;
    }
  };
}

// When the client goes away, the adapter aborts the request and the sandbox's body stream errors
// with that reason; the adapter would log it as a server error. Nobody is left to tell: end quietly.
function quietWhenGone(response: Response, signal: AbortSignal): Response {
  if (response.body === null) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          if (signal.aborted) controller.close();
          else controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
