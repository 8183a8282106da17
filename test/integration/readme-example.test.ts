// The README's example for users, kept compiling and passing: the built SDK with `sandbox.fetch` injected,
// no socket involved.
import { getOrder, TimeoutError, type LookupOptions } from 'checkout-lookup';
import { createSandbox, SANDBOX_IDS, type Sandbox } from 'checkout-lookup/testing';
import { beforeEach, expect, test } from 'vitest';

let sandbox: Sandbox;
let options: LookupOptions;

beforeEach(() => {
  sandbox = createSandbox(); // a fresh random key and fresh copies of the seed in every test
  options = { baseUrl: 'https://sandbox.test', apiKey: sandbox.apiKey, fetch: sandbox.fetch };
});

test('reads an order', async () => {
  const order = await getOrder(SANDBOX_IDS.orders.ada, options);
  expect(order.createTime).toBeInstanceOf(Date);
});

test('retries a 503, then succeeds', async () => {
  sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, times: 1 });
  await getOrder(SANDBOX_IDS.orders.ada, options);
  expect(sandbox.log.map((entry) => entry.status)).toEqual([503, 200]);
});

test('gives up on a slow service', async () => {
  sandbox.fault({ id: SANDBOX_IDS.orders.ada }, { kind: 'latency', ms: 5_000 });
  await expect(getOrder(SANDBOX_IDS.orders.ada, { ...options, timeout: 200 })).rejects.toBeInstanceOf(TimeoutError);
});

test('an unknown id is a 404', async () => {
  await expect(getOrder('ord_missing', options)).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 404 });
});

test('a dropped connection through sandbox.fetch is a NetworkError too', async () => {
  sandbox.fault({}, { kind: 'drop' });
  await expect(getOrder(SANDBOX_IDS.orders.ada, options)).rejects.toMatchObject({ name: 'NetworkError' });
});

test('a stalled body through sandbox.fetch is a TimeoutError', async () => {
  sandbox.fault({}, { kind: 'stall' });
  await expect(getOrder(SANDBOX_IDS.orders.ada, { ...options, timeout: 300 })).rejects.toBeInstanceOf(TimeoutError);
});
