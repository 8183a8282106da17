// @vitest-environment happy-dom
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
// @ts-expect-error: plain .mjs fixture without types.
import { runChecks } from './fixtures/checks.mjs';
import { expectChecksPassed } from './expectations.js';
import { type LoopbackServer, startServer } from './server.js';

// The installed copy, as Node resolves 'checkout-lookup' from the user's project through the exports map.
const entryUrl = inject('runtimesEntryUrl');
const apiKey = `sk_runtime_${randomUUID()}`;
let server: LoopbackServer;
let pkg: typeof import('../../src/index.js');

beforeAll(async () => {
  server = await startServer(apiKey);
  pkg = await import(/* @vite-ignore */ entryUrl);
});
afterAll(() => server?.close());

describe('a happy-dom window', () => {
  test('is a page (window, document, happy-dom\'s navigator) with the installed package', () => {
    expect(typeof window).toBe('object');
    expect(typeof document).toBe('object');
    expect(navigator.userAgent).toContain('HappyDOM');
    expect(entryUrl).toBe(`file://${inject('runtimesApp')}/node_modules/checkout-lookup/dist/index.js`);
  });

  test('getOrder with no apiKey (a proxy) goes through happy-dom\'s fetch', async () => {
    const from = server.seen.length;
    const order = await pkg.getOrder('ord_ada_1', { baseUrl: server.proxyUrl });
    expect(order.orderId).toBe('ord_ada_1');
    expect(order.createTime).toBeInstanceOf(Date);
    const session = await pkg.getSession('cs_open_ada', { baseUrl: server.proxyUrl });
    expect(session.created).toBeInstanceOf(Date);
    const gets = server.seen.slice(from).filter((request) => request.method === 'GET');
    expect(gets.map((request) => request.path)).toEqual([
      '/proxy/api/order/ord_ada_1',
      '/proxy/api/checkout/session/cs_open_ada',
    ]);
    for (const request of gets) {
      expect(request.hasKey).toBe(false);
      expect(request.userAgent).toContain('HappyDOM');
    }
  });

  test('getOrder with an apiKey rejects with the browser-guard TypeError before any request', async () => {
    const from = server.seen.length;
    const error = await pkg.getOrder('ord_ada_1', { baseUrl: server.proxyUrl, apiKey }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(pkg.LookupError);
    // The guard's TypeError names the option and the reason (its exact wording belongs to the unit tests).
    expect((error as Error).message).toContain('"apiKey"');
    expect((error as Error).message).toMatch(/browser/i);
    expect((error as Error).message).not.toContain(apiKey);
    await expect(pkg.getSession('cs_open_ada', { baseUrl: server.url, apiKey })).rejects.toThrow(TypeError);
    // Not even a CORS preflight.
    expect(server.seen.slice(from)).toEqual([]);
  });

  test('with dangerouslyAllowBrowser every check passes, errors included, through happy-dom\'s fetch', async () => {
    const from = server.seen.length;
    const label = 'happy-dom';
    // happy-dom logs each failed request (503, 404, 401, refused, reset) to the page's console, as a browser's
    // devtools would; those lines in the test output are expected.
    const facts = await runChecks(pkg, {
      baseUrl: server.proxyUrl,
      apiKey,
      deadUrl: server.deadUrl,
      label,
      extraOptions: { dangerouslyAllowBrowser: true },
    });
    const seen = server.seen.slice(from);
    expectChecksPassed(facts, seen, label);
    for (const request of seen.filter((r) => r.method === 'GET')) expect(request.userAgent).toContain('HappyDOM');
  });
});
