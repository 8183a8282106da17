import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { getOrder, isLookupError } from '../../src/index.js';
import { BASE, envelope, KEY, ok, options, order, recordingFetch, type Responder } from './helpers.js';

/** A Request as the SDK sends it: holding the key in its headers. */
const keyed = () => new Request(`${BASE}api/order/ord_1`, { headers: { 'X-API-KEY': KEY } });

/**
 * Every string reachable from `root`: own properties (enumerable or not, symbols too) at any depth, Headers and Map
 * entries, and a Request or Headers reachable at all is reported as such.
 */
function reachable(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') out.push(value);
    else if (typeof value === 'number' || typeof value === 'symbol' || typeof value === 'bigint') out.push(String(value));
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value) || depth > 50) return;
    seen.add(value);
    if (value instanceof Request) out.push('<a Request>');
    if (value instanceof Headers || value instanceof Map) for (const entry of value) visit(entry, depth + 1);
    for (const key of Reflect.ownKeys(value)) {
      out.push(String(key));
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (descriptor && 'value' in descriptor) visit(descriptor.value, depth + 1);
    }
  };
  visit(root, 0);
  return out;
}

/** Every way an error can be printed or serialised, and everything reachable from it. */
function everyView(error: unknown): string {
  const chain: string[] = [];
  for (let e: unknown = error, depth = 0; e != null && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    chain.push(String(e), (e as Error).stack ?? '', JSON.stringify(e) ?? '');
  }
  return [
    ...chain,
    inspect(error, { depth: Infinity, showHidden: true }),
    inspect(error),
    JSON.stringify(error),
    ...reachable(error),
  ].join('\n');
}

async function failureOf(fetch: (request: Request) => Promise<Response>): Promise<unknown> {
  const pending = getOrder('ord_1', options(fetch, { maxRetries: 1 })).catch((e: unknown) => e);
  await vi.runAllTimersAsync();
  return pending;
}

describe('the API key never leaves in an error', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const thrown: Record<string, () => unknown> = {
    'an error whose message holds the key': () => new TypeError(`bad header X-API-KEY: ${KEY}`),
    'the Request itself': () => keyed(),
    'an error carrying .request (as ky and ofetch errors do)': () => Object.assign(new Error('Request failed'), { request: keyed() }),
    'an error carrying .options.headers and .response (as ofetch does)': () =>
      Object.assign(new Error('[GET] failed'), { options: { headers: new Headers({ 'X-API-KEY': KEY }) }, response: new Response(KEY) }),
    'an error whose cause holds the Request and whose code holds the key': () =>
      Object.assign(new Error('fetch failed', { cause: { request: keyed(), key: KEY } }), { code: `E_${KEY}` }),
    'an error named after the key, with the key in its stack': () => Object.assign(new Error(KEY), { name: `Key${KEY}`, stack: KEY }),
    'a plain string holding the key': () => `failed with ${KEY}`,
  };

  test.each(Object.entries(thrown))('when fetch throws %s', async (_, make) => {
    const error = await failureOf(async () => {
      throw make();
    });
    expect(isLookupError(error)).toBe(true);
    const view = everyView(error);
    expect(view).not.toContain(KEY);
    expect(view).not.toContain('<a Request>');
  });

  test('a message that held the key still says what failed, the key redacted', async () => {
    const error = await failureOf(async () => {
      throw new TypeError(`bad header X-API-KEY: ${KEY}`);
    });
    expect((error as Error).message).toContain('TypeError: bad header X-API-KEY: [redacted] after 2 attempts');
  });

  const answers: Record<string, Responder> = {
    'a 500 whose msg echoes the key': () => envelope(null, { status: 500, code: 500, msg: `bad key ${KEY}` }),
    'an envelope failure whose msg echoes the key': () => envelope(null, { code: 401, msg: `invalid X-API-KEY: ${KEY}` }),
    'a 503 whose headers echo the key': () => new Response(null, { status: 503, headers: { 'x-echo-api-key': KEY, 'x-request-id': KEY } }),
    'a wrong shape': () => envelope({ ...order, orderId: 5 }),
    'a body that is not JSON and holds the key': () => new Response(`<p>${KEY}</p>`),
    'a hang': () => new Promise<Response>(() => {}),
  };

  test.each(Object.entries(answers))('when the answer is %s', async (_, answer) => {
    const { fetch } = recordingFetch(answer);
    const error = await failureOf(fetch);
    expect(isLookupError(error)).toBe(true);
    expect(everyView(error)).not.toContain(KEY);
  });

});

describe('the API key never leaves: a property over random failures holding it', () => {
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

  test('fetch throwing any of them gives a LookupError from which the key cannot be reached', async () => {
    await fc.assert(
      fc.asyncProperty(shape, async (failure) => {
        const error = await getOrder('ord_1', options(() => Promise.reject(failure), { maxRetries: 0 })).catch((e: unknown) => e);
        expect(isLookupError(error)).toBe(true);
        const view = everyView(error);
        expect(view).not.toContain(KEY);
        expect(view).not.toContain('<a Request>');
      }),
      { numRuns: 300 },
    );
  });
});
