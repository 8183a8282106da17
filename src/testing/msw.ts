import type { HttpHandler } from 'msw';
import { http, HttpResponse } from './load-msw.js';
import { isDropError } from './markers.js';
import type { Sandbox } from './types.js';

/** Options of `sandboxHandlers`. */
export interface SandboxHandlersOptions {
  /**
   * Where the code under test sends its requests, such as `https://checkout.test`: the handlers answer every
   * request under it (its path, if any, included) and nothing else.
   */
  baseUrl: string;
}

/**
 * Mock Service Worker handlers backed by a sandbox: every request under `baseUrl` (any method) goes to
 * `sandbox.fetch`, so the service's routes, the control API under `/__sandbox/`, faults, scenarios and the
 * request log all work as with the sandbox itself. A `drop` fault answers `Response.error()`, a network error.
 * Needs `msw` (an optional peer dependency, version 3).
 *
 * @param sandbox The sandbox to answer with.
 * @param options `baseUrl`: the origin (and optional path) the code under test calls.
 * @returns Handlers for `setupServer(...)` (from `msw/node`), `setupWorker(...)` or `server.use(...)`.
 * @throws {TypeError} When `sandbox` is not a sandbox or `baseUrl` is not an absolute http(s) URL.
 * @example
 * import { setupServer } from 'msw/node';
 * import { getOrder } from 'checkout-lookup';
 * import { createSandbox, SANDBOX_IDS } from 'checkout-lookup/testing';
 * import { sandboxHandlers } from 'checkout-lookup/testing/msw';
 *
 * const sandbox = createSandbox();
 * const server = setupServer(...sandboxHandlers(sandbox, { baseUrl: 'https://checkout.test' }));
 * server.listen({ onUnhandledFrame: 'error' });
 * const order = await getOrder(SANDBOX_IDS.orders.ada, { baseUrl: 'https://checkout.test', apiKey: sandbox.apiKey });
 * server.close();
 */
export function sandboxHandlers(sandbox: Sandbox, options: SandboxHandlersOptions): HttpHandler[] {
  if (typeof sandbox?.fetch !== 'function') throw new TypeError('"sandbox" must be a sandbox from createSandbox()');
  const base = parseBase(options?.baseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  return [
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        return url.origin === base.origin && (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
      },
      async ({ request }) => {
        try {
          return await sandbox.fetch(request);
        } catch (error) {
          if (isDropError(error)) return HttpResponse.error();
          throw error;
        }
      },
    ),
  ];
}

function parseBase(baseUrl: unknown): URL {
  if (typeof baseUrl === 'string') {
    try {
      const url = new URL(baseUrl);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '') return url;
    } catch {}
  }
  throw new TypeError('"baseUrl" must be an absolute http(s) URL without query or fragment, such as "https://checkout.test"');
}
