import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { kindOf, UNSAFE } from '../../src/core/message.js';
import * as pkg from '../../src/index.js';
import { ApiError, getOrder, InvalidIdError, isLookupError, LookupError, NetworkError, TimeoutError, ValidationError } from '../../src/index.js';
import { envelope, KEY, ok, options, order, recordingFetch, settle } from './helpers.js';

const call = { method: 'GET', origin: 'https://checkout.test', path: '/api/order/ord_1', attempts: 1, elapsedMs: 5 };

/** Runs a call to its end while fake timers jump over every wait, and gives what it rejected with. */
const settled = (promise: Promise<unknown>): Promise<unknown> => settle(promise).catch((error: unknown) => error);

/** What `promise` rejected with; resolving fails the test. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  );
const throwing = (value: unknown) => async (): Promise<Response> => {
  throw value;
};

describe('error classes', () => {
  test.each([
    ['ApiError', new ApiError('m', { ...call, status: 500 })],
    ['NetworkError', new NetworkError('m', call)],
    ['TimeoutError', new TimeoutError('m', call)],
    ['ValidationError', new ValidationError('m', { ...call, issues: [{ path: 'a', message: 'b' }] })],
  ])('%s extends LookupError and Error, with a literal name and the call fields', (name, error) => {
    expect(error).toBeInstanceOf(LookupError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(isLookupError(error)).toBe(true);
    expect(String(error)).toMatch(new RegExp(`^${name}: `));
    expect(error).toMatchObject(call);
  });

  test('isLookupError recognises a copy from another bundle by its brand, and nothing merely named alike', () => {
    // What a second copy of the package builds: another class, the same Symbol.for brand.
    const brand = Object.getOwnPropertySymbols(LookupError.prototype)[0]!;
    expect(brand).toBe(Symbol.for('checkout-lookup.error'));
    class Copy extends Error {
      get [brand]() {
        return true;
      }
    }
    expect(isLookupError(new Copy('m'))).toBe(true);
    // Another library's errors with the same names are not ours.
    expect(isLookupError(Object.assign(new Error('m'), { name: 'TimeoutError' }))).toBe(false);
    expect(isLookupError(Object.assign(new Error('m'), { name: 'ValidationError' }))).toBe(false);
    expect(isLookupError(Object.assign(new Error('m'), { name: 'ApiError' }))).toBe(false);
    expect(isLookupError(new DOMException('m', 'TimeoutError'))).toBe(false);
    expect(isLookupError(new TypeError('m'))).toBe(false);
    expect(isLookupError({ name: 'ApiError' })).toBe(false);
    expect(isLookupError(null)).toBe(false);
    expect(isLookupError(undefined)).toBe(false);
  });

  test('InvalidIdError is exported, a TypeError with its own literal name, and no LookupError', () => {
    expect(Object.keys(pkg)).toContain('InvalidIdError');
    const error = new InvalidIdError('m');
    expect(error).toBeInstanceOf(TypeError);
    expect(error.name).toBe('InvalidIdError');
    expect(isLookupError(error)).toBe(false);
  });

  test('the base class is named LookupError', () => {
    const error = new LookupError('x', { ...call, path: '/p' });
    expect(error.name).toBe('LookupError');
  });

  test('every error of this package carries the shared brand that other copies of the package check', async () => {
    const error = await failure(getOrder('ord_1', options(throwing(new Error('x')), { maxRetries: 0 })));
    expect((error as Record<symbol, unknown>)[Symbol.for('checkout-lookup.error')]).toBe(true);
    expect(isLookupError(error)).toBe(true);
  });

  test('an error without a cause has no cause property at all', async () => {
    const error = await failure(
      getOrder(
        'ord_1',
        options(async () => envelope(null, { status: 404, code: 404 })),
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(Object.hasOwn(error as object, 'cause')).toBe(false);
  });
});

describe('errors explain themselves', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  test('an ApiError after retries: method, path, status, code, msg, attempts and time in its message', async () => {
    const { fetch } = recordingFetch(() =>
      envelope(null, { status: 503, code: 503, msg: 'Service Unavailable', headers: { 'Retry-After': '0', 'Request-Id': 'req_9', 'CF-Ray': 'ray' } }),
    );
    const error = (await settled(getOrder('ord_123', options(fetch)))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('GET /api/order/ord_123: HTTP 503 (code 503) "Service Unavailable" after 3 attempts in 0 ms');
    expect(error).toMatchObject({
      method: 'GET',
      origin: 'https://checkout.test',
      path: '/api/order/ord_123',
      attempts: 3,
      elapsedMs: 0,
      status: 503,
      code: 503,
      msg: 'Service Unavailable',
      retryAfter: 0,
      requestId: 'req_9',
      headers: { 'content-type': 'application/json', 'retry-after': '0', 'request-id': 'req_9', 'cf-ray': 'ray' },
    });
  });

  test('the time in the message is the whole call in integer milliseconds, waits between attempts included', async () => {
    const { fetch } = recordingFetch(() => envelope(null, { status: 503, code: 503, msg: 'failure 503', headers: { 'Retry-After': '1' } }));
    const error = (await settled(getOrder('ord_1', options(fetch)))) as ApiError;
    expect(error.message).toBe('GET /api/order/ord_1: HTTP 503 (code 503) "failure 503" after 3 attempts in 2000 ms');
    expect(error).toMatchObject({ attempts: 3, elapsedMs: 2000, retryAfter: 1000 });
  });

  test('an HTML 502 says its status and that the body was an HTML page, without code or msg', async () => {
    const { fetch } = recordingFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = (await settled(getOrder('ord_1', options(fetch, { maxRetries: 0 })))) as ApiError;
    expect(error.message).toBe('GET /api/order/ord_1: HTTP 502 (an HTML page) after 1 attempt in 0 ms');
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.msg).toBeUndefined();
  });

  test('a broken connection says what broke, with its code', async () => {
    const { fetch } = recordingFetch(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    });
    const error = (await settled(getOrder('ord_1', options(fetch, { maxRetries: 0 })))) as NetworkError;
    expect(error.message).toBe('GET /api/order/ord_1: TypeError: fetch failed (ECONNRESET) after 1 attempt in 0 ms');
    expect(error.cause).toEqual({ name: 'TypeError', message: 'fetch failed', code: 'ECONNRESET' });
  });

  test.each([
    ['bad port', new Error('bad port')],
    ['a certificate refused', Object.assign(new Error('self-signed certificate'), { name: 'Error' })],
  ])('a failure whose cause has no code says the cause: %s', async (_, cause) => {
    const { fetch } = recordingFetch(() => {
      throw new TypeError('fetch failed', { cause });
    });
    const error = (await settled(getOrder('ord_1', options(fetch, { maxRetries: 0 })))) as NetworkError;
    expect(error.message).toBe(`GET /api/order/ord_1: TypeError: fetch failed (${cause.message}) after 1 attempt in 0 ms`);
    expect(error.cause).toEqual({ name: 'TypeError', message: 'fetch failed', reason: cause.message });
  });

  test("the cause's reason is key-redacted, clipped to 200 characters and on one line", async () => {
    const { fetch } = recordingFetch(() => {
      throw new TypeError('fetch failed', { cause: new Error(`dns error\nfor ${KEY} ${'z'.repeat(300)}`) });
    });
    const error = (await settled(getOrder('ord_1', options(fetch, { maxRetries: 0 })))) as NetworkError;
    expect(error.message).toBe(
      `GET /api/order/ord_1: TypeError: fetch failed (dns error%0Afor [redacted] ${'z'.repeat(200 - 25)}…) after 1 attempt in 0 ms`,
    );
    expect(error.cause?.reason).toBe(`dns error\nfor [redacted] ${'z'.repeat(300)}`);
  });

  test('a timeout says its deadline, attempts and time', async () => {
    const fetch = () => new Promise<Response>(() => {});
    const error = (await settled(getOrder('ord_1', options(fetch, { timeout: 1500 })))) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe('GET /api/order/ord_1: timed out after 1 attempt in 1500 ms (timeout: 1500 ms)');
    expect(error).toMatchObject({ attempts: 1, elapsedMs: 1500, path: '/api/order/ord_1', timeout: 1500 });
  });

  test('a ValidationError names each path and type', async () => {
    const { fetch } = recordingFetch(ok({ ...order, orderId: 5 }));
    const error = (await settled(getOrder('ord_1', options(fetch)))) as ValidationError;
    expect(error.message).toBe('GET /api/order/ord_1: orderId: expected string, received number after 1 attempt in 0 ms');
  });

  test('the path carries the base path and the encoded id, never a query or the key', async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 404 }));
    const error = (await settled(getOrder('a/b', options(fetch, { baseUrl: 'https://user:pw@h.test/v1#frag' })))) as ApiError;
    expect(error.path).toBe('/v1/api/order/a%2Fb');
  });

  test('util.inspect (what console.log prints) shows the stack and every field, never the body', async () => {
    const body = JSON.stringify({ code: 503, msg: 'down', data: { secretField: 'personal data' } });
    const { fetch } = recordingFetch(() => new Response(body, { status: 503, headers: { 'x-request-id': 'r7' } }));
    const error = await settled(getOrder('ord_1', options(fetch, { maxRetries: 0 })));
    const printed = inspect(error);
    expect(printed).toMatch(/^ApiError: GET \/api\/order\/ord_1: HTTP 503 \(code 503\) "down" after 1 attempt in 0 ms\n\s+at /);
    for (const field of ["method: 'GET'", "path: '/api/order/ord_1'", 'attempts: 1', 'elapsedMs: 0', 'status: 503', 'code: 503']) {
      expect(printed).toContain(field);
    }
    expect(printed).not.toContain('personal data');
    expect(JSON.stringify(error)).not.toContain('personal data');
  });
});

describe('validation messages', () => {
  test('list every issue by path, the body itself as "body"', async () => {
    const error = (await failure(
      getOrder('ord_1', options(recordingFetch(ok({ ...order, orderId: 5, amountTotal: '1' })).fetch)),
    )) as ValidationError;
    expect(error.message).toMatch(
      /^GET \/api\/order\/ord_1: orderId: expected string, received number, amountTotal: expected finite number, received string after 1 attempt in /,
    );
    const body = (await failure(
      getOrder(
        'ord_1',
        options(async () => new Response('null')),
      ),
    )) as ValidationError;
    expect(body.message).toMatch(/^GET \/api\/order\/ord_1: body: expected Object, received null after/);
    expect(body.issues).toEqual([{ path: '', message: 'expected Object, received null' }]);
  });

  test('name the wrong type inside the payment method', async () => {
    const answer = ok({ ...order, paymentMethod: { paymentMethodType: 7, paymentInstrumentId: 'pi_1' } });
    const error = (await failure(getOrder('ord_1', options(recordingFetch(answer).fetch)))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path: 'paymentMethod.paymentMethodType', message: 'expected string, received number' }]);
  });
});

describe('the cause of a network failure', () => {
  test('of a thrown string is the string as its message, with no name', async () => {
    const error = (await failure(getOrder('ord_1', options(throwing('boom'), { maxRetries: 0 })))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).toEqual({ message: 'boom' });
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: boom after 1 attempt in \d+ ms$/);
  });

  test('of a thrown value with nothing to read keeps only the message "[redacted]"', async () => {
    const error = (await failure(getOrder('ord_1', options(throwing(Object.create(null)), { maxRetries: 0 })))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).toEqual({ message: '[redacted]' });
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: \[redacted\] after 1 attempt in \d+ ms$/);
  });
});

describe('the kind of a value', () => {
  describe('kindOf', () => {
    test('kindOf names the kind of a value, never the value', () => {
      expect([undefined, null, [], {}, 'key', 1, true, 1n, Symbol('s'), () => 0].map(kindOf)).toEqual([
        'undefined',
        'null',
        'array',
        'object',
        'string',
        'number',
        'boolean',
        'bigint',
        'symbol',
        'function',
      ]);
    });
  });
});

describe('an ApiError carries what support asks for', () => {
  test.each([
    [{ 'x-request-id': 'a', 'request-id': 'b', 'cf-ray': 'c' }, 'a'],
    [{ 'request-id': 'b', 'cf-ray': 'c' }, 'b'],
    [{ 'cf-ray': 'c' }, 'c'],
    [{}, undefined],
  ])('requestId is the first present of x-request-id, request-id and cf-ray (%o)', async (headers, requestId) => {
    const error = (await failure(
      getOrder(
        'ord_1',
        options(async () => new Response(null, { status: 404, headers })),
      ),
    )) as ApiError;
    expect(error.requestId).toBe(requestId);
    expect(error.headers).toEqual(headers);
  });

  test("headers are a plain object, the key redacted from every value; msg is the service's text, the key redacted", async () => {
    const answer = envelope(null, { status: 401, code: 401, msg: `bad key ${KEY}`, headers: { 'X-Echo': `k=${KEY}` } });
    const error = (await failure(
      getOrder(
        'ord_1',
        options(async () => answer),
      ),
    )) as ApiError;
    expect(Object.getPrototypeOf(error.headers)).toBe(Object.prototype);
    expect(error.headers['x-echo']).toBe('k=[redacted]');
    expect(error.msg).toBe('bad key [redacted]');
  });
});

describe('toJSON', () => {
  test('of an InvalidIdError gives its name and message', async () => {
    const error = await getOrder('..', options(recordingFetch(ok(order)).fetch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidIdError);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'InvalidIdError',
      message: '"id" must be 1 to 256 characters, not "." or "..", without controls or lone surrogates; received ".."',
    });
  });

  test('of a TimeoutError gives the timeout that was set', async () => {
    vi.useFakeTimers();
    const fetch = () => new Promise<Response>(() => {});
    const error = (await settled(getOrder('ord_1', options(fetch, { timeout: 1500 })))) as TimeoutError;
    vi.useRealTimers();
    expect(error.toJSON()).toMatchObject({ name: 'TimeoutError', timeout: 1500, elapsedMs: 1500 });
  });

  test('gives the name, the message and every field, and JSON.stringify writes it', async () => {
    const answer = new Response(JSON.stringify({ code: 503, msg: 'down', data: { secret: 'personal data' } }), {
      status: 503,
      headers: { 'x-request-id': 'r1' },
    });
    const error = (await failure(
      getOrder(
        'ord_1',
        options(async () => answer, { maxRetries: 0 }),
      ),
    )) as ApiError;
    const json = error.toJSON();
    expect(json).toEqual({
      name: 'ApiError',
      message: expect.stringMatching(/^GET \/api\/order\/ord_1: HTTP 503 \(code 503\) "down" after 1 attempt in \d+ ms$/),
      method: 'GET',
      origin: 'https://checkout.test',
      path: '/api/order/ord_1',
      attempts: 1,
      elapsedMs: expect.any(Number),
      status: 503,
      code: 503,
      msg: 'down',
      retryAfter: undefined,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-request-id': 'r1' },
      requestId: 'r1',
      cause: undefined,
    });
    expect(Object.keys(json).slice(0, 2)).toEqual(['name', 'message']);
    expect(JSON.parse(JSON.stringify(error))).toEqual(JSON.parse(JSON.stringify(json)));
    expect(JSON.stringify(error)).not.toContain('personal data');
  });

  test("includes a NetworkError's safe cause, and a TimeoutError's last failure as its own JSON", async () => {
    const refused = async (): Promise<Response> => {
      throw Object.assign(new TypeError(`fetch failed for ${KEY}`), { code: 'ECONNREFUSED' });
    };
    const network = JSON.parse(JSON.stringify(await failure(getOrder('ord_1', options(refused, { maxRetries: 0 })))));
    expect(network).toMatchObject({
      name: 'NetworkError',
      cause: { name: 'TypeError', message: 'fetch failed for [redacted]', code: 'ECONNREFUSED' },
    });
    const timeout = new TimeoutError('m', call, { cause: new ApiError('inner', { ...call, status: 503, headers: {} }) });
    expect(JSON.parse(JSON.stringify(timeout))).toMatchObject({
      name: 'TimeoutError',
      message: 'm',
      cause: { name: 'ApiError', message: 'inner', status: 503 },
    });
    expect(JSON.stringify(timeout)).not.toContain(KEY);
  });
});

describe('messages are one line, say what came, and quote at most 200 characters of the service', () => {
  const body =
    (text: string, status = 200) =>
    async () =>
      new Response(text, { status });

  test.each([
    ['an empty body', ''],
    ['an empty body', ' \n '],
    ['an HTML page', '<!doctype html><title>Error</title>'],
    ['an HTML page', '\n  <html>'],
    ['a truncated body', '{"code":0,"msg":"success","data":{"orderId":"ord'],
    ['a truncated body', '[1, 2'],
    ['invalid JSON', '{"code":0,}'],
    ['invalid JSON', '{"code":0,}\n'],
    ['a truncated body', '{"a":{}, "b":'],
    ['invalid JSON', 'Service Unavailable'],
    ['invalid JSON', 'Service <Unavailable>'],
    ['invalid JSON', 'error {code'],
    ['invalid JSON', 'x{"code":0'],
  ])('a 2xx body that is not JSON says it is %s', async (kind, text) => {
    const error = (await failure(getOrder('ord_1', options(body(text))))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path: '', message: `expected JSON, received ${kind}` }]);
    expect(error.message).toMatch(new RegExp(`^GET /api/order/ord_1: body: expected JSON, received ${kind} after 1 attempt in \\d+ ms$`));
  });

  test('a 2xx body that is not UTF-8 says so', async () => {
    const error = (await failure(
      getOrder(
        'ord_1',
        options(async () => new Response(Uint8Array.of(0x7b, 0xff, 0x7d))),
      ),
    )) as ValidationError;
    expect(error.issues).toEqual([{ path: '', message: 'expected JSON, received a body that is not UTF-8' }]);
  });

  test.each([
    ['an empty body', ''],
    ['an HTML page', '<html><body>Bad gateway</body></html>'],
    ['a truncated body', '{"code":502,"msg":"bad'],
    ['invalid JSON', 'upstream connect error'],
  ])('a failed status without an envelope says the body was %s', async (kind, text) => {
    for (const status of [400, 502]) {
      const error = (await failure(getOrder('ord_1', options(body(text, status), { maxRetries: 0 })))) as ApiError;
      expect(error.message).toMatch(new RegExp(`^GET /api/order/ord_1: HTTP ${status} \\(${kind}\\) after 1 attempt`));
    }
  });

  test('a 3xx says it was not followed', async () => {
    for (const status of [300, 307]) {
      const answer = async () => new Response(null, { status, headers: { Location: 'https://elsewhere.test/' } });
      const error = (await failure(getOrder('ord_1', options(answer)))) as ApiError;
      expect(error.message).toMatch(new RegExp(`^GET /api/order/ord_1: HTTP ${status} \\(not followed\\) after 1 attempt in \\d+ ms$`));
      expect(error.headers.location).toBe('https://elsewhere.test/');
    }
  });

  test('a failure code inside HTTP 200 is quoted as the service sent it, with no word of redirects', async () => {
    const answer = async () => Response.json({ code: 401, msg: 'denied', data: null });
    const error = (await failure(getOrder('ord_1', options(answer)))) as ApiError;
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: HTTP 200 \(code 401\) "denied" after 1 attempt in \d+ ms$/);
  });

  test('without an apiKey, the message shows the path as it is', async () => {
    const answer = async () => Response.json({ code: 404, msg: 'no such order', data: null }, { status: 404 });
    const { apiKey: _, ...keyless } = options(answer);
    const error = (await failure(getOrder('ord_1', keyless))) as ApiError;
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: HTTP 404 \(code 404\) "no such order" after 1 attempt/);
    expect(error.path).toBe('/api/order/ord_1');
  });

  test("the service's msg is quoted to 200 characters, then …", async () => {
    const msg = `${'a'.repeat(199)}bc${'d'.repeat(500)}`;
    const error = (await failure(
      getOrder(
        'ord_1',
        options(async () => envelope(null, { status: 404, code: 404, msg })),
      ),
    )) as ApiError;
    expect(error.message).toBe(`GET /api/order/ord_1: HTTP 404 (code 404) "${'a'.repeat(199)}b…" after 1 attempt in ${error.elapsedMs} ms`);
    // msg is the whole text: only the message is cut.
    expect(error.msg).toBe(msg);
    const exactly = 'e'.repeat(200);
    const whole = (await failure(
      getOrder(
        'ord_1',
        options(async () => envelope(null, { status: 404, code: 404, msg: exactly })),
      ),
    )) as ApiError;
    expect(whole.message).toContain(`"${exactly}" after`);
    const longer = 'f'.repeat(201);
    const cut = (await failure(
      getOrder(
        'ord_1',
        options(async () => envelope(null, { status: 404, code: 404, msg: longer })),
      ),
    )) as ApiError;
    expect(cut.message).toContain(`"${'f'.repeat(200)}…" after`);
    expect(cut.msg).toBe(longer);
  });

  test('a failure of fetch is quoted to 200 characters, then …', async () => {
    const shown = async (message: string) => {
      const error = (await failure(getOrder('ord_1', options(throwing(new TypeError(message)), { maxRetries: 0 })))) as NetworkError;
      return error.message.replace(` after 1 attempt in ${error.elapsedMs} ms`, '');
    };
    expect(await shown('g'.repeat(200))).toBe(`GET /api/order/ord_1: TypeError: ${'g'.repeat(200)}`);
    expect(await shown('g'.repeat(201))).toBe(`GET /api/order/ord_1: TypeError: ${'g'.repeat(200)}…`);
  });

  test('a body whose read breaks after the headers is a NetworkError that says what broke, and is retried', async () => {
    const broken = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new TypeError('terminated'));
          },
        }),
      );
    const { fetch, requests } = recordingFetch(broken);
    vi.useFakeTimers();
    const error = (await settled(getOrder('ord_1', options(fetch, { maxRetries: 1 })))) as NetworkError;
    vi.useRealTimers();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: TypeError: terminated after 2 attempts in \d+ ms$/);
    expect(requests).toHaveLength(2);
  });

  test('control characters and line separators in what the service or fetch said are escaped: one line', async () => {
    const msg = 'line 1\nline 2\r\u0000\u007f\u0085\u2028\u2029"end"';
    const error = (await failure(
      getOrder(
        'ord_1',
        options(async () => envelope(null, { status: 400, code: 400, msg })),
      ),
    )) as ApiError;
    expect(error.message).toContain('"line 1%0Aline 2%0D%00%7F%C2%85%E2%80%A8%E2%80%A9"end""');
    expect(error.message).not.toMatch(UNSAFE);
    const network = (await failure(
      getOrder(
        'ord_1',
        options(
          async () => {
            throw new TypeError('fetch failed\nat line 2');
          },
          { maxRetries: 0 },
        ),
      ),
    )) as NetworkError;
    expect(network.message).toBe(`GET /api/order/ord_1: TypeError: fetch failed%0Aat line 2 after 1 attempt in ${network.elapsedMs} ms`);
    const issue = (await failure(getOrder('ord_1', options(recordingFetch(ok({ ...order, metadata: [] })).fetch)))) as ValidationError;
    expect(issue.message.split('\n')).toHaveLength(1);
  });
});

describe('the stack', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A caller with a name to look for in the stack. */
  async function callerOfTheLookup(fetch: Parameters<typeof options>[0], extra: Parameters<typeof options>[1] = {}): Promise<unknown> {
    try {
      await getOrder('ord_1', options(fetch, { maxRetries: 0, ...extra }));
    } catch (error) {
      return error;
    }
    throw new Error('resolved');
  }

  test.each([
    ['ApiError', () => envelope(null, { status: 404, code: 404 }), {}],
    ['ValidationError', ok({ ...order, orderId: 5 }), {}],
    [
      'NetworkError',
      () => {
        throw new TypeError('fetch failed');
      },
      {},
    ],
    ['TimeoutError', () => new Promise<Response>(() => {}), { timeout: 100 }],
  ] as const)("of a %s holds the caller's frame, also for a deadline a timer fired", async (name, answer, extra) => {
    const pending = callerOfTheLookup(recordingFetch(answer).fetch, extra);
    await vi.runAllTimersAsync();
    const error = (await pending) as Error;
    expect(error.name).toBe(name);
    expect(error.stack).toContain('callerOfTheLookup');
  });
});
