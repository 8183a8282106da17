import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { getOrder, getSession } from '../../src/index.js';
import { createSandbox, SANDBOX_IDS } from '../../src/testing/index.js';
import { sandboxHandlers } from '../../src/testing/msw.js';

// MSW's Node server patches the global fetch; the SDK calls it with no `fetch` option, as in an application.
const BASE = 'https://checkout.test';
const sandbox = createSandbox();
const server = setupServer(...sandboxHandlers(sandbox, { baseUrl: BASE }));
const options = { baseUrl: BASE, apiKey: sandbox.apiKey, maxRetries: 0 };

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.reset();
});
afterAll(() => server.close());

describe('sandboxHandlers with setupServer', () => {
  test('the SDK reads seeded records through the global fetch', async () => {
    const order = await getOrder(SANDBOX_IDS.orders.ada, options);
    expect(order.orderId).toBe(SANDBOX_IDS.orders.ada);
    expect(order.createTime).toBeInstanceOf(Date);
    const session = await getSession(SANDBOX_IDS.sessions.open, options);
    expect(session.status).toBe('open');
    expect(sandbox.log.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      `GET /api/order/${SANDBOX_IDS.orders.ada} 200`,
      `GET /api/checkout/session/${SANDBOX_IDS.sessions.open} 200`,
    ]);
    expect(sandbox.log[0]!.headers['x-api-key']).not.toContain(sandbox.apiKey);
  });

  test('faults and scenarios reach the SDK as typed errors', async () => {
    sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, times: 1 });
    await expect(getOrder(SANDBOX_IDS.orders.ada, options)).rejects.toMatchObject({ name: 'ApiError', status: 503 });
    sandbox.fault({}, { kind: 'drop', times: 1 });
    await expect(getOrder(SANDBOX_IDS.orders.ada, options)).rejects.toMatchObject({ name: 'NetworkError' });
    sandbox.scenario({ kind: 'rate-limited', times: 1, retryAfter: 0 });
    expect((await getOrder(SANDBOX_IDS.orders.ada, { ...options, maxRetries: 1 })).orderId).toBe(SANDBOX_IDS.orders.ada);
    expect(sandbox.log.slice(-2).map((entry) => entry.status)).toEqual([429, 200]);
  });

  test("a stalled body ends in the SDK's TimeoutError, an oversized one in its size limit", async () => {
    sandbox.fault({}, { kind: 'stall', times: 1 });
    const started = Date.now();
    await expect(getOrder(SANDBOX_IDS.orders.ada, { ...options, timeout: 300 })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(5_000);
    sandbox.fault({}, { kind: 'oversized', times: 1, bytes: 4 * 1024 * 1024 });
    await expect(getOrder(SANDBOX_IDS.orders.ada, options)).rejects.toThrow(/1048576|bytes|large/i);
    // Reading stopped early: far less than the whole body was produced.
    expect(sandbox.log.at(-1)!.bodyBytes).toBeLessThan(4 * 1024 * 1024);
  });

  test('a checkout completes after its requests, order included', async () => {
    sandbox.scenario({ kind: 'checkout-completes', sessionId: SANDBOX_IDS.sessions.open, afterRequests: 2 });
    expect((await getSession(SANDBOX_IDS.sessions.open, options)).status).toBe('open');
    expect((await getSession(SANDBOX_IDS.sessions.open, options)).status).toBe('open');
    const session = await getSession(SANDBOX_IDS.sessions.open, options);
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid', orderId: 'ord_open_ada' });
    expect((await getOrder(session.orderId!, options)).sessionId).toBe(SANDBOX_IDS.sessions.open);
  });

  test('the control API answers through the handlers too', async () => {
    const put = await fetch(`${BASE}/__sandbox/orders/ord_msw`, {
      method: 'PUT',
      headers: { 'x-api-key': sandbox.apiKey },
      body: '{"status":"success"}',
    });
    expect(put.status).toBe(201);
    expect((await getOrder('ord_msw', options)).status).toBe('success');
    expect((await fetch(`${BASE}/__sandbox/log`)).status).toBe(401);
  });

  test('handles only its base URL: other origins stay unhandled', async () => {
    await expect(fetch('https://elsewhere.test/api/order/ord_ada_1')).rejects.toThrow();
    server.use(http.get('https://elsewhere.test/*', () => HttpResponse.json({ other: true })));
    expect(await (await fetch('https://elsewhere.test/x')).json()).toEqual({ other: true });
  });

  test('a base URL with a path answers under it only, for a sandbox with that basePath', async () => {
    const prefixed = createSandbox({ basePath: '/v1' });
    server.use(...sandboxHandlers(prefixed, { baseUrl: 'https://prefixed.test/v1/' }));
    const order = await getOrder(SANDBOX_IDS.orders.ada, { baseUrl: 'https://prefixed.test/v1', apiKey: prefixed.apiKey });
    expect(order.orderId).toBe(SANDBOX_IDS.orders.ada);
    await expect(fetch('https://prefixed.test/v10/api/order/ord_ada_1')).rejects.toThrow();
  });

  test('rejects what is not a sandbox or not an absolute URL', () => {
    expect(() => sandboxHandlers({} as never, { baseUrl: BASE })).toThrow(/"sandbox"/);
    for (const baseUrl of ['/relative', 'ftp://x.test', 'https://x.test/?q=1', undefined]) {
      expect(() => sandboxHandlers(sandbox, { baseUrl } as never)).toThrow(/"baseUrl" must be an absolute http\(s\) URL/);
    }
  });
});
