import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { CheckoutSessionSchema, OrderSchema } from '../../src/index.js';
import { createSandbox, SANDBOX_IDS, SANDBOX_ORDERS, SANDBOX_SESSIONS, type Scenario } from '../../src/testing/index.js';
import { call, signed } from './helpers.js';

const OPEN = SANDBOX_IDS.sessions.open;
const SESSION = `/api/checkout/session/${OPEN}`;
const ORDER = '/api/order/ord_open_ada';

/** A sandbox on a clock the test moves by hand. */
function clocked(start = 1_800_000_000_000) {
  let time = start;
  const sandbox = createSandbox({ now: () => time });
  return { sandbox, advance: (ms: number) => (time += ms), at: () => String(time) };
}

describe('sandbox.getOrder, getSession, deleteOrder, deleteSession', () => {
  test('return copies of the stored records, or undefined', () => {
    const sandbox = createSandbox();
    const order = sandbox.getOrder(SANDBOX_IDS.orders.ada)!;
    expect(order).toEqual(SANDBOX_ORDERS[0]);
    order.status = 'changed';
    expect(sandbox.getOrder(SANDBOX_IDS.orders.ada)!.status).toBe('success');
    expect(sandbox.getSession(OPEN)).toEqual(SANDBOX_SESSIONS[0]);
    expect(sandbox.getOrder('ord_nope')).toBeUndefined();
    expect(sandbox.getSession('cs_nope')).toBeUndefined();
  });

  test('delete a record once, then answer 404 for it', async () => {
    const sandbox = createSandbox();
    expect(sandbox.deleteOrder(SANDBOX_IDS.orders.ada)).toBe(true);
    expect(sandbox.deleteOrder(SANDBOX_IDS.orders.ada)).toBe(false);
    expect(sandbox.deleteSession(OPEN)).toBe(true);
    expect(sandbox.deleteSession(OPEN)).toBe(false);
    expect((await call(sandbox, signed(sandbox, `/api/order/${SANDBOX_IDS.orders.ada}`))).status).toBe(404);
    expect((await call(sandbox, signed(sandbox, SESSION))).status).toBe(404);
  });
});

describe('sandbox.reset', () => {
  test('puts the seed back and clears faults, scenarios and the log', async () => {
    const sandbox = createSandbox();
    sandbox.deleteOrder(SANDBOX_IDS.orders.ada);
    sandbox.putOrder({ orderId: 'ord_extra' });
    sandbox.fault({}, { kind: 'status', status: 500 });
    sandbox.scenario({ kind: 'checkout-completes', sessionId: OPEN, afterRequests: 1 });
    await sandbox.fetch(signed(sandbox, SESSION));
    sandbox.reset();
    expect(sandbox.log).toHaveLength(0);
    expect(sandbox.getOrder('ord_extra')).toBeUndefined();
    expect(sandbox.getOrder(SANDBOX_IDS.orders.ada)).toEqual(SANDBOX_ORDERS[0]);
    for (let i = 0; i < 3; i++) {
      const { status, body } = await call(sandbox, signed(sandbox, SESSION));
      expect(status).toBe(200);
      expect(body.data.status).toBe('open');
    }
  });

  test('empties the records of a sandbox created with seed: false', () => {
    const sandbox = createSandbox({ seed: false });
    sandbox.putOrder({ orderId: 'ord_extra' });
    sandbox.reset();
    expect(sandbox.getOrder('ord_extra')).toBeUndefined();
  });

  test('goes back to a seed of your own', () => {
    const seed = { orders: [{ orderId: 'ord_mine', status: 'success' }], sessions: [{ sessionId: 'cs_mine', status: 'open' }] };
    const sandbox = createSandbox({ seed });
    seed.orders[0]!.status = 'changed afterwards';
    expect(sandbox.getOrder(SANDBOX_IDS.orders.ada)).toBeUndefined();
    sandbox.deleteOrder('ord_mine');
    sandbox.reset();
    expect(sandbox.getOrder('ord_mine')).toEqual({ orderId: 'ord_mine', status: 'success' });
    expect(sandbox.getSession('cs_mine')).toEqual({ sessionId: 'cs_mine', status: 'open' });
  });

  test('rejects a seed that is not { orders, sessions }', () => {
    expect(() => createSandbox({ seed: 'yes' as never })).toThrow(/"seed"/);
    expect(() => createSandbox({ seed: { orders: {} as never } })).toThrow(/"seed.orders" must be an array/);
    expect(() => createSandbox({ seed: { sessions: [{}] as never } })).toThrow('"seed.sessions[0].sessionId" must be a non-empty string');
  });
});

describe('scenario checkout-completes', () => {
  test('answers open three times by default, then complete and paid with the order', async () => {
    const sandbox = createSandbox();
    sandbox.scenario({ kind: 'checkout-completes', sessionId: OPEN });
    for (let i = 0; i < 3; i++) {
      // The order appears as soon as the third open answer was given, before the next request for the session.
      expect((await call(sandbox, signed(sandbox, ORDER))).status).toBe(404);
      const { body } = await call(sandbox, signed(sandbox, SESSION));
      expect(body.data).toMatchObject({ status: 'open', paymentStatus: 'unpaid', orderId: null });
    }
    expect((await call(sandbox, signed(sandbox, ORDER))).status).toBe(200);
    const { body } = await call(sandbox, signed(sandbox, SESSION));
    expect(body.data).toMatchObject({ status: 'complete', paymentStatus: 'paid', orderId: 'ord_open_ada' });
    const order = await call(sandbox, signed(sandbox, ORDER));
    expect(order.status).toBe(200);
    const session = SANDBOX_SESSIONS[0]!;
    expect(order.body.data).toMatchObject({
      orderId: 'ord_open_ada',
      customerId: session.customer!.customerId,
      priceDataList: session.priceDataList,
      amountSubtotal: session.amountSubtotal,
      amountTotal: session.amountTotal,
      paymentCurrency: session.paymentCurrency,
      originalCurrency: session.originalCurrency,
      status: 'success',
      sessionId: OPEN,
    });
    expect(Math.abs(order.body.data.createTime - Date.now())).toBeLessThan(60_000);
    // What the SDK will read: both records still parse with its schemas.
    expect(v.safeParse(OrderSchema, order.body.data).issues).toBeUndefined();
    expect(v.safeParse(CheckoutSessionSchema, body.data).issues).toBeUndefined();
  });

  test('counts only the requests answered with the session, not rejected ones or other sessions', async () => {
    const sandbox = createSandbox();
    sandbox.scenario({ kind: 'checkout-completes', sessionId: OPEN, afterRequests: 1 });
    await sandbox.fetch(new Request(`https://sandbox.test${SESSION}`)); // 401: no key
    await sandbox.fetch(signed(sandbox, `/api/checkout/session/${SANDBOX_IDS.sessions.grace}`));
    expect((await call(sandbox, signed(sandbox, SESSION))).body.data.status).toBe('open');
    expect((await call(sandbox, signed(sandbox, SESSION))).body.data.status).toBe('complete');
  });

  test('completes afterMs after the first request for the session, checked on any request', async () => {
    const { sandbox, advance, at } = clocked();
    sandbox.scenario({ kind: 'checkout-completes', sessionId: OPEN, afterMs: 20_000, orderId: 'ord_given' });
    advance(60_000); // the clock starts at the first request, not when the scenario is added
    for (let i = 0; i < 10; i++) {
      expect((await call(sandbox, signed(sandbox, SESSION, { timestamp: at() }))).body.data.status).toBe('open');
      advance(1_000);
    }
    advance(9_999);
    expect(sandbox.getOrder('ord_given')).toBeUndefined();
    advance(1);
    const order = await call(sandbox, signed(sandbox, '/api/order/ord_given', { timestamp: at() }));
    expect(order.status).toBe(200);
    expect(order.body.data.createTime).toBe(Number(at()));
    expect(sandbox.getSession(OPEN)).toMatchObject({ status: 'complete', paymentStatus: 'paid', orderId: 'ord_given' });
  });

  test('completes at whichever of afterRequests and afterMs comes first', async () => {
    const { sandbox, at } = clocked();
    sandbox.scenario({ kind: 'checkout-completes', sessionId: OPEN, afterMs: 1_000, afterRequests: 2 });
    await call(sandbox, signed(sandbox, SESSION, { timestamp: at() }));
    await call(sandbox, signed(sandbox, SESSION, { timestamp: at() }));
    expect(sandbox.getSession(OPEN)!.status).toBe('complete');
    const other = clocked();
    other.sandbox.scenario({ kind: 'checkout-completes', sessionId: OPEN, afterMs: 1_000, afterRequests: 100 });
    await call(other.sandbox, signed(other.sandbox, SESSION, { timestamp: other.at() }));
    other.advance(1_000);
    expect((await call(other.sandbox, signed(other.sandbox, SESSION, { timestamp: other.at() }))).body.data.status).toBe('complete');
  });

  test('does nothing once removed', async () => {
    const sandbox = createSandbox();
    const remove = sandbox.scenario({ kind: 'checkout-completes', sessionId: OPEN, afterRequests: 1 });
    remove();
    await call(sandbox, signed(sandbox, SESSION));
    expect((await call(sandbox, signed(sandbox, SESSION))).body.data.status).toBe('open');
  });

  test('rejects a session that does not exist, and bad numbers, naming the field', () => {
    const sandbox = createSandbox();
    const bad: [Scenario, RegExp][] = [
      [{ kind: 'checkout-completes', sessionId: 'cs_nope' }, /"scenario.sessionId" must name a stored session; there is no "cs_nope"/],
      [{ kind: 'checkout-completes', sessionId: '' }, /"scenario.sessionId" must be a non-empty string/],
      [{ kind: 'checkout-completes', sessionId: OPEN, afterRequests: 0 }, /"scenario.afterRequests" must be a positive integer/],
      [{ kind: 'checkout-completes', sessionId: OPEN, afterMs: -1 }, /"scenario.afterMs" must be a non-negative number/],
      [{ kind: 'checkout-completes', sessionId: OPEN, orderId: '' }, /"scenario.orderId"/],
      [{ kind: 'nope' } as never, /"scenario.kind" must be one of checkout-completes, rate-limited, flaky/],
      [{ kind: 'rate-limited', times: 1.5 }, /"scenario.times" must be a positive integer/],
      [{ kind: 'rate-limited', retryAfter: -1 }, /"scenario.retryAfter"/],
      [{ kind: 'rate-limited', target: { route: 'orders' as never } }, /"scenario.target.route" must be "order" or "session"/],
      [{ kind: 'flaky', failEvery: 0 }, /"scenario.failEvery" must be a positive integer/],
      [{ kind: 'flaky', status: 200 }, /"scenario.status" must be an integer from 400 to 599/],
    ];
    for (const [scenario, message] of bad) expect(() => sandbox.scenario(scenario)).toThrow(message);
    expect(() => sandbox.scenario(null as never)).toThrow(TypeError);
  });
});

describe('scenario rate-limited', () => {
  test('answers 429 with Retry-After to the next two matching requests, then normally', async () => {
    const sandbox = createSandbox();
    sandbox.scenario({ kind: 'rate-limited', target: { route: 'order' } });
    expect((await call(sandbox, signed(sandbox, SESSION))).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const { status, headers, body } = await call(sandbox, signed(sandbox, `/api/order/${SANDBOX_IDS.orders.ada}`));
      expect(status).toBe(429);
      expect(headers.get('retry-after')).toBe('1');
      expect(body).toEqual({ code: 429, msg: 'Too Many Requests', data: null });
    }
    expect((await call(sandbox, signed(sandbox, `/api/order/${SANDBOX_IDS.orders.ada}`))).status).toBe(200);
  });

  test('takes times and retryAfter', async () => {
    const sandbox = createSandbox();
    sandbox.scenario({ kind: 'rate-limited', times: 3, retryAfter: 'Wed, 25 Nov 2026 10:00:00 GMT' });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await sandbox.fetch(signed(sandbox, SESSION));
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('Wed, 25 Nov 2026 10:00:00 GMT');
    }
    expect(statuses).toEqual([429, 429, 429, 200]);
  });
});

describe('scenario flaky', () => {
  test('fails every second matching request with 503 by default, until removed', async () => {
    const sandbox = createSandbox();
    const remove = sandbox.scenario({ kind: 'flaky', target: { id: OPEN } });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await sandbox.fetch(signed(sandbox, SESSION))).status);
      await sandbox.fetch(signed(sandbox, `/api/order/${SANDBOX_IDS.orders.ada}`)); // another target: not counted
    }
    expect(statuses).toEqual([200, 503, 200, 503, 200, 503]);
    expect(sandbox.log.filter((entry) => entry.status === 503).every((entry) => entry.path === SESSION)).toBe(true);
    remove();
    expect((await sandbox.fetch(signed(sandbox, SESSION))).status).toBe(200);
    expect((await sandbox.fetch(signed(sandbox, SESSION))).status).toBe(200);
  });

  test('takes failEvery and status', async () => {
    const sandbox = createSandbox();
    sandbox.scenario({ kind: 'flaky', failEvery: 3, status: 500 });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await sandbox.fetch(signed(sandbox, SESSION))).status);
    expect(statuses).toEqual([200, 200, 500, 200, 200, 500]);
  });

  test('gives way to an injected fault', async () => {
    const sandbox = createSandbox();
    sandbox.scenario({ kind: 'flaky', failEvery: 1 });
    sandbox.fault({}, { kind: 'status', status: 418, times: 1 });
    expect((await sandbox.fetch(signed(sandbox, SESSION))).status).toBe(418);
    expect((await sandbox.fetch(signed(sandbox, SESSION))).status).toBe(503);
  });
});
