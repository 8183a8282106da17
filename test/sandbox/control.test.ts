import { describe, expect, test } from 'vitest';
import { createSandbox, SANDBOX_IDS, SANDBOX_ORDERS, type Sandbox } from '../../src/testing/index.js';
import { call, ORIGIN, signed } from './helpers.js';

const ADA = SANDBOX_IDS.orders.ada;
const OPEN = SANDBOX_IDS.sessions.open;

/** One control API call with the sandbox's key: status, headers and the parsed body (null when there is none). */
async function control(sandbox: Sandbox, method: string, path: string, body?: unknown, key: string | null = sandbox.apiKey) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await sandbox.fetch(`${ORIGIN}/__sandbox${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

describe('control API', () => {
  test('requires the sandbox key, and never echoes it', async () => {
    const sandbox = createSandbox({ apiKey: 'sk_sandbox_control_test' });
    const missing = await control(sandbox, 'GET', `/orders/${ADA}`, undefined, null);
    expect(missing).toMatchObject({ status: 401, body: { error: 'the control API needs the sandbox key in X-API-KEY' } });
    // A record the seed does not have: a reset that went through would remove it.
    sandbox.putOrder({ ...sandbox.getOrder(ADA)!, orderId: 'ord_probe' });
    const wrong = await control(sandbox, 'POST', '/reset', undefined, 'sk_sandbox_wrong');
    expect(wrong).toMatchObject({ status: 401, body: { error: 'X-API-KEY is not the sandbox key' } });
    expect(JSON.stringify([missing, wrong])).not.toMatch(/sk_sandbox_(control_test|wrong)/);
    expect(sandbox.getOrder('ord_probe')).toBeDefined();
  });

  test('reads, puts and deletes orders and sessions', async () => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'GET', `/orders/${ADA}`)).toMatchObject({ status: 200, body: SANDBOX_ORDERS[0] });
    expect(await control(sandbox, 'GET', '/orders/ord_new')).toMatchObject({ status: 404, body: { error: 'no order "ord_new"' } });

    const created = await control(sandbox, 'PUT', '/orders/ord_new', { status: 'success', amountTotal: 5 });
    expect(created).toMatchObject({ status: 201, body: { orderId: 'ord_new', status: 'success', amountTotal: 5 } });
    const replaced = await control(sandbox, 'PUT', '/orders/ord_new', { orderId: 'ord_new', status: 'refunded' });
    expect(replaced).toMatchObject({ status: 200, body: { orderId: 'ord_new', status: 'refunded' } });
    expect(replaced.body.amountTotal).toBeUndefined();
    const served = await call(sandbox, signed(sandbox, '/api/order/ord_new'));
    expect(served.body.data).toEqual({ orderId: 'ord_new', status: 'refunded' });

    expect(await control(sandbox, 'DELETE', '/orders/ord_new')).toMatchObject({ status: 204, body: null });
    expect(await control(sandbox, 'DELETE', '/orders/ord_new')).toMatchObject({ status: 404, body: { error: 'no order "ord_new"' } });

    expect(await control(sandbox, 'PUT', '/sessions/cs_new', { status: 'open' })).toMatchObject({ status: 201, body: { sessionId: 'cs_new' } });
    expect((await call(sandbox, signed(sandbox, '/api/checkout/session/cs_new'))).body.data).toEqual({ sessionId: 'cs_new', status: 'open' });
    expect(await control(sandbox, 'GET', `/sessions/${OPEN}`)).toMatchObject({ status: 200, body: { sessionId: OPEN } });
    expect(await control(sandbox, 'DELETE', `/sessions/${OPEN}`)).toMatchObject({ status: 204 });
    expect(sandbox.getSession(OPEN)).toBeUndefined();
  });

  test('decodes ids in the path', async () => {
    const sandbox = createSandbox();
    await control(sandbox, 'PUT', `/orders/${encodeURIComponent('ord/with space')}`, {});
    expect(sandbox.getOrder('ord/with space')).toEqual({ orderId: 'ord/with space' });
    expect(await control(sandbox, 'GET', '/orders/%E0%A4%A')).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/percent-encoding/) },
    });
  });

  test('injects faults by id, removes one, clears all', async () => {
    const sandbox = createSandbox();
    const first = await control(sandbox, 'POST', '/faults', { target: { route: 'order' }, fault: { kind: 'status', status: 503 } });
    expect(first).toMatchObject({ status: 201, body: { id: 'f1' } });
    const second = await control(sandbox, 'POST', '/faults', { fault: { kind: 'status', status: 500, times: 1 } });
    expect(second.body).toEqual({ id: 'f2' });
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(500); // newest first, used up
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(503);
    expect(await control(sandbox, 'DELETE', '/faults/f2')).toMatchObject({
      status: 404,
      body: { error: expect.stringMatching(/no active fault "f2"/) },
    });
    expect(await control(sandbox, 'DELETE', '/faults/f1')).toMatchObject({ status: 204 });
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(200);
    await control(sandbox, 'POST', '/faults', { fault: { kind: 'status', status: 502 } });
    expect(await control(sandbox, 'DELETE', '/faults')).toMatchObject({ status: 204 });
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(200);
  });

  test('adds and removes scenarios by id', async () => {
    const sandbox = createSandbox();
    const added = await control(sandbox, 'POST', '/scenarios', { kind: 'checkout-completes', sessionId: OPEN, afterRequests: 1 });
    expect(added).toMatchObject({ status: 201, body: { id: 's1' } });
    expect((await call(sandbox, signed(sandbox, `/api/checkout/session/${OPEN}`))).body.data.status).toBe('open');
    expect((await control(sandbox, 'GET', '/orders/ord_open_ada')).body).toMatchObject({ orderId: 'ord_open_ada', sessionId: OPEN });
    expect((await control(sandbox, 'DELETE', '/scenarios/s1')).status).toBe(404); // done, so no longer active

    const flaky = await control(sandbox, 'POST', '/scenarios', { kind: 'flaky', failEvery: 1 });
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(503);
    expect((await control(sandbox, 'DELETE', `/scenarios/${flaky.body.id}`)).status).toBe(204);
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(200);
  });

  test('reads and clears the request log, which holds neither control requests nor the key', async () => {
    const sandbox = createSandbox();
    await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`));
    const { status, body } = await control(sandbox, 'GET', '/log');
    expect(status).toBe(200);
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({ method: 'GET', path: `/api/order/${ADA}`, status: 200, fault: null });
    expect(JSON.stringify(body)).not.toContain(sandbox.apiKey);
    expect(body.entries[0].headers['x-api-key']).toBe('sk_****');
    expect(await control(sandbox, 'DELETE', '/log')).toMatchObject({ status: 204 });
    expect((await control(sandbox, 'GET', '/log')).body).toEqual({ entries: [] });
  });

  test('resets records, faults, scenarios and log', async () => {
    const sandbox = createSandbox();
    await control(sandbox, 'DELETE', `/orders/${ADA}`);
    await control(sandbox, 'POST', '/faults', { fault: { kind: 'status', status: 503 } });
    await control(sandbox, 'POST', '/scenarios', { kind: 'flaky', failEvery: 1 });
    await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`));
    expect(await control(sandbox, 'POST', '/reset')).toMatchObject({ status: 204 });
    expect(sandbox.log).toHaveLength(0);
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(200);
    expect((await control(sandbox, 'DELETE', '/faults/f1')).status).toBe(404);
  });

  test('answers bad input with 400 and a sentence naming the field', async () => {
    const sandbox = createSandbox();
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/faults', '{"fault":', /the body must be a JSON fault object; it is not valid JSON/],
      ['POST', '/faults', '', /the body must be a JSON fault object; it is empty/],
      ['POST', '/faults', [1], /the body must be a JSON fault object$/],
      ['POST', '/faults', { kind: 'status', status: 503 }, /"fault" is missing/],
      ['POST', '/faults', { fault: { kind: 'explode' } }, /"fault.kind" must be one of latency, status/],
      ['POST', '/faults', { fault: { kind: 'status', status: 99 } }, /"fault.status" must be an integer from 200 to 599/],
      ['POST', '/faults', { target: { route: 'orders' }, fault: { kind: 'drop' } }, /"target.route" must be "order" or "session"/],
      ['POST', '/faults', { target: 'order', fault: { kind: 'drop' } }, /"target" must be an object/],
      ['POST', '/scenarios', { kind: 'checkout-completes', sessionId: 'cs_nope' }, /"scenario.sessionId" must name a stored session/],
      ['POST', '/scenarios', { kind: 'rate-limited', times: 0 }, /"scenario.times" must be a positive integer/],
      ['POST', '/scenarios', {}, /"scenario.kind" must be one of/],
      ['PUT', `/orders/${ADA}`, { orderId: 'ord_other' }, /"orderId" must be "ord_ada_1", the id in the path, or left out/],
      ['PUT', `/sessions/${OPEN}`, 'null', /the body must be a JSON session object/],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await control(sandbox, method, path, body);
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 400 });
      expect(answer.body.error).toMatch(message);
    }
    // Nothing was half applied.
    expect(sandbox.getOrder(ADA)).toEqual(SANDBOX_ORDERS[0]);
    expect((await sandbox.fetch(signed(sandbox, `/api/order/${ADA}`))).status).toBe(200);
  });

  test('answers 404 for an unknown route and 405 with Allow for a wrong method', async () => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'GET', '/nope')).toMatchObject({
      status: 404,
      body: { error: 'no control route GET /__sandbox/nope; see docs/testing.md' },
    });
    expect((await control(sandbox, 'GET', '/orders')).status).toBe(404);
    expect((await control(sandbox, 'GET', `/orders/${ADA}/more`)).status).toBe(404);
    const wrong = await control(sandbox, 'POST', `/orders/${ADA}`, {});
    expect(wrong).toMatchObject({ status: 405, body: { error: `POST is not allowed on /__sandbox/orders/${ADA}; use GET, PUT, DELETE` } });
    expect(wrong.headers.get('allow')).toBe('GET, PUT, DELETE');
  });

  test('lives under the base path, and a fault on every route leaves it alone', async () => {
    const sandbox = createSandbox({ basePath: '/v1' });
    sandbox.fault({}, { kind: 'drop' });
    const response = await sandbox.fetch(`${ORIGIN}/v1/__sandbox/orders/${ADA}`, { headers: { 'x-api-key': sandbox.apiKey } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { orderId: string }).orderId).toBe(ADA);
    expect((await sandbox.fetch(`${ORIGIN}/__sandbox/orders/${ADA}`, { headers: { 'x-api-key': sandbox.apiKey } })).status).toBe(404);
  });
});
