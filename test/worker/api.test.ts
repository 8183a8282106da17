import { getOrder, getSession } from 'checkout-lookup';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import worker from '../../worker/index.js';
import { bearer, expectNoSecrets, stableHeaders, upstreamRecord } from './helpers.js';
import { startLocal, toAnswer, useLocalStack } from './in-process.js';

/** Waits for a condition on the real event loop (setImmediate is not faked), for at most 5 s of real time. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const stack = useLocalStack();
let ada: string;
let adaCookie: string;
let grace: string;

beforeAll(async () => {
  ada = await stack.token('cus_ada');
  adaCookie = await stack.cookie('cus_ada');
  grace = await stack.token('cus_grace');
});

describe('GET /api/order/:id', () => {
  test('answers its owner in the service wire format, without the payment instrument or metadata', async () => {
    const upstream = await upstreamRecord(stack, '/api/order/ord_ada_1');
    const answer = await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) });

    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const { code, msg, data } = answer.json();
    expect(code).toBe(0);
    expect(typeof msg).toBe('string');
    expect(data.createTime).toBe(upstream.createTime);
    expect(data.paymentMethod).toEqual({ paymentMethodType: 'CARD' });
    expect(data).not.toHaveProperty('metadata');
    const { metadata: _metadata, paymentMethod: _method, ...rest } = upstream;
    expect(data).toMatchObject(rest);
    expect(answer.body).not.toContain(upstream.paymentMethod.paymentInstrumentId);
    expect(answer.body).not.toContain(upstream.metadata.giftMessage);
  });

  test('answers 404 for an order that does not exist', async () => {
    const answer = await stack.send('/api/order/ord_nobody', { headers: bearer(ada) });
    expect(answer.status).toBe(404);
    expect(answer.json()).toEqual({ code: 404, msg: 'Not found', data: null });
  });

  test("answers another customer's order with the very same 404 as a missing one", async () => {
    const missing = await stack.send('/api/order/ord_nobody', { headers: bearer(ada) });
    const foreign = await stack.send('/api/order/ord_grace_1', { headers: bearer(ada) });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(stableHeaders(foreign)).toEqual(stableHeaders(missing));
    // And the owner does see it, so the 404 above is about ownership.
    expect((await stack.send('/api/order/ord_grace_1', { headers: bearer(grace) })).status).toBe(200);
  });
});

// Fields the service might add, or sends for the merchant only: none of them may reach a customer.
const LEAKY_ORDER = {
  cardFingerprint: 'fp_LEAK_1',
  internalNote: 'LEAK_2 refund risk',
  riskAssessment: { score: 'LEAK_3' },
  metadata: { giftMessage: 'LEAK_4' },
};
const LEAKY_ORDER_METHOD = { paymentInstrumentId: 'pi_LEAK_5', billingAddress: { line1: 'LEAK_6' }, cardLast4: 'LEAK_7' };
const LEAKY_ITEM = { costPrice: 'LEAK_8', supplierId: 'LEAK_9' };
const LEAKY_SESSION = {
  token: 'tok_LEAK_10',
  metadata: { note: 'LEAK_11' },
  clientSecret: 'LEAK_12',
  paymentMethod: { paymentInstrumentId: 'LEAK_13' },
};
const LEAKY_PARTS = {
  customer: { internalSegment: 'LEAK_14' },
  product: { costPrice: 'LEAK_15' },
  price: { internalCode: 'LEAK_16' },
  priceList: { margin: 'LEAK_17' },
};

describe('the allow-list: only documented fields leave', () => {
  test('an order with 9 undocumented or merchant-only fields answers none of them, and every documented one', async () => {
    const upstream = await upstreamRecord(stack, '/api/order/ord_ada_1');
    stack.sandbox.putOrder({
      ...upstream,
      orderId: 'ord_ada_leaky',
      ...LEAKY_ORDER,
      paymentMethod: { ...upstream.paymentMethod, ...LEAKY_ORDER_METHOD },
      priceDataList: upstream.priceDataList.map((item: object) => ({ ...item, ...LEAKY_ITEM })),
    });
    const answer = await stack.send('/api/order/ord_ada_leaky', { headers: bearer(ada) });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('LEAK');
    const { metadata: _metadata, paymentMethod, ...documented } = upstream;
    expect(answer.json().data).toEqual({
      ...documented,
      orderId: 'ord_ada_leaky',
      paymentMethod: { paymentMethodType: paymentMethod.paymentMethodType },
    });
    // The page shows the same view.
    const page = await stack.send('/orders/ord_ada_leaky', { headers: { Cookie: adaCookie } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('LEAK');
  });

  test('a session with 8 undocumented or merchant-only fields, nested ones included, answers none of them', async () => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    stack.sandbox.putSession({
      ...upstream,
      sessionId: 'cs_ada_leaky',
      ...LEAKY_SESSION,
      customer: { ...upstream.customer, ...LEAKY_PARTS.customer },
      product: { ...upstream.product, ...LEAKY_PARTS.product },
      price: {
        ...upstream.price,
        ...LEAKY_PARTS.price,
        priceList: upstream.price.priceList.map((entry: object) => ({ ...entry, ...LEAKY_PARTS.priceList })),
      },
    });
    const answer = await stack.send('/api/checkout/session/cs_ada_leaky', { headers: bearer(ada) });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('LEAK');
    const { token: _token, ...documented } = upstream;
    expect(answer.json().data).toEqual({ ...documented, sessionId: 'cs_ada_leaky' });
    const page = await stack.send('/sessions/cs_ada_leaky', { headers: { Cookie: adaCookie } });
    expect(page.body).not.toContain('LEAK');
  });

  test('all 17 planted fields are distinct and were really sent by the service', async () => {
    const order = JSON.stringify(await upstreamRecord(stack, '/api/order/ord_ada_leaky'));
    const session = JSON.stringify(await upstreamRecord(stack, '/api/checkout/session/cs_ada_leaky'));
    const planted = new Set([...`${order}${session}`.matchAll(/LEAK_(\d+)/g)].map((match) => match[1]));
    expect(planted.size).toBe(17);
  });
});

describe('a record that fails the SDK validation', () => {
  test.each([
    ['a wrong-typed amount', { amountTotal: '71.17' }],
    ['an object where a string belongs', { merchantReferenceId: { text: 'ADA' } }],
    ['a wrong-typed line item field', { priceDataList: [{ name: 'Lamp', unitAmount: 'free', quantity: 1, currency: 'EUR' }] }],
  ])('%s: 502 on the JSON route and the page, every time, with nothing of the record', async (_name, change) => {
    const upstream = await upstreamRecord(stack, '/api/order/ord_ada_1');
    // The sandbox refuses to store such a record (it checks records with the SDK's schemas), so the service's
    // answer for ord_ada_broken is made here: ord_ada_1's own envelope with the one field changed.
    const broken = startLocal({
      upstream: async (request, sandbox) => {
        if (!new URL(request.url).pathname.endsWith('/ord_ada_broken')) return sandbox.fetch(request);
        const envelope = (await (await sandbox.fetch(new Request(request.url.replace('ord_ada_broken', 'ord_ada_1'), request))).json()) as object;
        return Response.json({ ...envelope, data: { ...upstream, ...change, orderId: 'ord_ada_broken' } });
      },
    });
    const [token, cookie] = [await broken.token('cus_ada'), await broken.cookie('cus_ada')];
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const json = await broken.send('/api/order/ord_ada_broken', { headers: bearer(token) });
        expect(json.status).toBe(502);
        expect(json.json().data).toBeNull();
        const page = await broken.send('/orders/ord_ada_broken', { headers: { Cookie: cookie } });
        expect(page.status).toBe(502);
        expect(page.body).not.toContain(upstream.merchantReferenceId);
      }
      expect(broken.logs.at(-1)?.error).toMatchObject({ name: 'ValidationError' });
      // The control: the same stack serves the untouched record.
      expect((await broken.send('/api/order/ord_ada_1', { headers: bearer(token) })).status).toBe(200);
    } finally {
      expectNoSecrets(broken);
      await broken.close();
    }
  });
});

describe('identical requests at once', () => {
  test('each makes its own lookup and checks ownership itself', async () => {
    const remove = stack.sandbox.fault({ route: 'order', id: 'ord_ada_1' }, { kind: 'latency', ms: 50 });
    stack.sandbox.clearLog();
    try {
      const answers = await Promise.all([
        stack.send('/api/order/ord_ada_1', { headers: bearer(ada) }),
        stack.send('/api/order/ord_ada_1', { headers: bearer(ada) }),
        stack.send('/orders/ord_ada_1', { headers: { Cookie: adaCookie } }),
        stack.send('/api/order/ord_ada_1', { headers: bearer(grace) }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 404]);
      expect(answers[1]?.json().data.orderId).toBe('ord_ada_1');
      expect(stack.sandbox.log).toHaveLength(4);
    } finally {
      remove();
    }
  });
});

describe('GET /api/checkout/session/:id', () => {
  test('answers its customer without the session token, dates as ISO strings', async () => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    const answer = await stack.send('/api/checkout/session/cs_open_ada', { headers: bearer(ada) });

    expect(answer.status).toBe(200);
    const { data } = answer.json();
    expect(data).not.toHaveProperty('token');
    expect(new Date(data.created).getTime()).toBe(new Date(upstream.created).getTime());
    expect(data.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(data.expire).getTime()).toBe(new Date(upstream.expire).getTime());
    expect(data.customer.customerId).toBe('cus_ada');
    expect(upstream.token).toEqual(expect.any(String));
    expect(answer.body).not.toContain(upstream.token);
  });

  test("answers another customer's session with the very same 404 as a missing one", async () => {
    const missing = await stack.send('/api/checkout/session/cs_nobody', { headers: bearer(ada) });
    const foreign = await stack.send('/api/checkout/session/cs_open_grace', { headers: bearer(ada) });
    expect(missing.status).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(stableHeaders(foreign)).toEqual(stableHeaders(missing));
    expect((await stack.send('/api/checkout/session/cs_open_grace', { headers: bearer(grace) })).status).toBe(200);
  });
});

describe('the SDK pointed at the worker, as a shop page would use it', () => {
  test('reads an order and a session with the token and no API key', async () => {
    const options = { baseUrl: stack.url, headers: bearer(ada), fetch: async (request: Request) => worker.fetch(request, stack.env) };
    const order = await getOrder('ord_ada_1', options);
    expect(order.createTime).toBeInstanceOf(Date);
    expect(order.createTime?.getTime()).toBe((await upstreamRecord(stack, '/api/order/ord_ada_1')).createTime);
    expect(order.paymentMethod?.paymentInstrumentId).toBeUndefined();
    const session = await getSession('cs_open_ada', options);
    expect(session.created).toBeInstanceOf(Date);
    expect(session.token).toBeUndefined();
  });

  test("gets an ApiError 404 for another customer's order", async () => {
    const fetch = async (request: Request) => worker.fetch(request, stack.env);
    await expect(getOrder('ord_grace_1', { baseUrl: stack.url, headers: bearer(ada), maxRetries: 0, fetch })).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
    });
  });
});

describe('ids that are not ids', () => {
  const paths = [
    '/api/order/ord_ada_1/extra',
    '/api/order/..',
    '/api/order/.',
    '/api/order/%2e%2e',
    '/api/order/..%2F..%2Fapi%2Forder%2Ford_grace_1',
    '/api/order/ord_ada_1%2F..%2Ford_grace_1',
    '/api/order/ord_ada_1%2F',
    '/api/order/%ZZ',
    '/api/order/%00',
    `/api/order/${'a'.repeat(300)}`,
    '/api/order/',
    '/api/checkout/session/cs_open_ada/..',
    '/api/checkout/session/..%2Fcs_open_grace',
    `/api/checkout/session/${'c'.repeat(300)}`,
  ];

  test.each(paths)('%s answers the same 404 and never reaches the service', async (path) => {
    const reference = await stack.send('/api/order/ord_nobody', { headers: bearer(ada) });
    stack.sandbox.clearLog();
    const answer = await stack.send(path, { headers: bearer(ada) });
    expect(answer.status).toBe(404);
    expect(answer.body).toBe(reference.body);
    expect(stack.sandbox.log).toEqual([]);
  });

  test('a 128-character id is still looked up', async () => {
    stack.sandbox.clearLog();
    const answer = await stack.send(`/api/order/${'a'.repeat(128)}`, { headers: bearer(ada) });
    expect(answer.status).toBe(404);
    expect(stack.sandbox.log).toHaveLength(1);
  });

  test('the service sees an id percent-encoded in one path segment', async () => {
    stack.sandbox.clearLog();
    await stack.send('/api/order/ord:ada.1', { headers: bearer(ada) });
    expect(stack.sandbox.log.map((entry) => entry.path)).toEqual(['/api/order/ord%3Aada.1']);
  });
});

describe('when the service fails', () => {
  test("the request id is the worker's own: one the client sends is neither echoed nor used", async () => {
    const remove = stack.sandbox.fault({ route: 'order' }, { kind: 'status', status: 500, msg: 'failed' });
    try {
      const answer = await stack.send('/api/order/ord_ada_1', { headers: { ...bearer(ada), 'X-Request-Id': 'chosen-by-the-client' } });
      expect(answer.status).toBe(502);
      expect(answer.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['x-request-id']).toBe(answer.json().requestId);
    } finally {
      remove();
    }
    const found = await stack.send('/api/order/ord_ada_1', { headers: { ...bearer(ada), 'X-Request-Id': 'chosen-by-the-client' } });
    expect(found.status).toBe(200);
    expect(found.headers['x-request-id']).toBeUndefined();
  });

  test('a 500 becomes 502 with a request id and none of the service text', async () => {
    const remove = stack.sandbox.fault({ route: 'order' }, { kind: 'status', status: 500, msg: 'db-password-in-stack-trace' });
    try {
      const answer = await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) });
      expect(answer.status).toBe(502);
      const body = answer.json();
      expect(body).toEqual({ code: 502, msg: expect.any(String), data: null, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(answer.headers['x-request-id']).toBe(body.requestId);
      expect(answer.body).not.toContain('db-password');
    } finally {
      remove();
    }
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  test('a stalled answer becomes 504 once the deadline passes, not before', async () => {
    const remove = stack.sandbox.fault({ route: 'session' }, { kind: 'stall' });
    // Date too: the SDK's deadline counts from the call's start by the clock, so real time spent before the timer is
    // armed would otherwise come off the 2,000 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      let settled = false;
      stack.sandbox.clearLog();
      const pending = stack.respond('/api/checkout/session/cs_open_ada', { headers: bearer(ada) }).finally(() => (settled = true));
      // The deadline's timer exists once the request reached the service (token checks before it are real async work).
      await until(() => stack.sandbox.log.length === 1);
      await vi.advanceTimersByTimeAsync(1999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const answer = await toAnswer(await pending);
      expect(answer.status).toBe(504);
      expect(answer.json()).toMatchObject({ code: 504, data: null, requestId: expect.any(String) });
    } finally {
      remove();
    }
  });

  test('a slow answer becomes 504', async () => {
    const remove = stack.sandbox.fault({ route: 'order' }, { kind: 'latency', ms: 10_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      stack.sandbox.clearLog();
      const pending = stack.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
      await until(() => stack.sandbox.log.length === 1);
      await vi.advanceTimersByTimeAsync(2000);
      expect((await pending).status).toBe(504);
    } finally {
      remove();
    }
  });

  test.each([
    ['a dropped connection', { kind: 'drop' }],
    ['an HTML page', { kind: 'html' }],
    ['a truncated body', { kind: 'truncated' }],
    ['a 401 (a wrong API key)', { kind: 'status', status: 401 }],
    ['a 429', { kind: 'status', status: 429, retryAfter: 3600 }],
  ] as const)('%s becomes 502', async (_name, fault) => {
    const remove = stack.sandbox.fault({ route: 'order' }, fault);
    try {
      const answer = await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) });
      expect(answer.status).toBe(502);
      expect(Object.keys(answer.json()).sort()).toEqual(['code', 'data', 'msg', 'requestId']);
    } finally {
      remove();
    }
  });

  test('a 404 from the service is the same 404', async () => {
    const reference = await stack.send('/api/order/ord_nobody', { headers: bearer(ada) });
    const remove = stack.sandbox.fault({ route: 'order' }, { kind: 'status', status: 404, msg: 'no such order ord_ada_1 in shard 7' });
    try {
      const answer = await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) });
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(reference.body);
    } finally {
      remove();
    }
  });

  test('the worker sends the API key to the service, and the service log masks it', async () => {
    stack.sandbox.clearLog();
    await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) });
    const [entry] = stack.sandbox.log;
    expect(entry?.status).toBe(200);
    expect(entry?.headers['x-api-key']).not.toBe(stack.apiKey);
    expect(entry?.headers['x-timestamp']).toMatch(/^\d+$/);
  });
});
