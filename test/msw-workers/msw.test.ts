import { createSandbox, SANDBOX_IDS } from 'checkout-lookup/testing';
import { sandboxHandlers } from 'checkout-lookup/testing/msw';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import worker, { type Env } from './worker.js';

const sandbox = createSandbox();
const env: Env = { API_BASE_URL: 'https://checkout.test', API_KEY: sandbox.apiKey };
// msw/node's setupServer cannot load in workerd (see docs/testing.md): MSW's network API with its fetch interceptor
// does the same for the global fetch.
const network = defineNetwork({
  sources: [new InterceptorSource({ interceptors: [new FetchInterceptor()] })],
  handlers: sandboxHandlers(sandbox, { baseUrl: env.API_BASE_URL }),
  onUnhandledFrame: 'error',
  // Without it, each request is printed with its headers, the key among them.
  context: { quiet: true },
});

beforeAll(() => network.enable());
afterEach(() => sandbox.reset());
afterAll(() => network.disable());

describe('in workerd, a Worker that calls the global fetch', () => {
  test('runs in workerd', () => {
    expect(navigator.userAgent).toBe('Cloudflare-Workers');
  });

  test('answers only the base URL: anything else is an unhandled request, refused', async () => {
    await expect(fetch('https://elsewhere.test/')).rejects.toThrow();
  });

  test('reads an order from the sandbox through MSW', async () => {
    const response = await worker.fetch(new Request(`https://worker.test/orders/${SANDBOX_IDS.orders.ada}`), env);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orderId: SANDBOX_IDS.orders.ada, status: 'success', amountTotal: 73.27 });
    expect(sandbox.log.map((entry) => `${entry.path} ${entry.status}`)).toEqual([`/api/order/${SANDBOX_IDS.orders.ada} 200`]);
  });

  test('sees faults as the SDK reports them', async () => {
    sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, times: 1 });
    const failed = await worker.fetch(new Request(`https://worker.test/orders/${SANDBOX_IDS.orders.ada}`), env);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: 'ApiError' });
    sandbox.fault({}, { kind: 'drop', times: 1 });
    const dropped = await worker.fetch(new Request(`https://worker.test/orders/${SANDBOX_IDS.orders.ada}`), env);
    expect(await dropped.json()).toEqual({ error: 'NetworkError' });
  });
});

describe('in workerd, the same Worker with sandbox.fetch injected through env', () => {
  test('reads an order without MSW in the way', async () => {
    network.disable(); // nothing intercepts: the answer can only come from the injected fetch
    try {
      const response = await worker.fetch(new Request(`https://worker.test/orders/${SANDBOX_IDS.orders.grace}`), { ...env, UPSTREAM: sandbox });
      expect(await response.json()).toMatchObject({ orderId: SANDBOX_IDS.orders.grace });
    } finally {
      network.enable();
    }
  });
});
