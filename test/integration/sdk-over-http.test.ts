import { ApiError, getOrder, getSession, LookupError, NetworkError, TimeoutError, ValidationError, type LookupOptions } from 'checkout-lookup';
import { createSandbox, SANDBOX_IDS, SANDBOX_ORDERS, SANDBOX_SESSIONS, type Sandbox } from 'checkout-lookup/testing';
import { serveSandbox, type SandboxServer } from 'checkout-lookup/testing/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

// The built package against its own sandbox on real loopback HTTP: what only a real socket shows (the request on the
// wire, redirects, bodies cut short or too large, latency, dropped and stalled connections, aborts). Time bounds are
// generous budgets (deadline + 1 s), not speed measurements.

const ADA = SANDBOX_IDS.orders.ada;
const seededOrder = SANDBOX_ORDERS.find((order) => order.orderId === ADA)!;
const seededSession = SANDBOX_SESSIONS.find((session) => session.sessionId === SANDBOX_IDS.sessions.open)!;

let sandbox: Sandbox;
let server: SandboxServer;
let options: LookupOptions;

beforeAll(async () => {
  sandbox = createSandbox();
  server = await serveSandbox(sandbox);
  options = { baseUrl: server.url, apiKey: sandbox.apiKey };
});
afterEach(() => {
  sandbox.clearFaults();
  sandbox.clearLog();
});
afterAll(async () => {
  await server.close();
});

/** Runs a call expected to fail and returns its error with the time it took. */
async function failure(call: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await call;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('expected the call to fail');
}

/**
 * Polls, with a deadline, until the server has stopped producing the body of the first logged request: its byte
 * count unchanged for 50 ms (the stream is cancelled once the client closes the connection).
 */
async function producedAll(deadline = 5000): Promise<void> {
  const end = performance.now() + deadline;
  let last = -1;
  let since = performance.now();
  for (;;) {
    const bytes = sandbox.log[0]?.bodyBytes ?? 0;
    if (bytes !== last) [last, since] = [bytes, performance.now()];
    else if (performance.now() - since >= 50) return;
    if (performance.now() > end) throw new Error(`the server was still producing after ${deadline} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The X-Timestamp of every logged attempt. */
function timestamps(): number[] {
  return sandbox.log.map((entry) => Number(entry.headers['x-timestamp']));
}

function expectFresh(values: number[]): void {
  for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
}

describe('happy path', () => {
  test('getOrder returns the seeded order with createTime as a Date', async () => {
    const order = await getOrder(ADA, options);
    expect(order.orderId).toBe(ADA);
    expect(order.createTime).toBeInstanceOf(Date);
    expect(order.createTime!.getTime()).toBe(seededOrder.createTime);
    expect(order.amountTotal).toBe(73.27);
    expect(order.paymentMethod?.paymentMethodType).toBe('CARD');
    expect(order.priceDataList).toHaveLength(2);
    expect(order.metadata).toEqual(seededOrder.metadata);
  });

  test('getSession returns the seeded session with created and expire as Dates', async () => {
    const session = await getSession(SANDBOX_IDS.sessions.open, options);
    expect(session.sessionId).toBe('cs_open_ada');
    expect(session.created).toBeInstanceOf(Date);
    expect(session.created!.toISOString()).toBe(seededSession.created);
    expect(session.expire!.toISOString()).toBe(seededSession.expire);
    expect(session.price?.recurring).toEqual({ freeTrialDays: 14, interval: 'week' });
  });

  test('sends the documented request: GET, the key, a current timestamp, Accept JSON', async () => {
    const before = Date.now();
    await getOrder(ADA, options);
    expect(sandbox.log).toHaveLength(1);
    const [entry] = sandbox.log;
    expect(entry).toMatchObject({ method: 'GET', path: `/api/order/${ADA}`, status: 200 });
    expect(entry!.headers['x-api-key']).toBe('sk_****');
    expect(entry!.headers.accept).toBe('application/json');
    expect(Number(entry!.headers['x-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(Number(entry!.headers['x-timestamp'])).toBeLessThanOrEqual(Date.now());
  });

  test('reaches a service under a path prefix', async () => {
    const prefixed = createSandbox({ basePath: '/v1/checkout' });
    const other = await serveSandbox(prefixed);
    try {
      const session = await getSession(SANDBOX_IDS.sessions.grace, { baseUrl: `${other.url}/v1/checkout`, apiKey: prefixed.apiKey });
      expect(session.customer?.customerId).toBe('cus_grace');
      expect(prefixed.log[0]!.path).toBe('/v1/checkout/api/checkout/session/cs_open_grace');
    } finally {
      await other.close();
    }
  });

  test('encodes the id, so an id with reserved characters reaches its record', async () => {
    sandbox.putOrder({ orderId: 'ord/with ?#%', status: 'success' });
    const order = await getOrder('ord/with ?#%', options);
    expect(order.orderId).toBe('ord/with ?#%');
  });
});

describe('answers of the service', () => {
  test('an unknown id is an ApiError 404 with the envelope code and msg, not retried', async () => {
    const { error } = await failure(getOrder('ord_missing', options));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: 404, code: 404 });
    expect((error as ApiError).message).toContain('order not found');
    expect(sandbox.log).toHaveLength(1);
  });

  test('a wrong key is an ApiError 401, not retried, and no error or log carries either key', async () => {
    const wrong = 'sk_wrong_key_0123456789';
    const { error } = await failure(getOrder(ADA, { ...options, apiKey: wrong }));
    expect(error).toMatchObject({ name: 'ApiError', status: 401, code: 401 });
    expect(sandbox.log).toHaveLength(1);
    const seen = JSON.stringify({ error, message: (error as Error).message, stack: (error as Error).stack, log: sandbox.log });
    expect(seen).not.toContain(wrong);
    expect(seen).not.toContain(sandbox.apiKey);
  });

  test('a stale clock is an ApiError 401', async () => {
    const { error } = await failure(getOrder(ADA, { ...options, now: () => Date.now() - 10 * 60_000 }));
    expect(error).toMatchObject({ name: 'ApiError', status: 401, code: 401 });
  });

  test('a redirect is an ApiError, never followed, so the key goes nowhere else', async () => {
    sandbox.fault({ id: ADA }, { kind: 'status', status: 302, headers: { location: `${server.url}/api/order/${SANDBOX_IDS.orders.grace}` } });
    const { error } = await failure(getOrder(ADA, options));
    expect(error).toMatchObject({ name: 'ApiError', status: 302, origin: server.url });
    expect((error as ApiError).message).toContain('HTTP 302 (not followed)');
    expect((error as ApiError).headers.location).toBe(`${server.url}/api/order/${SANDBOX_IDS.orders.grace}`);
    expect(sandbox.log.map((entry) => entry.path)).toEqual([`/api/order/${ADA}`]);
  });
});

// What the SDK makes of each answer (a failure code inside HTTP 200, an HTML page, truncated or empty JSON, the body
// size limit, which statuses are retried and how often) is unit-tested with an injected fetch (test/unit/); the
// sandbox's faults themselves in test/sandbox/faults.test.ts. Here only what a real socket shows: a body refused
// early stops the server producing it, and a large one arrives whole over many reads.
describe('bodies over a socket', () => {
  test('an oversized streamed body is a ValidationError, read no further than needed', async () => {
    const size = 64 * 1024 * 1024;
    sandbox.fault({ id: ADA }, { kind: 'oversized', bytes: size });
    const { error } = await failure(getOrder(ADA, options));
    expect(error).toBeInstanceOf(ValidationError);
    // Let the server notice the closed connection, then see how much it was made to produce.
    await producedAll();
    expect(sandbox.log).toHaveLength(1);
    expect(sandbox.log[0]!.bodyBytes).toBeGreaterThan(1024 * 1024);
    expect(sandbox.log[0]!.bodyBytes).toBeLessThan(size / 4);
  });

  test('a large body under maxBodyBytes is accepted, its unknown fields kept', async () => {
    sandbox.fault({ id: ADA }, { kind: 'oversized', bytes: 2 * 1024 * 1024 });
    const order = await getOrder(ADA, { ...options, maxBodyBytes: 4 * 1024 * 1024 });
    expect(order.orderId).toBe(ADA);
    expect((order as Record<string, unknown>).padding).toMatch(/^x+$/);
  });
});

describe('time and connections', () => {
  test('latency beyond the timeout is a TimeoutError within its budget', async () => {
    sandbox.fault({ id: ADA }, { kind: 'latency', ms: 10_000 });
    const { error, ms } = await failure(getOrder(ADA, { ...options, timeout: 500 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(LookupError);
    expect(ms).toBeGreaterThanOrEqual(450);
    expect(ms).toBeLessThan(500 + 1000);
  });

  test('latency within the timeout only delays the answer', async () => {
    sandbox.fault({ id: ADA }, { kind: 'latency', ms: 300 });
    const order = await getOrder(ADA, { ...options, timeout: 5000 });
    expect(order.orderId).toBe(ADA);
  });

  test('a dropped connection is a NetworkError after the retries, each visible in the log', async () => {
    sandbox.fault({ id: ADA }, { kind: 'drop' });
    const { error } = await failure(getOrder(ADA, options));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).cause).toBeDefined();
    expect(sandbox.log).toHaveLength(3);
    expect(sandbox.log.every((entry) => entry.fault === 'drop' && entry.status === 0)).toBe(true);
    expectFresh(timestamps());
  });

  test('a connection dropped once is retried and the lookup succeeds', async () => {
    sandbox.fault({ id: ADA }, { kind: 'drop', times: 1 });
    const order = await getOrder(ADA, options);
    expect(order.orderId).toBe(ADA);
    expect(sandbox.log.map((entry) => entry.fault)).toEqual(['drop', null]);
  });

  test('a body that stalls halfway is a TimeoutError within its budget', async () => {
    sandbox.fault({ id: ADA }, { kind: 'stall' });
    const { error, ms } = await failure(getOrder(ADA, { ...options, timeout: 800 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(800 + 1000);
    expect(sandbox.log[0]!.bodyBytes).toBeGreaterThan(0);
  });

  test("a port the runtime's fetch refuses is a NetworkError that says why, after one attempt", async () => {
    // Port 9 (discard) is on the fetch standard's list of blocked ports: refused before any connection, every time.
    const { error } = await failure(getOrder(ADA, { ...options, baseUrl: 'http://127.0.0.1:9' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).attempts).toBe(1);
    expect((error as NetworkError).message).toMatch(/^GET \/api\/order\/ord_ada_1: TypeError: fetch failed \(bad port\) after 1 attempt in \d+ ms$/);
  });

  test("the caller's own abort rejects with its reason, not a LookupError", async () => {
    sandbox.fault({ id: ADA }, { kind: 'latency', ms: 10_000 });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 100);
    const { error, ms } = await failure(getOrder(ADA, { ...options, signal: controller.signal }));
    expect(error).toBe(reason);
    expect(ms).toBeLessThan(100 + 1000);
    expect(sandbox.log).toHaveLength(1);
  });
});
