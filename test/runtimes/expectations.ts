import { expect, inject } from 'vitest';
import type { Facts } from './checks.js';
import type { Service } from './service.js';

// Some of what the package exports; each runtime must see exactly what Node 24 sees (runtimesExports).
const CORE_EXPORTS = [
  'ApiError',
  'CheckoutSessionSchema',
  'InvalidIdError',
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
 * never carrying the key; and on the sandbox's side, the requests it answered since log index `from`.
 */
export function expectChecksPassed(facts: Facts, service: Service, from: number, label: string): void {
  const { order, session } = service.wire;
  expect(facts.exports).toEqual(inject('runtimesExports'));
  expect(facts.exports).toEqual(expect.arrayContaining(CORE_EXPORTS));
  expect(facts.order).toEqual({
    orderId: order.orderId,
    createTimeIsDate: true,
    createTime: new Date(order.createTime).toISOString(),
    amountTotal: order.amountTotal,
    firstItem: order.priceDataList[0],
    paymentMethodType: order.paymentMethod.paymentMethodType,
    unknownFieldKept: 'kept',
  });
  expect(facts.session).toEqual({
    sessionId: session.sessionId,
    status: session.status,
    createdIsDate: true,
    created: new Date(session.created).toISOString(),
    expire: new Date(session.expire).toISOString(),
    freeTrialDays: session.price.recurring.freeTrialDays,
    successUrl: session.successUrl,
  });
  expect(facts.retried).toBe(`ord_flaky_${label}`);

  expect(facts.validationError).toMatchObject({
    name: 'ValidationError',
    instanceOf: classes('ValidationError'),
    isLookupError: true,
    issues: [{ path: '', message: expect.stringContaining('JSON') }],
  });
  expect(facts.apiError).toMatchObject({
    name: 'ApiError',
    instanceOf: classes('ApiError'),
    isLookupError: true,
    status: 404,
    code: 404,
    message: expect.stringContaining('not found'),
    requestId: expect.stringMatching(/^req_[0-9a-f]{24}$/), // the sandbox's X-Request-Id
  });
  expect(facts.unauthorized).toMatchObject({ name: 'ApiError', instanceOf: classes('ApiError'), status: 401, code: 401 });
  expect(facts.networkError).toMatchObject({
    name: 'NetworkError',
    instanceOf: classes('NetworkError'),
    isLookupError: true,
    hasCause: true,
  });
  expect(facts.timeoutError).toMatchObject({ name: 'TimeoutError', instanceOf: classes('TimeoutError'), isLookupError: true });
  expect(facts.typeError).toMatchObject({ name: 'TypeError', instanceOf: classes('TypeError'), isLookupError: false });
  // A bad id is an InvalidIdError, a subclass of TypeError, never a LookupError: no request went out.
  expect(facts.badId).toMatchObject({ name: 'InvalidIdError', instanceOf: { TypeError: true, LookupError: false }, isLookupError: false });
  for (const check of ['validationError', 'apiError', 'unauthorized', 'networkError', 'timeoutError', 'typeError', 'badId']) {
    // The caller's frame is in every stack, a TimeoutError's (its deadline fired in a timer) included.
    expect(facts[check], check).toMatchObject({ mentionsKey: false, callerInStack: true });
  }
  expect((facts.apiError as { origin: string }).origin).toMatch(/^http:\/\/[^/]+$/);
  // 100 calls on one signal: no runtime warns. The runtime's AbortSignal.any adds no listener to it; happy-dom's own
  // AbortSignal.any (a happy-dom window's signals are happy-dom's) adds one per call, and warns of nothing.
  expect(facts.sharedSignal).toMatchObject({ calls: 100, rejectedWith: ['NetworkError'], warnings: [] });
  if (label !== 'happy-dom') expect((facts.sharedSignal as { listenersAdded: number }).listenersAdded).toBe(0);

  // The sandbox's side: what the SDK really sent over the socket, and how the sandbox answered. It checks the key
  // (401 when wrong) and that X-Timestamp is within 5 minutes of its clock (401 otherwise).
  const gets = service.gets(from);
  expect(gets.map((entry) => `${entry.path} ${entry.status}${entry.fault ? ` ${entry.fault}` : ''}`)).toEqual([
    '/api/order/ord_ada_1 200',
    '/api/checkout/session/cs_open_ada 200',
    `/api/order/ord_flaky_${label} 503 status`,
    `/api/order/ord_flaky_${label} 200`,
    '/api/order/ord_bad_json 200 truncated',
    '/api/order/ord_missing 404',
    '/api/order/ord_ada_1 401', // with the wrong key
    '/api/order/ord_stall 200 stall',
  ]);
  gets.forEach((entry, index) => {
    expect(entry.headers.accept, `Accept of request ${index}`).toBe('application/json');
    expect(entry.headers['x-timestamp'], `X-Timestamp of request ${index}`).toMatch(/^\d{13}$/);
  });
  const [first, retry] = gets.slice(2, 4).map((entry) => Number(entry.headers['x-timestamp']));
  // A fresh timestamp for the retry, taken after the backoff.
  expect(retry).toBeGreaterThan(first ?? Number.POSITIVE_INFINITY);
}
