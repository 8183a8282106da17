import { expect } from 'vitest';
import type { Facts } from './child.js';
import { order, type Seen, session } from './server.js';

const EXPORTS = [
  'ApiError',
  'CheckoutSessionSchema',
  'LookupError',
  'NetworkError',
  'OrderSchema',
  'PriceDataItemSchema',
  'TimeoutError',
  'ValidationError',
  'getOrder',
  'getSession',
  'isLookupError',
];

/** The `instanceof` answers an error of class `name` must give: its class, LookupError (for ours), Error. */
function classes(name: 'ApiError' | 'NetworkError' | 'TimeoutError' | 'ValidationError' | 'TypeError') {
  const ours = name !== 'TypeError';
  return {
    LookupError: ours,
    ApiError: name === 'ApiError',
    NetworkError: name === 'NetworkError',
    TimeoutError: name === 'TimeoutError',
    ValidationError: name === 'ValidationError',
    Error: true,
    TypeError: name === 'TypeError',
  };
}

/**
 * What every runtime must show: both lookups through a real socket, dates as `Date`s, the unknown field kept, a
 * 503 retried, and each error class raised as itself (`instanceof` the exported class, with its literal `name`),
 * never carrying the key. `seen` is what the server recorded during this run only.
 */
export function expectChecksPassed(facts: Facts, seen: readonly Seen[], label: string): void {
  expect(facts['exports']).toEqual(EXPORTS);
  expect(facts['order']).toEqual({
    orderId: order.orderId,
    createTimeIsDate: true,
    createTime: new Date(order.createTime).toISOString(),
    amountTotal: order.amountTotal,
    firstItem: order.priceDataList[0],
    paymentMethodType: 'CARD',
    unknownFieldKept: 'kept',
  });
  expect(facts['session']).toEqual({
    sessionId: session.sessionId,
    status: 'open',
    createdIsDate: true,
    created: '2026-01-01T00:00:00.000Z',
    expire: '2026-01-02T00:00:00.000Z',
    freeTrialDays: 7,
    successUrl: session.successUrl,
  });
  expect(facts['retried']).toBe(`ord_flaky_${label}`);

  expect(facts['validationError']).toMatchObject({
    name: 'ValidationError',
    instanceOf: classes('ValidationError'),
    isLookupError: true,
    issues: [{ path: '', message: expect.stringContaining('JSON') }],
  });
  expect(facts['apiError']).toMatchObject({
    name: 'ApiError',
    instanceOf: classes('ApiError'),
    isLookupError: true,
    status: 404,
    code: 404,
    message: expect.stringContaining('not found'),
  });
  expect(facts['unauthorized']).toMatchObject({ name: 'ApiError', instanceOf: classes('ApiError'), status: 401, code: 401 });
  expect(facts['networkError']).toMatchObject({
    name: 'NetworkError',
    instanceOf: classes('NetworkError'),
    isLookupError: true,
    hasCause: true,
  });
  expect(facts['timeoutError']).toMatchObject({ name: 'TimeoutError', instanceOf: classes('TimeoutError'), isLookupError: true });
  expect(facts['typeError']).toMatchObject({ name: 'TypeError', instanceOf: classes('TypeError'), isLookupError: false });
  for (const check of ['validationError', 'apiError', 'unauthorized', 'networkError', 'timeoutError', 'typeError']) {
    expect(facts[check], check).toMatchObject({ mentionsKey: false });
  }

  // The server's side: what the SDK really sent over the socket.
  const gets = seen.filter((request) => request.method === 'GET');
  expect(gets.map((request) => request.path.replace(/^\/proxy/, ''))).toEqual([
    '/api/order/ord_ada_1',
    '/api/checkout/session/cs_open_ada',
    `/api/order/ord_flaky_${label}`,
    `/api/order/ord_flaky_${label}`,
    '/api/order/ord_bad_json',
    '/api/order/ord_missing',
    '/api/order/ord_ada_1', // with the wrong key
    '/api/order/ord_stall',
  ]);
  gets.forEach((request, index) => {
    expect(request.keyMatches, `X-API-KEY of request ${index}`).toBe(index !== 6);
    expect(request.accept, `Accept of request ${index}`).toBe('application/json');
    expect(request.timestamp, `X-Timestamp of request ${index}`).toMatch(/^\d{13}$/);
    expect(Math.abs(Number(request.timestamp) - Date.now()), `X-Timestamp of request ${index}`).toBeLessThan(120_000);
  });
  const [first, retry] = gets.slice(2, 4).map((request) => Number(request.timestamp));
  // A fresh timestamp for the retry, taken after the backoff.
  expect(retry).toBeGreaterThan(first ?? Number.POSITIVE_INFINITY);
}
