import { describe, expect, test } from 'vitest';
import { createSandbox, SANDBOX_IDS, SANDBOX_ORDERS } from '../../src/testing/index.js';
import { call, ORIGIN, signed } from './helpers.js';

const ORDER = `/api/order/${SANDBOX_IDS.orders.ada}`;
const SESSION = `/api/checkout/session/${SANDBOX_IDS.sessions.open}`;

describe('createSandbox', () => {
  test('answers both endpoints with a success envelope around the record', async () => {
    const sandbox = createSandbox();
    const order = await call(sandbox, signed(sandbox, ORDER));
    expect(order.status).toBe(200);
    expect(order.headers.get('content-type')).toMatch(/^application\/json/);
    expect(order.body).toMatchObject({ code: 0, msg: 'success', data: { orderId: 'ord_ada_1', customerId: 'cus_ada' } });
    const session = await call(sandbox, signed(sandbox, SESSION));
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ code: 0, msg: 'success', data: { sessionId: 'cs_open_ada', status: 'open' } });
  });

  test('generates a different random key for each sandbox', () => {
    const a = createSandbox().apiKey;
    const b = createSandbox().apiKey;
    expect(a).toMatch(/^sk_sandbox_[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });

  test('uses the key it was given', async () => {
    const sandbox = createSandbox({ apiKey: 'sk_test_given' });
    expect(sandbox.apiKey).toBe('sk_test_given');
    expect((await call(sandbox, signed(sandbox, ORDER))).status).toBe(200);
  });

  test('works unbound, as a fetch option is called', async () => {
    const sandbox = createSandbox();
    const { fetch } = sandbox;
    const response = await fetch(signed(sandbox, ORDER));
    expect(response.status).toBe(200);
  });

  test('accepts a URL and init like fetch', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(`${ORIGIN}${ORDER}`, {
      headers: { 'x-api-key': sandbox.apiKey, 'x-timestamp': String(Date.now()) },
    });
    expect(response.status).toBe(200);
  });

  test('rejects an already aborted request with its reason, as fetch does, and logs nothing', async () => {
    const sandbox = createSandbox();
    const reason = new Error('too late');
    await expect(sandbox.fetch(signed(sandbox, ORDER, { signal: AbortSignal.abort(reason) }))).rejects.toBe(reason);
    expect(sandbox.log).toEqual([]);
  });

  test('rejects bad options with a TypeError naming the option', () => {
    expect(() => createSandbox({ apiKey: '' })).toThrow(/"apiKey"/);
    expect(() => createSandbox({ clockSkewMs: -1 })).toThrow(/"clockSkewMs"/);
    expect(() => createSandbox({ basePath: 'v1' })).toThrow(/"basePath"/);
  });
});

describe('authentication', () => {
  test('answers 401 with an envelope when X-API-KEY is missing', async () => {
    const sandbox = createSandbox();
    const request = new Request(`${ORIGIN}${ORDER}`, { headers: { 'x-timestamp': String(Date.now()) } });
    const { status, body } = await call(sandbox, request);
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, msg: 'missing X-API-KEY', data: null });
  });

  test('answers 401 with an envelope when X-API-KEY is wrong, without echoing either key', async () => {
    const sandbox = createSandbox();
    for (const wrong of ['sk_wrong', `${sandbox.apiKey}x`, sandbox.apiKey.slice(0, -1), sandbox.apiKey.toUpperCase()]) {
      const response = await sandbox.fetch(signed(sandbox, ORDER, { headers: { 'x-api-key': wrong } }));
      const text = await response.text();
      expect(response.status).toBe(401);
      expect(JSON.parse(text)).toEqual({ code: 401, msg: 'invalid X-API-KEY', data: null });
      expect(text).not.toContain(sandbox.apiKey);
      expect(text).not.toContain(wrong);
    }
  });

  test('answers 401 when X-Timestamp is missing, not digits, or outside the clock skew', async () => {
    const now = 1_800_000_000_000;
    const sandbox = createSandbox({ now: () => now });
    const missing = new Request(`${ORIGIN}${ORDER}`, { headers: { 'x-api-key': sandbox.apiKey } });
    expect(await call(sandbox, missing)).toMatchObject({ status: 401, body: { code: 401, msg: 'missing X-Timestamp', data: null } });
    for (const timestamp of ['abc', '1.8e12', '-1', `${now}.5`, new Date(now).toISOString(), String(now - 300_001), String(now + 300_001), '0']) {
      const { status, body } = await call(sandbox, signed(sandbox, ORDER, { timestamp }));
      expect({ timestamp, status, code: body.code, data: body.data }).toEqual({ timestamp, status: 401, code: 401, data: null });
    }
  });

  test('accepts a timestamp at the edge of the clock skew', async () => {
    const now = 1_800_000_000_000;
    const sandbox = createSandbox({ now: () => now, clockSkewMs: 1000 });
    expect((await call(sandbox, signed(sandbox, ORDER, { timestamp: String(now - 1000) }))).status).toBe(200);
    expect((await call(sandbox, signed(sandbox, ORDER, { timestamp: String(now + 1000) }))).status).toBe(200);
    expect((await call(sandbox, signed(sandbox, ORDER, { timestamp: String(now + 1001) }))).status).toBe(401);
  });
});

describe('routing', () => {
  test('answers 404 with an envelope for an unknown id on either route', async () => {
    const sandbox = createSandbox();
    expect(await call(sandbox, signed(sandbox, '/api/order/ord_nope'))).toMatchObject({
      status: 404,
      body: { code: 404, msg: 'order not found', data: null },
    });
    expect(await call(sandbox, signed(sandbox, '/api/checkout/session/cs_nope'))).toMatchObject({
      status: 404,
      body: { code: 404, msg: 'checkout session not found', data: null },
    });
  });

  test('answers 405 with an envelope and Allow for another method', async () => {
    const sandbox = createSandbox();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { status, headers, body } = await call(sandbox, signed(sandbox, ORDER, { method }));
      expect(status).toBe(405);
      expect(headers.get('allow')).toBe('GET');
      expect(body).toEqual({ code: 405, msg: 'method not allowed', data: null });
    }
  });

  test('answers 404 with an envelope for any other path', async () => {
    const sandbox = createSandbox();
    for (const path of [
      '/',
      '/api',
      '/api/order',
      '/api/order/',
      '/api/orders/ord_ada_1',
      '/api/order/ord_ada_1/items',
      '/v1/api/order/ord_ada_1',
      '/api/checkout/ord_ada_1',
    ]) {
      const { status, body } = await call(sandbox, signed(sandbox, path));
      expect({ path, status, body }).toEqual({ path, status: 404, body: { code: 404, msg: 'not found', data: null } });
    }
  });

  test('decodes the id, so encoded ids find their records', async () => {
    const sandbox = createSandbox();
    sandbox.putOrder({ orderId: 'ord/with space' });
    const { status, body } = await call(sandbox, signed(sandbox, `/api/order/${encodeURIComponent('ord/with space')}`));
    expect(status).toBe(200);
    expect(body.data.orderId).toBe('ord/with space');
  });

  test('serves under a base path when given one, and nowhere else', async () => {
    const sandbox = createSandbox({ basePath: '/v1' });
    expect((await call(sandbox, signed(sandbox, `/v1${ORDER}`))).status).toBe(200);
    expect((await call(sandbox, signed(sandbox, ORDER))).status).toBe(404);
  });

  test('ignores a query string', async () => {
    const sandbox = createSandbox();
    expect((await call(sandbox, signed(sandbox, `${ORDER}?expand=all`))).status).toBe(200);
  });
});

describe('records', () => {
  test('adds and replaces orders and sessions', async () => {
    const sandbox = createSandbox();
    sandbox.putOrder({ orderId: 'ord_new', status: 'success', amountTotal: 1.5 });
    expect((await call(sandbox, signed(sandbox, '/api/order/ord_new'))).body.data).toEqual({
      orderId: 'ord_new',
      status: 'success',
      amountTotal: 1.5,
    });
    sandbox.putOrder({ orderId: SANDBOX_IDS.orders.ada, status: 'refunded' });
    expect((await call(sandbox, signed(sandbox, ORDER))).body.data).toEqual({ orderId: 'ord_ada_1', status: 'refunded' });
    sandbox.putSession({ sessionId: SANDBOX_IDS.sessions.open, status: 'expired' });
    expect((await call(sandbox, signed(sandbox, SESSION))).body.data).toEqual({ sessionId: 'cs_open_ada', status: 'expired' });
  });

  test('stores a copy, so changing the object afterwards changes nothing', async () => {
    const sandbox = createSandbox();
    const order = { orderId: 'ord_copy', metadata: { note: 'before' } };
    sandbox.putOrder(order);
    order.metadata.note = 'after';
    expect((await call(sandbox, signed(sandbox, '/api/order/ord_copy'))).body.data.metadata.note).toBe('before');
  });

  test('keeps each sandbox apart from the others and from the exported seed', async () => {
    const a = createSandbox();
    const b = createSandbox();
    a.putOrder({ orderId: SANDBOX_IDS.orders.ada, status: 'changed' });
    expect((await call(b, signed(b, ORDER))).body.data).toEqual(JSON.parse(JSON.stringify(SANDBOX_ORDERS[0])));
    expect(SANDBOX_ORDERS[0]!.status).toBe('success');
    expect(Object.isFrozen(SANDBOX_ORDERS[0]!.priceDataList![0])).toBe(true);
  });

  test('starts empty with seed: false', async () => {
    const sandbox = createSandbox({ seed: false });
    expect((await call(sandbox, signed(sandbox, ORDER))).status).toBe(404);
  });

  test('rejects a record without its id', () => {
    const sandbox = createSandbox();
    expect(() => sandbox.putOrder({} as never)).toThrow(/"order.orderId"/);
    expect(() => sandbox.putSession({ sessionId: '' })).toThrow(/"session.sessionId"/);
  });
});

describe('log', () => {
  test('records method, path, headers and time, with the key masked', async () => {
    let now = 1_800_000_000_000;
    const sandbox = createSandbox({ now: () => now });
    await sandbox.fetch(signed(sandbox, `${ORDER}?x=1`, { timestamp: String(now), headers: { authorization: 'Bearer secret-token-123' } }));
    now += 5;
    await sandbox.fetch(signed(sandbox, '/api/order/nope', { method: 'POST', timestamp: String(now) }));
    expect(sandbox.log).toHaveLength(2);
    const [first, second] = sandbox.log;
    expect(first).toMatchObject({ method: 'GET', path: `${ORDER}?x=1`, time: 1_800_000_000_000, status: 200, fault: null });
    expect(first!.headers['x-api-key']).toBe('sk_****');
    expect(first!.headers.authorization).toBe('Bea****');
    expect(first!.headers['x-timestamp']).toBe('1800000000000');
    expect(first!.bodyBytes).toBeGreaterThan(100);
    expect(second).toMatchObject({ method: 'POST', path: '/api/order/nope', time: 1_800_000_000_005, status: 405 });
    expect(JSON.stringify(sandbox.log)).not.toContain(sandbox.apiKey.slice(3));
  });

  test('masks a wrong key too, and never shows more than a quarter of a short one', async () => {
    const sandbox = createSandbox();
    await sandbox.fetch(signed(sandbox, ORDER, { headers: { 'x-api-key': 'hunter2' } }));
    expect(sandbox.log[0]!.headers['x-api-key']).toBe('h****');
  });

  test('keeps the newest logLimit entries and can be cleared', async () => {
    const sandbox = createSandbox({ logLimit: 2 });
    for (const id of ['a', 'b', 'c']) await sandbox.fetch(signed(sandbox, `/api/order/${id}`));
    expect(sandbox.log.map((entry) => entry.path)).toEqual(['/api/order/b', '/api/order/c']);
    sandbox.clearLog();
    expect(sandbox.log).toEqual([]);
  });
});
