import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { getOrder, NetworkError } from '../../src/index.js';
import { KEY, options } from './helpers.js';

/** Every value reachable from `root` through own properties (enumerable or not, symbol keys included, getters run). */
function reachable(root: unknown): unknown[] {
  const seen = new Set<unknown>();
  const queue = [root];
  while (queue.length > 0) {
    const value = queue.shift();
    if (seen.has(value)) continue;
    seen.add(value);
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'symbol') queue.push(key.description);
      else queue.push(key);
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

/** Every place the key could show: message, stack, inspect (hidden, whole depth), JSON, and all reachable values. */
function leaks(error: unknown): string[] {
  const found: string[] = [];
  const err = error as Error;
  if (String(err.message).includes(KEY)) found.push('message');
  if (String(err.stack).includes(KEY)) found.push('stack');
  if (inspect(error, { depth: Infinity, showHidden: true }).includes(KEY)) found.push('util.inspect');
  if (String(JSON.stringify(error)).includes(KEY)) found.push('JSON.stringify');
  for (const value of reachable(error)) {
    if (typeof value === 'string' && value.includes(KEY)) found.push(`a reachable string: ${value.slice(0, 40)}…`);
    if (value instanceof Request || value instanceof Headers) found.push(`a reachable ${value.constructor.name}`);
  }
  return found;
}

/** Runs getOrder with a `fetch` that fails as `fail` says (one attempt), and returns what it rejected with. */
async function failWith(fail: (request: Request) => unknown): Promise<unknown> {
  const fetch = async (request: Request): Promise<Response> => {
    throw fail(request);
  };
  return getOrder('ord_1', options(fetch, { maxRetries: 0 })).then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error,
  );
}

describe('the API key never leaves in an error, whatever the injected fetch throws', () => {
  const variants: Record<string, (request: Request) => unknown> = {
    '(a) an Error whose message holds the key': () => new TypeError(`invalid header X-API-KEY: ${KEY}`),
    '(b) the Request itself': (request) => request,
    '(c) an error carrying .request (as ky and ofetch errors do)': (request) =>
      Object.assign(new Error('Request failed with status code 500'), { request, options: { headers: request.headers } }),
    '(d) an error whose cause holds the Request': (request) => new Error('fetch failed', { cause: request }),
    '(e1) an error with the key in code': () => Object.assign(new Error('refused'), { code: KEY }),
    '(e2) an error with the key in another own property, enumerable or not': () => {
      const error = Object.assign(new Error('refused'), { config: { apiKey: KEY } });
      return Object.defineProperty(error, 'secret', { value: KEY, enumerable: false });
    },
    '(f1) a string holding the key': () => `failed with key ${KEY}`,
    '(f2) a plain object holding the key and the headers': (request) => ({ key: KEY, headers: request.headers }),
  };

  test.each(Object.entries(variants))('%s', async (_, fail) => {
    const error = await failWith(fail);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeDefined();
    expect(leaks(error)).toEqual([]);
  });

  test('the cause keeps what helps: the name, the message with the key redacted, the code', async () => {
    const error = await failWith(() =>
      Object.assign(new TypeError(`connect ECONNREFUSED for ${KEY}`), { code: 'ECONNREFUSED', request: {} }),
    );
    expect((error as NetworkError).cause).toEqual({
      name: 'TypeError',
      message: 'connect ECONNREFUSED for [redacted]',
      code: 'ECONNREFUSED',
    });
  });

  test.each([
    ['an object without toString', () => Object.assign(Object.create(null) as object, { message: Object.create(null) }), { message: '[redacted]' }],
    // What was read before the getter threw is kept (redacted); the rest is left out.
    ['a getter that throws', () => Object.defineProperty(new Error('x'), 'code', { get: () => { throw new Error(KEY); } }), { message: 'x', name: 'Error' }],
    ['a Proxy that refuses everything', () => new Proxy({}, { get: () => { throw new Error(KEY); }, getPrototypeOf: () => { throw new Error(KEY); } }), { message: '[redacted]' }],
    ['a message whose toString throws', () => ({ message: { toString: () => { throw new Error(KEY); } } }), { message: '[redacted]' }],
  ])('copying never throws, for %s: a NetworkError, the unreadable part left out', async (_, fail, cause) => {
    const error = await failWith(fail);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toEqual(cause);
    expect(leaks(error)).toEqual([]);
  });

  test('property: random failure shapes holding the key never leak it', async () => {
    // Text with the key somewhere in it.
    const secret = fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}${KEY}${after}`);
    type Shape = { kind: 'Error' | 'TypeError' | 'object' | 'string' | 'Request'; message: string; props: [string, 'key' | 'request' | 'headers' | 'text'][]; cause?: Shape };
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
      const made = (
        s.kind === 'object' ? { message: s.message } : new (s.kind === 'Error' ? Error : TypeError)(s.message)
      ) as Record<string, unknown>;
      for (const [name, value] of s.props) {
        const values = { key: KEY, request, headers: request.headers, text: `x-api-key=${KEY}` };
        Object.defineProperty(made, name, { value: values[value], enumerable: name.length % 2 === 0, configurable: true });
      }
      if (s.cause) made['cause'] = build(s.cause, request);
      return made;
    };

    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        const error = await failWith((request) => build(s, request));
        expect(error).toBeInstanceOf(NetworkError);
        expect(leaks(error)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
