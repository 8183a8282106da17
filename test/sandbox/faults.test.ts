import { afterEach, describe, expect, test, vi } from 'vitest';
import { createSandbox, SANDBOX_IDS, SANDBOX_ORDERS } from '../../src/testing/index.js';
import { call, signed } from './helpers.js';

const ORDER = `/api/order/${SANDBOX_IDS.orders.ada}`;
const GRACE = `/api/order/${SANDBOX_IDS.orders.grace}`;
const SESSION = `/api/checkout/session/${SANDBOX_IDS.sessions.open}`;

afterEach(() => {
  vi.useRealTimers();
});

async function bytes(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

describe('sandbox.fault', () => {
  test('status: any HTTP status with an envelope, default code and msg from the status', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'status', status: 503 });
    expect(await call(sandbox, signed(sandbox, ORDER))).toMatchObject({
      status: 503,
      body: { code: 503, msg: 'Service Unavailable', data: null },
    });
  });

  test('status: a given code and msg, also on a 200 (an envelope failure)', async () => {
    const sandbox = createSandbox();
    sandbox.fault({ route: 'order' }, { kind: 'status', status: 200, code: 40_010, msg: 'merchant suspended' });
    expect(await call(sandbox, signed(sandbox, ORDER))).toMatchObject({
      status: 200,
      body: { code: 40_010, msg: 'merchant suspended', data: null },
    });
  });

  test('status: Retry-After in seconds or as given, and extra headers', async () => {
    const sandbox = createSandbox();
    sandbox.fault({ id: SANDBOX_IDS.orders.ada }, { kind: 'status', status: 429, retryAfter: 2, times: 1 });
    sandbox.fault(
      { id: SANDBOX_IDS.orders.grace },
      { kind: 'status', status: 503, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT', headers: { 'x-edge': 'fra1' } },
    );
    const limited = await call(sandbox, signed(sandbox, ORDER));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    const unavailable = await call(sandbox, signed(sandbox, GRACE));
    expect(unavailable.headers.get('retry-after')).toBe('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(unavailable.headers.get('x-edge')).toBe('fra1');
  });

  test('html: an HTML error page, status 200 unless given', async () => {
    const sandbox = createSandbox();
    const remove = sandbox.fault({}, { kind: 'html' });
    const page = await sandbox.fetch(signed(sandbox, ORDER));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/^<!DOCTYPE html>/);
    remove();
    sandbox.fault({}, { kind: 'html', status: 502 });
    const gateway = await sandbox.fetch(signed(sandbox, ORDER));
    expect(gateway.status).toBe(502);
    expect(await gateway.text()).toContain('<title>502 Bad Gateway</title>');
  });

  test('truncated: the first half of the real answer, which is not JSON', async () => {
    const sandbox = createSandbox();
    const full = await bytes(await sandbox.fetch(signed(sandbox, ORDER)));
    sandbox.fault({ route: 'order' }, { kind: 'truncated' });
    const response = await sandbox.fetch(signed(sandbox, ORDER));
    expect(response.status).toBe(200);
    const cut = await bytes(response);
    expect(cut.byteLength).toBe(Math.floor(full.byteLength / 2));
    expect(full.slice(0, cut.byteLength)).toEqual(cut);
    expect(() => JSON.parse(new TextDecoder().decode(cut))).toThrow(SyntaxError);
  });

  test('empty: status 200 with no body', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'empty' });
    const response = await sandbox.fetch(signed(sandbox, SESSION));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  test('oversized: a valid envelope of exactly the given size, produced only as it is read', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'oversized', bytes: 3 * 1024 * 1024 + 7 });
    const response = await sandbox.fetch(signed(sandbox, ORDER));
    expect(response.headers.get('content-length')).toBeNull();
    expect(sandbox.log[0]!.bodyBytes).toBe(0);
    const reader = response.body!.getReader();
    await reader.read();
    expect(sandbox.log[0]!.bodyBytes).toBeLessThan(128 * 1024);
    await reader.cancel();

    sandbox.fault({}, { kind: 'oversized', bytes: 3 * 1024 * 1024 + 7, contentLength: true });
    const whole = await sandbox.fetch(signed(sandbox, ORDER));
    expect(whole.headers.get('content-length')).toBe(String(3 * 1024 * 1024 + 7));
    const text = await whole.text();
    expect(text.length).toBe(3 * 1024 * 1024 + 7);
    const parsed = JSON.parse(text);
    expect(parsed).toMatchObject({
      code: 0,
      msg: 'success',
      data: { ...JSON.parse(JSON.stringify(SANDBOX_ORDERS[0])), padding: expect.any(String) },
    });
    expect(sandbox.log[1]!.bodyBytes).toBe(3 * 1024 * 1024 + 7);
  });

  test('drop: fetch rejects with a TypeError, as fetch does when the connection closes', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'drop' });
    const error = await sandbox.fetch(signed(sandbox, ORDER)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(sandbox.log[0]).toMatchObject({ status: 0, fault: 'drop' });
  });

  test('stall: headers and half the body, then nothing until the request is aborted', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'stall' });
    const controller = new AbortController();
    const response = await sandbox.fetch(signed(sandbox, ORDER, { signal: controller.signal }));
    expect(response.status).toBe(200);
    const declared = Number(response.headers.get('content-length'));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBe(Math.floor(declared / 2));
    // Ten minutes on a fake clock, every timer and microtask run: the rest of the body never comes.
    vi.useFakeTimers();
    let settled = false;
    const next = reader.read().finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(settled).toBe(false);
    controller.abort(new Error('caller gave up'));
    await expect(next).rejects.toThrow('caller gave up');
  });

  test('latency: the normal answer after the delay', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'latency', ms: 5000 });
    let settled = false;
    const answer = sandbox.fetch(signed(sandbox, ORDER)).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(200);
  });

  test('latency: an aborted request rejects with its reason at once', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'latency', ms: 60_000 });
    const controller = new AbortController();
    const answer = sandbox.fetch(signed(sandbox, ORDER, { signal: controller.signal }));
    controller.abort(new Error('deadline'));
    await expect(answer).rejects.toThrow('deadline');
  });

  test('delayMs: any fault can come late', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'status', status: 504, delayMs: 1000 });
    let settled = false;
    const answer = sandbox.fetch(signed(sandbox, ORDER)).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).status).toBe(504);
  });

  test('applies before the key check: a gateway fails whoever asks', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'status', status: 502 });
    expect((await sandbox.fetch(new Request(`https://sandbox.test${ORDER}`))).status).toBe(502);
  });
});

describe('fault targets and counts', () => {
  test('a fault for an id leaves other ids alone; a fault for a route leaves the other route alone', async () => {
    const sandbox = createSandbox();
    sandbox.fault({ id: SANDBOX_IDS.orders.ada }, { kind: 'status', status: 500 });
    sandbox.fault({ route: 'session' }, { kind: 'status', status: 503 });
    expect((await sandbox.fetch(signed(sandbox, ORDER))).status).toBe(500);
    expect((await sandbox.fetch(signed(sandbox, GRACE))).status).toBe(200);
    expect((await sandbox.fetch(signed(sandbox, SESSION))).status).toBe(503);
  });

  test('an id target matches that id on either route unless a route is given', async () => {
    const sandbox = createSandbox();
    sandbox.putSession({ sessionId: 'same' });
    sandbox.putOrder({ orderId: 'same' });
    sandbox.fault({ id: 'same', route: 'session' }, { kind: 'status', status: 500 });
    expect((await sandbox.fetch(signed(sandbox, '/api/checkout/session/same'))).status).toBe(500);
    expect((await sandbox.fetch(signed(sandbox, '/api/order/same'))).status).toBe(200);
  });

  test('times: applies to the next N matching requests, then the service answers again', async () => {
    const sandbox = createSandbox();
    sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await sandbox.fetch(signed(sandbox, ORDER))).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect(sandbox.log.map((entry) => entry.fault)).toEqual(['status', 'status', null]);
  });

  test('the newest matching fault wins, and removing it uncovers the older one', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'status', status: 500 });
    const remove = sandbox.fault({ id: SANDBOX_IDS.orders.ada }, { kind: 'status', status: 429 });
    expect((await sandbox.fetch(signed(sandbox, ORDER))).status).toBe(429);
    remove();
    expect((await sandbox.fetch(signed(sandbox, ORDER))).status).toBe(500);
    sandbox.clearFaults();
    expect((await sandbox.fetch(signed(sandbox, ORDER))).status).toBe(200);
  });

  test('rejects a malformed fault with a TypeError naming the field', () => {
    const sandbox = createSandbox();
    expect(() => sandbox.fault({}, { kind: 'nope' } as never)).toThrow(/"fault.kind"/);
    expect(() => sandbox.fault({}, { kind: 'status', status: 99 })).toThrow(/"fault.status"/);
    expect(() => sandbox.fault({}, { kind: 'status', status: 503, times: 0 })).toThrow(/"fault.times"/);
    expect(() => sandbox.fault({}, { kind: 'latency', ms: -1 })).toThrow(/"fault.ms"/);
    expect(() => sandbox.fault({ route: 'orders' as never }, { kind: 'drop' })).toThrow(/"target.route"/);
    expect(() => sandbox.fault({}, { kind: 'oversized', bytes: 0 })).toThrow(/"fault.bytes"/);
  });
});
