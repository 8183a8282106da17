// @vitest-environment happy-dom
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
// @ts-expect-error: plain .mjs fixture without types.
import { runChecks } from './fixtures/checks.mjs';
import { checkConfig } from './checks.js';
import { expectChecksPassed } from './expectations.js';
import { type Service, startService } from './service.js';

// The installed copy, as Node resolves 'checkout-lookup' from the user's project through the exports map.
const entryUrl = inject('runtimesEntryUrl');
let service: Service;
let pkg: typeof import('../../src/index.js');

beforeAll(async () => {
  service = await startService();
  pkg = await import(/* @vite-ignore */ entryUrl);
});
afterAll(() => service?.close());

describe('a happy-dom window', () => {
  test("is a page (window, document, happy-dom's navigator) with the installed package", () => {
    expect(typeof window).toBe('object');
    expect(typeof document).toBe('object');
    expect(navigator.userAgent).toContain('HappyDOM');
    expect(entryUrl).toBe(`file://${inject('packed').app}/node_modules/checkout-lookup/dist/index.js`);
  });

  test("getOrder with no apiKey (a proxy that holds the key) goes through happy-dom's fetch and CORS", async () => {
    const from = service.sandbox.log.length;
    const arrived = service.proxied.length;
    const order = await pkg.getOrder('ord_ada_1', { baseUrl: service.proxyUrl });
    expect(order.orderId).toBe('ord_ada_1');
    expect(order.createTime).toBeInstanceOf(Date);
    const session = await pkg.getSession('cs_open_ada', { baseUrl: service.proxyUrl });
    expect(session.created).toBeInstanceOf(Date);
    expect(service.proxied.slice(arrived)).toEqual([
      { path: '/api/order/ord_ada_1', hasKey: false },
      { path: '/api/checkout/session/cs_open_ada', hasKey: false },
    ]);
    const gets = service.gets(from);
    expect(gets.map((entry) => `${entry.path} ${entry.status}`)).toEqual(['/api/order/ord_ada_1 200', '/api/checkout/session/cs_open_ada 200']);
    for (const entry of gets) expect(entry.headers['user-agent']).toContain('HappyDOM');
  });

  test('a DOM hosted by Node is not a browser: getOrder with an apiKey needs no dangerouslyAllowBrowser', async () => {
    // The guard fires in real browsers only (window and document, and no Node, Deno or Bun), so test runners with a
    // DOM environment work; test/e2e/browser-sdk.test.ts shows it firing in Chromium.
    const from = service.sandbox.log.length;
    const arrived = service.proxied.length;
    const apiKey = service.sandbox.apiKey;
    const order = await pkg.getOrder('ord_ada_1', { baseUrl: service.proxyUrl, apiKey });
    expect(order.orderId).toBe('ord_ada_1');
    expect(service.proxied.slice(arrived)).toEqual([{ path: '/api/order/ord_ada_1', hasKey: true }]);
    expect(service.gets(from).map((entry) => `${entry.path} ${entry.status}`)).toEqual(['/api/order/ord_ada_1 200']);
  });

  test("with dangerouslyAllowBrowser every check passes, errors included, through happy-dom's fetch", async () => {
    const from = service.sandbox.log.length;
    const label = 'happy-dom';
    // happy-dom logs each failed request (503, 404, 401, refused, reset) to the page's console, as a browser's
    // devtools would; those lines in the test output are expected.
    const config = { ...checkConfig(service, label), baseUrl: service.proxyUrl };
    const facts = await runChecks(pkg, { ...config, extraOptions: { dangerouslyAllowBrowser: true } });
    expectChecksPassed(facts, service, from, label);
    for (const entry of service.gets(from)) expect(entry.headers['user-agent']).toContain('HappyDOM');
  });

  test('a CORS refusal, which happy-dom names, is one NetworkError after one attempt: the same request would be refused again', async () => {
    // A server that answers every request, the preflight included, without any CORS header.
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const error = await pkg.getOrder('ord_1', { baseUrl, apiKey: service.sandbox.apiKey }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(pkg.NetworkError);
      expect(error).toMatchObject({ attempts: 1, cause: { message: expect.stringMatching(/^Cross-Origin Request Blocked/) } });
      expect(seen.length).toBeLessThanOrEqual(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
