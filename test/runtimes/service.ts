import { createSandbox, type Sandbox, type SandboxLogEntry } from 'checkout-lookup/testing';
import { serveSandbox } from 'checkout-lookup/testing/node';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deadAddress } from '../shared/run.js';

/** The shipped sandbox on loopback, set up for the checks of fixtures/checks.mjs. */
export interface Service {
  readonly sandbox: Sandbox;
  /** `serveSandbox`'s URL: the service itself, which needs the key. */
  readonly url: string;
  /** A proxy in front of the same server, as a page calls one: CORS, and the key added when the page sends none. */
  readonly proxyUrl: string;
  /** What reached the proxy (before it added a key). */
  readonly proxied: readonly { path: string; hasKey: boolean }[];
  /** A loopback address where nothing listens, for NetworkError. */
  readonly deadUrl: string;
  /** The wire records of `ord_ada_1` and `cs_open_ada` as the sandbox serves them. */
  // biome-ignore lint/suspicious/noExplicitAny: the records as the service sent them, read field by field by the expectations.
  readonly wire: { order: Record<string, any>; session: Record<string, any> };
  /** Arms `ord_flaky_<label>`: the order exists, its first request answers 503. */
  flaky(label: string): void;
  /** The GET requests the sandbox answered since log index `from`. */
  gets(from: number): SandboxLogEntry[];
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'accept, x-api-key, x-timestamp',
};

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

  const service = await serveSandbox(sandbox);
  // node:http only: in the happy-dom project the globals Request, Headers and Response are happy-dom's.
  const proxied: { path: string; hasKey: boolean }[] = [];
  const proxy = createServer((incoming, outgoing) => {
    if (incoming.method === 'OPTIONS') return void outgoing.writeHead(204, CORS).end();
    proxied.push({ path: incoming.url ?? '', hasKey: incoming.headers['x-api-key'] !== undefined });
    const headers = { ...incoming.headers, 'x-api-key': incoming.headers['x-api-key'] ?? sandbox.apiKey };
    const upstream = request(`${service.url}${incoming.url}`, { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...CORS });
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const closeProxy = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
    });
  return {
    sandbox,
    url: service.url,
    proxyUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    proxied,
    deadUrl: await deadAddress(),
    wire,
    flaky(label) {
      const orderId = `ord_flaky_${label}`;
      sandbox.putOrder({ ...wire.order, orderId });
      sandbox.fault({ route: 'order', id: orderId }, { kind: 'status', status: 503, times: 1 });
    },
    gets: (from) => sandbox.log.slice(from).filter((entry) => entry.method === 'GET'),
    close: async () => void (await Promise.all([service.close(), closeProxy()])),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a record as the service sent it.
async function read(sandbox: Sandbox, path: string): Promise<Record<string, any>> {
  const headers = { 'x-api-key': sandbox.apiKey, 'x-timestamp': String(Date.now()) };
  const response = await sandbox.fetch(`http://sandbox.test${path}`, { headers });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}
