import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, stableHeaders } from './helpers.js';
import type { Answer } from './helpers.js';
import { useLocalStack, withLocalStack } from './in-process.js';

const SHOP = 'https://shop.example';

const stack = useLocalStack({ vars: { ALLOWED_ORIGINS: `${SHOP}, https://other-shop.example` } });
let ada: string;
beforeAll(async () => {
  ada = await stack.token('cus_ada');
});
afterAll(async () => {
  // Every answer of this file, whatever its route and status.
  for (const answer of stack.answers) expectCommonHeaders(answer);
});

function expectCommonHeaders(answer: Answer) {
  expect(answer.headers['cache-control']).toBe('private, no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

describe('methods', () => {
  test.each(['/api/order/ord_ada_1', '/orders/ord_ada_1', '/', '/sign-in'])('HEAD %s: the GET status and headers, no body', async (path) => {
    const headers = { ...bearer(ada), Cookie: await stack.cookie('cus_ada') };
    const get = await stack.send(path, { headers });
    const head = await stack.send(path, { method: 'HEAD', headers });
    expect(head.status).toBe(get.status);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
  });

  test('OPTIONS without CORS: 204 with Allow', async () => {
    const answer = await stack.send('/api/order/ord_ada_1', { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  test('POST is taken by /sign-in and /sign-out only', async () => {
    for (const path of ['/orders/ord_ada_1', '/sessions/cs_open_ada', '/', '/api/checkout/session/cs_open_ada']) {
      expect((await stack.send(path, { method: 'POST', headers: { Origin: stack.url } })).status).toBe(405);
    }
  });

  // TRACE, which Node's Request refuses to build, is in the workerd suite.
  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s: 405 with Allow', async (method) => {
    const answer = await stack.send('/api/order/ord_ada_1', { method, headers: bearer(ada) });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(answer.json()).toEqual({ code: 405, msg: expect.any(String), data: null });
  });

  // RFC 9110 §10.2.1: Allow lists every method the path takes (in any order), and /sign-in and /sign-out take their form's POST.
  const methods = (allow: unknown) => String(allow).split(', ').sort();
  test.each(['/sign-in', '/sign-out'])('%s: OPTIONS and 405 name POST in Allow', async (path) => {
    const options = await stack.send(path, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(methods(options.headers.allow)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(options.headers['content-type']).toBeUndefined();
    const put = await stack.send(path, { method: 'PUT', headers: { Origin: stack.url } });
    expect(put.status).toBe(405);
    expect(methods(put.headers.allow)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });

  test('a 405 on a page path is JSON, with nothing of the page it is not', async () => {
    const answer = await stack.send('/orders/ord_ada_1', { method: 'DELETE', headers: { Cookie: await stack.cookie('cus_ada') } });
    expect(answer.status).toBe(405);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-language']).toBeUndefined();
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test('a path no route takes: 404 to every method, OPTIONS included (there is nothing to allow)', async () => {
    for (const [path, method] of [
      ['/api/unknown', 'POST'],
      ['/nothing-here', 'PUT'],
      ['/orders/a/b', 'DELETE'],
      ['/nothing-here', 'OPTIONS'],
    ] as const) {
      const answer = await stack.send(path, { method, headers: { Origin: stack.url } });
      expect([path, method, answer.status, answer.headers.allow]).toEqual([path, method, 404, undefined]);
      expect(answer.json()).toEqual({ code: 404, msg: 'Not found', data: null });
    }
  });

  test('unknown paths: 404, JSON under /api and HTML elsewhere', async () => {
    const api = await stack.send('/api/unknown', { headers: bearer(ada) });
    expect(api.status).toBe(404);
    expect(api.json()).toEqual({ code: 404, msg: 'Not found', data: null });
    const page = await stack.send('/nothing-here');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('CORS', () => {
  test('an allowed origin gets Access-Control-Allow-Origin, and Vary: Origin', async () => {
    const answer = await stack.send('/api/order/ord_ada_1', { headers: { ...bearer(ada), Origin: SHOP } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(SHOP);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers.vary).toContain('Origin');
  });

  test('another origin gets no CORS header', async () => {
    for (const origin of ['https://evil.example', 'https://shop.example.evil.example', 'null', `${SHOP}:8443`]) {
      const answer = await stack.send('/api/order/ord_ada_1', { headers: { ...bearer(ada), Origin: origin } });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      // Nothing of CORS at all: which headers a page may read is said to allowed origins only.
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect(answer.headers.vary).toContain('Origin');
    }
  });

  test('an error answer to an allowed origin is readable too (so the SDK sees 401/404)', async () => {
    const answer = await stack.send('/api/order/ord_grace_1', { headers: { ...bearer(ada), Origin: SHOP } });
    expect(answer.status).toBe(404);
    expect(answer.headers['access-control-allow-origin']).toBe(SHOP);
  });

  test('a preflight from an allowed origin allows the SDK headers', async () => {
    const answer = await stack.send('/api/order/ord_ada_1', {
      method: 'OPTIONS',
      headers: { Origin: SHOP, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization, x-timestamp' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(SHOP);
    expect(String(answer.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(['GET', 'HEAD', 'OPTIONS']);
    const allowed = String(answer.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('x-timestamp');
  });

  test('a preflight from another origin: 403 without CORS headers', async () => {
    const answer = await stack.send('/api/order/ord_ada_1', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
  });

  test('without ALLOWED_ORIGINS no origin is allowed', async () => {
    await withLocalStack({}, async (plain) => {
      const answer = await plain.send('/api/order/ord_ada_1', { headers: { ...bearer(await plain.token('cus_ada')), Origin: SHOP } });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('rate limit (the Workers rate-limit binding)', () => {
  // The binding's interface in memory; the real binding runs in the workerd suite (workerd.test.ts).
  const limited = useLocalStack({ rateLimit: { limit: 3 } });

  test('limits each signed-in customer on their own, with 429 and Retry-After', async () => {
    const adaToken = await limited.token('cus_ada');
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await limited.send('/api/order/ord_ada_1', { headers: bearer(adaToken) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const over = await limited.send('/orders/ord_ada_1', { headers: { Cookie: await limited.cookie('cus_ada') } });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('60');
    const json = await limited.send('/api/checkout/session/cs_open_ada', { headers: bearer(adaToken) });
    expect(json.status).toBe(429);
    expect(json.headers['retry-after']).toBe('60');
    expect(json.json()).toEqual({ code: 429, msg: expect.any(String), data: null });
    // Another customer has their own budget.
    const graceToken = await limited.token('cus_grace');
    expect((await limited.send('/api/order/ord_grace_1', { headers: bearer(graceToken) })).status).toBe(200);
  });

  test('without the binding there is no limit', async () => {
    const statuses = new Set<number>();
    for (let index = 0; index < 8; index += 1) {
      statuses.add((await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) })).status);
    }
    expect([...statuses]).toEqual([200]);
  });
});

describe('a missing or malformed setting', () => {
  test.each([
    ['API_BASE_URL', undefined, 'API_BASE_URL'],
    ['API_KEY', undefined, 'API_KEY'],
    ['AUTH_SECRET', undefined, 'AUTH_SECRET'],
    ['AUTH_SECRET', 'tiny-x9q', 'AUTH_SECRET'],
    ['API_BASE_URL', 'ftp://127.0.0.1/', 'API_BASE_URL'],
    ['API_BASE_URL', 'http://127.0.0.1:9/?region=eu', 'API_BASE_URL'],
    ['API_KEY', 'sk key with spaces', 'API_KEY'],
    ['SHOP_URL', 'javascript:alert(1)', 'SHOP_URL'],
    ['UPSTREAM_TIMEOUT_MS', '-5', 'UPSTREAM_TIMEOUT_MS'],
  ])('%s = %s: every route answers 500 naming %s, and nothing is looked up', async (name, value, named) => {
    await withLocalStack({ vars: { [name]: value } }, async (broken) => {
      const token = await broken.token('cus_ada');
      const requests: [string, { method?: string; headers?: Record<string, string> }][] = [
        ['/api/order/ord_ada_1', { headers: bearer(token) }],
        ['/api/checkout/session/cs_open_ada', { headers: bearer(token) }],
        ['/orders/ord_ada_1', { headers: { Cookie: await broken.cookie('cus_ada') } }],
        [`/sign-in?token=${token}`, {}],
        ['/', {}],
        ['/api/order/ord_ada_1', { method: 'OPTIONS' }],
        ['/api/order/ord_ada_1', { method: 'POST' }],
      ];
      for (const [path, init] of requests) {
        const answer = await broken.send(path, init);
        expect(answer.status).toBe(500);
        const body = answer.json();
        expect(body.data).toBeNull();
        expect(body.msg).toContain(named);
        if (value !== undefined) expect(answer.body).not.toContain(value);
        expectCommonHeaders(answer);
      }
      expect(broken.sandbox.log).toEqual([]);
    });
  });
});

describe('Server-Timing and the log line', () => {
  test('an answer that waited for the service says how long, in Server-Timing', async () => {
    const answer = await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) });
    expect(answer.headers['server-timing']).toMatch(/^upstream;dur=\d+(\.\d+)?$/);
    expect((await stack.send('/')).headers['server-timing']).toBeUndefined();
  });

  test('one JSON line per request: id, method, route, status, upstream ms; no token, key, id or customer data', async () => {
    stack.logs.length = 0;
    await stack.send('/api/order/ord_ada_1', { headers: bearer(ada) });
    await stack.send('/orders/ord_grace_1', { headers: { Cookie: await stack.cookie('cus_ada') } });
    await stack.send(`/sign-in?token=${ada}`);
    await stack.send('/sign-in?next=%2F');
    const remove = stack.sandbox.fault({ route: 'session' }, { kind: 'status', status: 500, msg: 'secret stack trace' });
    const failed = await stack.send('/api/checkout/session/cs_open_ada', { headers: bearer(ada) });
    remove();
    expect(stack.logs).toHaveLength(5);
    expect(stack.logs.map(({ route, status, method }) => [method, route, status])).toEqual([
      ['GET', '/api/order/:id', 200],
      ['GET', '/orders/:id', 404],
      ['GET', '/sign-in', 303],
      ['GET', '/sign-in', 401],
      ['GET', '/api/checkout/session/:id', 502],
    ]);
    for (const line of stack.logs.slice(0, 4)) expect(line).not.toHaveProperty('error');
    for (const line of stack.logs) {
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof line.ms).toBe('number');
    }
    expect(stack.logs[0]!.upstreamMs).toEqual(expect.any(Number));
    expect(stack.logs[2]!.upstreamMs).toBeNull();
    // The failure's line carries the id the customer was shown, and the error's name and status only.
    expect(stack.logs[4]!.requestId).toBe(failed.json().requestId);
    expect(stack.logs[4]!.error).toEqual({ name: 'ApiError', status: 500, code: 500 });
    const text = JSON.stringify(stack.logs);
    for (const secret of [
      ada,
      stack.apiKey,
      stack.authSecret,
      'cus_ada',
      'ord_ada_1',
      'ord_grace_1',
      'cs_open_ada',
      'secret stack trace',
      'ada@example.com',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

test('404 answers carry no per-request header (so two of them are identical)', async () => {
  const one = await stack.send('/api/order/ord_nobody', { headers: bearer(ada) });
  const two = await stack.send('/api/order/ord_grace_1', { headers: bearer(ada) });
  expect(stableHeaders(one)).toEqual(stableHeaders(two));
  expect(one.headers['x-request-id']).toBeUndefined();
});
