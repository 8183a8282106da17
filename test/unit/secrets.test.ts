import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { redact } from '../../src/core/cause.js';
import { type ApiError, getOrder, isLookupError, NetworkError } from '../../src/index.js';
import { BASE, envelope, KEY, ok, options, order, recordingFetch, type Responder } from './helpers.js';

/** A Request as the SDK sends it: holding the key in its headers. */
const keyed = () => new Request(`${BASE}api/order/ord_1`, { headers: { 'X-API-KEY': KEY } });

/**
 * Every value reachable from `root`: own properties at any depth (enumerable or not, symbol keys by their
 * description, getters run) and the entries of Headers and Maps.
 */
function reachable(root: unknown): unknown[] {
  const seen = new Set<unknown>();
  const queue = [root];
  while (queue.length > 0) {
    const value = queue.shift();
    if (seen.has(value)) continue;
    seen.add(value);
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    if (value instanceof Headers || value instanceof Map) for (const entry of value) queue.push(entry);
    for (const key of Reflect.ownKeys(value)) {
      queue.push(typeof key === 'symbol' ? key.description : key);
      const descriptor: PropertyDescriptor = Reflect.getOwnPropertyDescriptor(value, key)!;
      if ('value' in descriptor) queue.push(descriptor.value);
      else {
        try {
          queue.push(descriptor.get?.call(value));
        } catch {}
      }
    }
  }
  return [...seen];
}

/**
 * Every place the key shows in `error`: its message and stack, and those of each cause, every way it can be printed
 * or serialised (String, util.inspect plain and whole, JSON), and every string reachable from it.
 */
function leaks(error: unknown): string[] {
  const views: [string, string][] = [];
  for (let e: unknown = error, depth = 0; e != null && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    views.push(
      [`String at cause depth ${depth}`, String(e)],
      [`stack at cause depth ${depth}`, String((e as Error).stack)],
      [`JSON at cause depth ${depth}`, String(JSON.stringify(e))],
    );
  }
  views.push(['util.inspect', inspect(error)], ['util.inspect (hidden, whole depth)', inspect(error, { depth: Infinity, showHidden: true })]);
  const found = views.filter(([, text]) => text.includes(KEY)).map(([where]) => where);
  for (const value of reachable(error)) {
    if (typeof value === 'string' && value.includes(KEY)) found.push(`a reachable string: ${value.slice(0, 40)}…`);
  }
  return found;
}

/** The Requests and Headers reachable from `error`: carriers of the key, whatever they hold now. */
function carriers(error: unknown): string[] {
  return reachable(error)
    .filter((value) => value instanceof Request || value instanceof Headers)
    .map((value) => `a reachable ${(value as object).constructor.name}`);
}

/** Runs getOrder with a `fetch` that throws what `fail` makes, to its end on a fake clock; gives what it rejected with. */
async function failWith(fail: (request: Request) => unknown, maxRetries = 1): Promise<unknown> {
  const fetch = async (request: Request): Promise<Response> => {
    throw fail(request);
  };
  const pending = getOrder('ord_1', options(fetch, { maxRetries })).then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  );
  await vi.runAllTimersAsync();
  return pending;
}

describe('the API key never leaves in an error', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const thrown: Record<string, (request: Request) => unknown> = {
    'an error whose message holds the key': () => new TypeError(`invalid header X-API-KEY: ${KEY}`),
    'the Request itself': (request) => request,
    'a Request of its own, holding the key': () => keyed(),
    'an error carrying .request and .options.headers (as ky and ofetch errors do)': (request) =>
      Object.assign(new Error('Request failed with status code 500'), { request, options: { headers: request.headers } }),
    'an error carrying .options.headers and .response (as ofetch does)': () =>
      Object.assign(new Error('[GET] failed'), { options: { headers: new Headers({ 'X-API-KEY': KEY }) }, response: new Response(KEY) }),
    'an error whose cause is the Request': (request) => new Error('fetch failed', { cause: request }),
    'an error whose cause holds a Request and whose code holds the key': () =>
      Object.assign(new Error('fetch failed', { cause: { request: keyed(), key: KEY } }), { code: `E_${KEY}` }),
    'an error with the key in its code': () => Object.assign(new Error('refused'), { code: KEY }),
    'an error with the key in another own property, enumerable or not': () => {
      const error = Object.assign(new Error('refused'), { config: { apiKey: KEY } });
      return Object.defineProperty(error, 'secret', { value: KEY, enumerable: false });
    },
    'an error named after the key, with the key in its stack': () => Object.assign(new Error(KEY), { name: `Key${KEY}`, stack: KEY }),
    'a string holding the key': () => `failed with key ${KEY}`,
    'a plain object holding the key and the headers': (request) => ({ key: KEY, headers: request.headers }),
  };

  test.each(Object.entries(thrown))('when fetch throws %s: a NetworkError from which neither the key nor a Request is reachable', async (_, fail) => {
    const error = await failWith(fail);
    expect(isLookupError(error)).toBe(true);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeDefined();
    expect(leaks(error)).toEqual([]);
    expect(carriers(error)).toEqual([]);
  });

  test('a message that held the key still says what failed, the key redacted', async () => {
    const error = await failWith(() => new TypeError(`bad header X-API-KEY: ${KEY}`));
    expect((error as Error).message).toContain('TypeError: bad header X-API-KEY: [redacted] after 2 attempts');
  });

  test('the cause keeps what helps: the name, the message with the key redacted, the code', async () => {
    const error = await failWith(() => Object.assign(new TypeError(`connect ECONNREFUSED for ${KEY}`), { code: 'ECONNREFUSED', request: {} }), 0);
    expect((error as NetworkError).cause).toEqual({
      name: 'TypeError',
      message: 'connect ECONNREFUSED for [redacted]',
      code: 'ECONNREFUSED',
    });
  });

  test.each([
    ['an object without toString', () => Object.assign(Object.create(null) as object, { message: Object.create(null) }), { message: '[redacted]' }],
    // What was read before the getter threw is kept (redacted); the rest is left out.
    [
      'a getter that throws',
      () =>
        Object.defineProperty(new Error('x'), 'code', {
          get: () => {
            throw new Error(KEY);
          },
        }),
      { message: 'x', name: 'Error' },
    ],
    [
      'a Proxy that refuses everything',
      () =>
        new Proxy(
          {},
          {
            get: () => {
              throw new Error(KEY);
            },
            getPrototypeOf: () => {
              throw new Error(KEY);
            },
          },
        ),
      { message: '[redacted]' },
    ],
    [
      'a message whose toString throws',
      () => ({
        message: {
          toString: () => {
            throw new Error(KEY);
          },
        },
      }),
      { message: '[redacted]' },
    ],
  ])('copying never throws, for %s: a NetworkError, the unreadable part left out', async (_, fail, cause) => {
    const error = await failWith(fail, 0);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toEqual(cause);
    expect(leaks(error)).toEqual([]);
  });

  const answers: Record<string, Responder> = {
    'a 500 whose msg echoes the key': () => envelope(null, { status: 500, code: 500, msg: `bad key ${KEY}` }),
    'an envelope failure whose msg echoes the key': () => envelope(null, { code: 401, msg: `invalid X-API-KEY: ${KEY}` }),
    'a 503 whose headers echo the key': () => new Response(null, { status: 503, headers: { 'x-echo-api-key': KEY, 'x-request-id': KEY } }),
    'a 503 with a header named after the key': () => new Response(null, { status: 503, headers: { [`x-${KEY}`]: '1' } }),
    'a wrong shape': () => envelope({ ...order, orderId: 5 }),
    'a body that is not JSON and holds the key': () => new Response(`<p>${KEY}</p>`),
    'a network failure': () => {
      throw new TypeError('fetch failed');
    },
    'a hang': () => new Promise<Response>(() => {}),
  };

  test.each(Object.entries(answers))('when the answer is %s', async (_, answer) => {
    const { fetch } = recordingFetch(answer);
    const pending = getOrder('ord_1', options(fetch, { maxRetries: 1 })).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await pending;
    expect(isLookupError(error)).toBe(true);
    expect(leaks(error)).toEqual([]);
  });

  test('nor reaches the console', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const { fetch } = recordingFetch(() => envelope(null, { status: 503 }), ok(order));
    const pending = getOrder('ord_ada_1', options(fetch));
    await vi.runAllTimersAsync();
    await pending;
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('the API key never leaves in part', () => {
  /** Every 12-character stretch of the key, in lower case. */
  const stretches = Array.from({ length: KEY.length - 11 }, (_, at) => KEY.slice(at, at + 12).toLowerCase());
  /** Whether `text` holds 12 or more consecutive characters of the key, in any case. */
  const holdsPart = (text: string) => stretches.some((stretch) => text.toLowerCase().includes(stretch));

  test.each([
    ['cut short at its end', KEY.slice(0, 20)],
    ['cut short at its start', KEY.slice(9)],
    ['a middle stretch of 12', KEY.slice(5, 17)],
    ['its last 12 characters', KEY.slice(-12)],
    ['upper-cased', KEY.toUpperCase()],
    ['upper-cased and cut', KEY.toUpperCase().slice(3, 25)],
    ['twice, with text around', `x${KEY}y${KEY.slice(2, 30)}z`],
  ])('echoed %s in msg, a header and a failure of fetch, is redacted everywhere', async (_, part) => {
    const answer: Responder = () => envelope(null, { status: 401, code: 401, msg: `bad key ${part}!`, headers: { 'x-echo': part } });
    const api = await getOrder('ord_1', options(recordingFetch(answer).fetch)).catch((e: unknown) => e);
    const thrown = async (): Promise<Response> => {
      throw new TypeError(`refused ${part}`);
    };
    const network = await getOrder('ord_1', options(thrown, { maxRetries: 0 })).catch((e: unknown) => e);
    for (const error of [api, network]) {
      expect(isLookupError(error)).toBe(true);
      const printed = [inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(error)].join('\n');
      expect(holdsPart(printed)).toBe(false);
      expect(printed).toContain('[redacted]');
    }
    expect((api as { msg: string }).msg).toMatch(/^bad key (x?)\[redacted\]/);
  });

  test('a stretch of any length from 12 characters to the whole key, in any case, is replaced whole: no character of it stays', () => {
    for (let length = 12; length <= KEY.length; length++) {
      for (let at = 0; at + length <= KEY.length; at++) {
        const part = KEY.slice(at, at + length);
        expect(redact(`<${part}>`, KEY)).toBe('<[redacted]>');
        expect(redact(`<${part.toUpperCase()}>`, KEY)).toBe('<[redacted]>');
      }
    }
    // A text that is exactly one stretch, and a key shorter than a stretch, whole or in a text.
    expect(redact(KEY.slice(3, 15), KEY)).toBe('[redacted]');
    expect(redact('abc', 'abc')).toBe('[redacted]');
    expect(redact('xabcx', 'abc')).toBe('x[redacted]x');
    expect(redact('ab', 'abc')).toBe('ab');
    // Two stretches back to back are one run of the key's characters: one [redacted].
    expect(redact(`<${KEY.slice(0, 12)}${KEY.slice(-12)}>`, KEY)).toBe('<[redacted]>');
  });

  test('a long msg is kept whole, the key redacted, and its message quotes the first 200 characters of that', async () => {
    const msg = `${KEY} ${'y'.repeat(1_000_000)}`;
    const error = (await getOrder('ord_1', options(recordingFetch(() => envelope(null, { status: 404, code: 1, msg })).fetch)).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.msg).toBe(`[redacted] ${'y'.repeat(1_000_000)}`);
    expect(error.message).toContain(` "[redacted] ${'y'.repeat(189)}…" after`);
  });

  test('a msg that is the key again and again is quoted as what is left of it once redacted, then … when that is over 200 characters', async () => {
    const errorOf = async (msg: string) =>
      (await getOrder('ord_1', options(recordingFetch(() => envelope(null, { status: 404, code: 1, msg })).fetch)).catch(
        (e: unknown) => e,
      )) as ApiError;
    // Ten keys and a space each: 490 characters, 110 once redacted, all of it quoted.
    const keys = `${KEY} `.repeat(10);
    const redacted = '[redacted] '.repeat(10);
    const short = await errorOf(keys);
    expect(short.msg).toBe(redacted);
    expect(short.message).toContain(` "${redacted}" after`);
    const long = await errorOf(`${keys}${'z'.repeat(100)}`);
    expect(long.msg).toBe(`${redacted}${'z'.repeat(100)}`);
    expect(long.message).toContain(` "${redacted}${'z'.repeat(90)}…" after`);
  });

  test("the key's first 23 characters echoed in msg and a header read [redacted], with nothing of the key after it", async () => {
    const part = KEY.slice(0, 23);
    const answer: Responder = () => envelope(null, { status: 401, code: 401, msg: `bad key ${part}!`, headers: { 'x-echo': `${part}!` } });
    const error = (await getOrder('ord_1', options(recordingFetch(answer).fetch)).catch((e: unknown) => e)) as ApiError;
    expect(error.msg).toBe('bad key [redacted]!');
    expect(error.headers['x-echo']).toBe('[redacted]!');
    expect(error.message).toContain('"bad key [redacted]!"');
  });

  test('11 characters of the key are no part of it: shown as sent', async () => {
    const answer: Responder = () => envelope(null, { status: 401, code: 401, msg: `hint ${KEY.slice(0, 11)}` });
    const error = await getOrder('ord_1', options(recordingFetch(answer).fetch)).catch((e: unknown) => e);
    expect((error as { msg: string }).msg).toBe(`hint ${KEY.slice(0, 11)}`);
  });

  test('the whole key is one [redacted]; a short key is redacted whole', async () => {
    const answer: Responder = () => envelope(null, { status: 401, code: 401, msg: `a ${KEY} b` });
    const error = await getOrder('ord_1', options(recordingFetch(answer).fetch)).catch((e: unknown) => e);
    expect((error as { msg: string }).msg).toBe('a [redacted] b');
    const short: Responder = () => envelope(null, { status: 401, code: 401, msg: 'k=a.b*c, K=A.B*C' });
    const other = await getOrder('ord_1', { baseUrl: BASE, apiKey: 'a.b*c', fetch: recordingFetch(short).fetch }).catch((e: unknown) => e);
    expect((other as { msg: string }).msg).toBe('k=[redacted], K=[redacted]');
  });
});

describe('the API key never leaves: properties over random failures holding it', () => {
  // Shapes like those of real fetch wrappers: errors and objects with message, name, code, cause, request, headers,
  // options, response, at any depth, the key inside any string, Requests and Headers that hold it.
  const holding = fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}${KEY}${b}`);
  const leaf = fc.oneof(
    holding,
    fc.string(),
    fc.integer(),
    fc.constant(undefined),
    fc.constant(null),
    fc.constant(0).map(() => keyed()),
    fc.constant(0).map(() => new Headers({ 'X-API-KEY': KEY })),
  );
  const names = fc.constantFrom('message', 'name', 'code', 'cause', 'request', 'headers', 'options', 'response', 'stack', 'errno', 'data');
  const { shape } = fc.letrec((tie) => ({
    shape: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), tie('error')),
    object: fc.dictionary(names, tie('shape'), { maxKeys: 4 }),
    error: fc
      .tuple(fc.oneof(holding, fc.string()), fc.dictionary(names, tie('shape'), { maxKeys: 4 }), fc.option(tie('shape')))
      .map(([message, props, cause]) => Object.assign(new Error(message, { cause }), props)),
  }));

  // 300 and 200 whole calls, each error redacted: seconds on a busy machine.
  test('fetch throwing any of them gives a LookupError from which neither the key nor a Request is reachable', { timeout: 30_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(shape, async (failure) => {
        const error = await getOrder(
          'ord_1',
          options(() => Promise.reject(failure), { maxRetries: 0 }),
        ).catch((e: unknown) => e);
        expect(isLookupError(error)).toBe(true);
        expect(leaks(error)).toEqual([]);
        expect(carriers(error)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test('random failure shapes built around the Request sent, holding the key, never leak it', { timeout: 30_000 }, async () => {
    // Text with the key somewhere in it.
    const secret = fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}${KEY}${after}`);
    type Shape = {
      kind: 'Error' | 'TypeError' | 'object' | 'string' | 'Request';
      message: string;
      props: [string, 'key' | 'request' | 'headers' | 'text'][];
      cause?: Shape;
    };
    const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape }>((tie) => ({
      shape: fc.record(
        {
          kind: fc.constantFrom('Error', 'TypeError', 'object', 'string', 'Request'),
          message: fc.oneof(secret, fc.string()),
          props: fc.array(
            fc.tuple(
              fc.constantFrom('code', 'name', 'request', 'response', 'config', 'headers', 'details', 'errno'),
              fc.constantFrom('key', 'request', 'headers', 'text'),
            ),
            { maxLength: 4 },
          ),
          cause: fc.option(tie('shape'), { nil: undefined, depthSize: 'small' }),
        },
        { requiredKeys: ['kind', 'message', 'props'] },
      ) as fc.Arbitrary<Shape>,
    })).shape;

    const build = (s: Shape, request: Request): unknown => {
      if (s.kind === 'string') return s.message;
      if (s.kind === 'Request') return request;
      const made = (s.kind === 'object' ? { message: s.message } : new (s.kind === 'Error' ? Error : TypeError)(s.message)) as Record<
        string,
        unknown
      >;
      for (const [name, value] of s.props) {
        const values = { key: KEY, request, headers: request.headers, text: `x-api-key=${KEY}` };
        Object.defineProperty(made, name, { value: values[value], enumerable: name.length % 2 === 0, configurable: true });
      }
      if (s.cause) made.cause = build(s.cause, request);
      return made;
    };

    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        const fetch = async (request: Request): Promise<Response> => {
          throw build(s, request);
        };
        const error = await getOrder('ord_1', options(fetch, { maxRetries: 0 })).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NetworkError);
        expect(leaks(error)).toEqual([]);
        expect(carriers(error)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
