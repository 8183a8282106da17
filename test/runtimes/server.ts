import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the server saw it. The key is recorded as whether it was there and right, never as its value. */
export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly hasKey: boolean;
  readonly keyMatches: boolean;
  readonly timestamp: string | null;
  readonly accept: string | null;
  readonly userAgent: string | null;
}

export interface LoopbackServer {
  /** Base URL of the service, `http://127.0.0.1:<port>`; requests need the key. */
  readonly url: string;
  /** Base URL with a path prefix, `…/proxy`, standing for a proxy that authenticates another way: no key needed. */
  readonly proxyUrl: string;
  /** A loopback address where nothing listens, for NetworkError. */
  readonly deadUrl: string;
  readonly seen: readonly Seen[];
  close(): Promise<void>;
}

export const order = {
  orderId: 'ord_ada_1',
  merchantReferenceId: 'ref_ada_1',
  invoiceId: 'in_ada_1',
  customerId: 'cus_ada',
  createTime: 1_767_225_600_000, // 2026-01-01T00:00:00.000Z
  productId: 'prod_tea',
  priceId: 'price_tea',
  priceDataList: [{ name: 'Green tea', unitAmount: 4.5, quantity: 2, currency: 'EUR', imageUrl: 'https://img.test/tea.png' }],
  paymentMethod: { paymentMethodType: 'CARD', paymentInstrumentId: 'pi_ada' },
  amountSubtotal: 9,
  amountTotal: 9.99,
  paymentCurrency: 'EUR',
  originalCurrency: 'EUR',
  status: 'success',
  sessionId: 'cs_complete_ada',
  metadata: { channel: 'web' },
  addedLater: 'kept',
};

export const session = {
  sessionId: 'cs_open_ada',
  token: 'tok_ada',
  status: 'open',
  paymentStatus: 'unpaid',
  amountSubtotal: 5,
  amountTotal: 5,
  originalCurrency: 'EUR',
  paymentCurrency: 'EUR',
  locale: 'en',
  cancelUrl: 'https://shop.test/cancel',
  successUrl: 'https://shop.test/success',
  created: '2026-01-01T00:00:00Z',
  expire: '2026-01-02T00:00:00.000Z',
  price: { priceId: 'price_weekly', recurring: { freeTrialDays: 7, interval: 'week' } },
  product: { productId: 'prod_box', productName: 'Tea box' },
  customer: { customerId: 'cus_ada', email: 'ada@shop.test' },
  priceDataList: [],
};

const ROUTE = /^(\/proxy)?\/api\/(order|checkout\/session)\/([^/]+)$/;

/**
 * The checkout service on a real socket on 127.0.0.1 (port 0). `/api/order/ord_ada_1` and
 * `/api/checkout/session/cs_open_ada` answer a valid envelope; `ord_flaky_*` answers 503 once per id, then the
 * order; `ord_bad_json` answers 200 with a body that is not JSON; `ord_stall` never answers; anything else is a
 * 404 envelope. A wrong `X-API-KEY`, or none outside `/proxy`, gets a 401 envelope. `/proxy` answers
 * CORS, as a proxy called from a page must.
 */
export async function startServer(apiKey: string): Promise<LoopbackServer> {
  const seen: Seen[] = [];
  const flakyHits = new Map<string, number>();
  const sockets = new Set<Socket>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '';
    const key = request.headers['x-api-key'];
    seen.push({
      method: request.method ?? '',
      path,
      hasKey: key !== undefined,
      keyMatches: key === apiKey,
      timestamp: header(request, 'x-timestamp'),
      accept: header(request, 'accept'),
      userAgent: header(request, 'user-agent'),
    });
    const match = ROUTE.exec(path);
    const proxied = match?.[1] !== undefined;
    const cors: Record<string, string> = proxied ? { 'access-control-allow-origin': '*' } : {};

    if (request.method === 'OPTIONS' && proxied) {
      response.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET',
        'access-control-allow-headers': 'accept, x-api-key, x-timestamp',
      });
      response.end();
      return;
    }
    const send = (status: number, body: unknown) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      response.writeHead(status, { ...cors, 'content-type': 'application/json' });
      response.end(text);
    };

    if (!match || request.method !== 'GET') return send(404, { code: 404, msg: 'not found', data: null });
    // The service needs the key; the proxy authenticates another way, but still refuses a wrong key.
    if (key === undefined ? !proxied : key !== apiKey) return send(401, { code: 401, msg: 'invalid api key', data: null });
    const [, , resource, id = ''] = match;
    if (resource === 'order' && id === 'ord_ada_1') return send(200, { code: 0, msg: 'success', data: order });
    if (resource === 'checkout/session' && id === 'cs_open_ada') {
      return send(200, { code: 0, msg: 'success', data: session });
    }
    if (resource === 'order' && id.startsWith('ord_flaky_')) {
      const hits = (flakyHits.get(id) ?? 0) + 1;
      flakyHits.set(id, hits);
      if (hits === 1) return send(503, { code: 503, msg: 'busy, try again', data: null });
      return send(200, { code: 0, msg: 'success', data: { ...order, orderId: id } });
    }
    if (resource === 'order' && id === 'ord_bad_json') return send(200, '{"code": 0, "data": {');
    if (resource === 'order' && id === 'ord_stall') return; // headers never come; closed by close()
    return send(404, { code: 404, msg: 'not found', data: null });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    proxyUrl: `${url}/proxy`,
    deadUrl: await deadAddress(),
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

/** A loopback port that was just free: listen on port 0, note the port, close. Nothing listens there after. */
async function deadAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
