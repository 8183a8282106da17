// @vitest-environment happy-dom
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getOrder } from '../../src/index.js';
import { createSandbox, SANDBOX_IDS } from '../../src/testing/index.js';
import { sandboxHandlers } from '../../src/testing/msw.js';
import { serveSandbox } from '../../src/testing/node.js';

// Under vitest's happy-dom environment with its default settings, the global fetch is happy-dom's, which enforces a
// page's same-origin policy (a preflight, then Access-Control-Allow-Origin) as a browser does. The sandbox answers
// CORS for any origin by default, so the testing guide's serveSandbox and MSW examples work there as written.
const page = () => window.location.origin;

describe("under happy-dom's default settings", () => {
  test("the global fetch is happy-dom's, on a page of another origin than the sandbox", () => {
    expect(navigator.userAgent).toContain('HappyDOM');
    expect(page()).toBe('http://localhost:3000'); // as docs/testing.md says
  });

  test('getOrder reaches a sandbox served by serveSandbox, through a real preflight on loopback', async () => {
    const sandbox = createSandbox();
    const lines: string[] = [];
    const server = await serveSandbox(sandbox, { log: (line) => lines.push(line) });
    try {
      const order = await getOrder(SANDBOX_IDS.orders.ada, { baseUrl: server.url, apiKey: server.apiKey });
      expect(order.orderId).toBe(SANDBOX_IDS.orders.ada);
      expect(lines.map((line) => line.replace(/^\S+ /, '').replace(/ \(x-request-id req_[0-9a-f]{24}\)$/, ''))).toEqual([
        `OPTIONS /api/order/${SANDBOX_IDS.orders.ada} -> 204`,
        `GET /api/order/${SANDBOX_IDS.orders.ada} -> 200`,
      ]);
    } finally {
      await server.close();
    }
  });

  test("an error read across origins carries the sandbox's request id and Retry-After", async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'status', status: 503, retryAfter: 7, headers: { 'x-debug': 'on' } });
    const server = await serveSandbox(sandbox);
    try {
      const error = await getOrder(SANDBOX_IDS.orders.ada, { baseUrl: server.url, apiKey: server.apiKey, maxRetries: 0 }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ name: 'ApiError', status: 503, retryAfter: 7000, requestId: expect.stringMatching(/^req_[0-9a-f]{24}$/) });
      expect((error as { headers: Record<string, string> }).headers['x-debug']).toBe('on');
    } finally {
      await server.close();
    }
  });

  test('with cors: false, happy-dom refuses the answer as a browser would', async () => {
    const sandbox = createSandbox({ cors: false });
    const server = await serveSandbox(sandbox);
    try {
      await expect(getOrder(SANDBOX_IDS.orders.ada, { baseUrl: server.url, apiKey: server.apiKey, maxRetries: 0 })).rejects.toMatchObject({
        name: 'NetworkError',
      });
      // The preflight got no permission, so the request itself was never sent.
      expect(sandbox.log.map((entry) => `${entry.method} ${entry.status}`)).toEqual(['OPTIONS 405']);
    } finally {
      await server.close();
    }
  });
});

describe("MSW's handlers under happy-dom's default settings", () => {
  const sandbox = createSandbox();
  const server = setupServer(...sandboxHandlers(sandbox, { baseUrl: 'https://checkout.test' }));
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  test('getOrder through the global fetch is answered by the sandbox', async () => {
    const order = await getOrder(SANDBOX_IDS.orders.ada, { baseUrl: 'https://checkout.test', apiKey: sandbox.apiKey });
    expect(order.orderId).toBe(SANDBOX_IDS.orders.ada);
  });
});
