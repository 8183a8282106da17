import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  getOrder,
  isLookupError,
  LookupError,
  NetworkError,
  TimeoutError,
  ValidationError,
} from '../../src/index.js';
import { envelope, KEY, ok, options, order, recordingFetch } from './helpers.js';

describe('error classes', () => {
  test.each([
    ['ApiError', new ApiError('m', { status: 500 })],
    ['NetworkError', new NetworkError('m')],
    ['TimeoutError', new TimeoutError('m')],
    ['ValidationError', new ValidationError([{ path: 'a', message: 'b' }])],
  ])('%s extends LookupError and Error, with a literal name', (name, error) => {
    expect(error).toBeInstanceOf(LookupError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(isLookupError(error)).toBe(true);
    expect(String(error)).toMatch(new RegExp(`^${name}: `));
  });

  test('isLookupError recognises a copy from another bundle by name, and nothing else', () => {
    const foreign = Object.assign(new Error('m'), { name: 'ApiError' });
    expect(isLookupError(foreign)).toBe(true);
    expect(isLookupError(new DOMException('m', 'TimeoutError'))).toBe(false);
    expect(isLookupError(new TypeError('m'))).toBe(false);
    expect(isLookupError({ name: 'ApiError' })).toBe(false);
    expect(isLookupError(null)).toBe(false);
  });
});

describe('the API key', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const answers = {
    'a 500 that echoes the key': () => envelope(null, { status: 500, code: 500, msg: `bad key ${KEY}` }),
    'an envelope failure that echoes the key': () => envelope(null, { code: 401, msg: `invalid X-API-KEY: ${KEY}` }),
    'a network failure': () => {
      throw new TypeError('fetch failed');
    },
    'a wrong shape': () => envelope({ ...order, orderId: 5 }),
    'a body that is not JSON': () => new Response(`<p>${'x'.repeat(10)}</p>`),
    'a hang': () => new Promise<Response>(() => {}),
  };

  test.each(Object.entries(answers))('never appears in the error for %s', async (_, answer) => {
    const { fetch } = recordingFetch(answer);
    const pending = getOrder('ord_ada_1', options(fetch, { timeout: 5000 })).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await pending;
    expect(isLookupError(error)).toBe(true);
    const seen: string[] = [];
    for (let e: unknown = error; e !== undefined && e !== null; e = (e as { cause?: unknown }).cause) {
      seen.push(String(e), (e as Error).stack ?? '', JSON.stringify(e), JSON.stringify(Object.entries(e as object)));
    }
    expect(seen.join('\n')).not.toContain(KEY);
  });

  test('never reaches the console', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const { fetch } = recordingFetch(() => envelope(null, { status: 503 }), ok(order));
    const pending = getOrder('ord_ada_1', options(fetch));
    await vi.runAllTimersAsync();
    await pending;
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
