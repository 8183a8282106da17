import { createSandbox, type Sandbox, type SandboxLogEntry } from 'checkout-lookup/testing';
import { type SandboxServer, serveSandbox } from 'checkout-lookup/testing/node';
import { deadAddress } from '../shared/run.js';

/** The shipped sandbox on loopback, set up for the checks of fixtures/checks.mjs. */
export interface Service {
  readonly sandbox: Sandbox;
  /** `serveSandbox`'s URL: the service itself, which needs the key. */
  readonly url: string;
  /** A proxy in front of the same sandbox, as a page calls one: CORS, and the key added when the page sends none. */
  readonly proxyUrl: string;
  /** What reached the proxy (before it added a key). */
  readonly proxied: readonly { path: string; hasKey: boolean }[];
  /** A loopback address where nothing listens, for NetworkError. */
  readonly deadUrl: string;
  /** The wire records of `ord_ada_1` and `cs_open_ada` as the sandbox serves them. */
  readonly wire: { order: Record<string, any>; session: Record<string, any> };
  /** Arms `ord_flaky_<label>`: the order exists, its first request answers 503. */
  flaky(label: string): void;
  /** The GET requests the sandbox answered since log index `from`. */
  gets(from: number): SandboxLogEntry[];
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET', 'access-control-allow-headers': 'accept, x-api-key, x-timestamp' };

/**
 * `createSandbox()` served by `serveSandbox`, with its own faults for the checks: `ord_bad_json` answers half a
 * JSON body (`truncated`), `ord_stall` sends headers and half a body then nothing (`stall`); `ord_ada_1` carries a
 * field the schema does not know (`addedLater`), which the SDK must keep.
 */
export async function startService(): Promise<Service> {
  const sandbox = createSandbox();
  const wire = { order: await read(sandbox, '/api/order/ord_ada_1'), session: await read(sandbox, '/api/checkout/session/cs_open_ada') };
  wire.order = { ...wire.order, addedLater: 'kept' };
  sandbox.putOrder(wire.order as { orderId: string });
  sandbox.clearLog();
  sandbox.fault({ route: 'order', id: 'ord_bad_json' }, { kind: 'truncated' });
  sandbox.fault({ route: 'order', id: 'ord_stall' }, { kind: 'stall' });

  const proxied: { path: string; hasKey: boolean }[] = [];
  const proxyFetch = async (input: Request | string | URL): Promise<Response> => {
    const request = input as Request; // serveSandbox passes Requests
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    proxied.push({ path: new URL(request.url).pathname, hasKey: request.headers.has('x-api-key') });
    const headers = new Headers(request.headers);
    if (!headers.has('x-api-key')) headers.set('x-api-key', sandbox.apiKey);
    const response = await sandbox.fetch(new Request(request.url, { headers, signal: request.signal }));
    for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
    return response;
  };
  const servers: SandboxServer[] = [await serveSandbox(sandbox), await serveSandbox({ ...sandbox, fetch: proxyFetch })];
  const [service, proxy] = servers as [SandboxServer, SandboxServer];
  return {
    sandbox,
    url: service.url,
    proxyUrl: proxy.url,
    proxied,
    deadUrl: await deadAddress(),
    wire,
    flaky(label) {
      const orderId = `ord_flaky_${label}`;
      sandbox.putOrder({ ...wire.order, orderId });
      sandbox.fault({ route: 'order', id: orderId }, { kind: 'status', status: 503, times: 1 });
    },
    gets: (from) => sandbox.log.slice(from).filter((entry) => entry.method === 'GET'),
    close: async () => void (await Promise.all(servers.map((server) => server.close()))),
  };
}

async function read(sandbox: Sandbox, path: string): Promise<Record<string, any>> {
  const headers = { 'x-api-key': sandbox.apiKey, 'x-timestamp': String(Date.now()) };
  const response = await sandbox.fetch(`http://sandbox.test${path}`, { headers });
  return ((await response.json()) as { data: Record<string, any> }).data;
}
