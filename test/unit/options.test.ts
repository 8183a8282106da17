import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, getOrder, getSession, InvalidIdError, ValidationError } from '../../src/index.js';
import { envelope, ok, options, order, recordingFetch } from './helpers.js';

describe('the id is checked before any request', () => {
  test.each([
    ['empty', ''],
    ['"."', '.'],
    ['".."', '..'],
    ['257 characters', 'a'.repeat(257)],
    ['a NUL', 'ord\u0000'],
    ['a newline', 'ord\n1'],
    ['DEL', 'ord\u007f'],
    ['a C1 control', 'ord\u0085'],
    ['a lone surrogate', 'ord\ud800'],
    ['not a string', 42 as unknown as string],
  ])('a bad id (%s) is an InvalidIdError stating the rule, from both functions, before any request', async (_, id) => {
    const { fetch, requests } = recordingFetch(ok(order));
    for (const lookup of [getOrder, getSession]) {
      const error = await lookup(id, options(fetch)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidIdError);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).name).toBe('InvalidIdError');
      expect((error as Error).message).toBe('"id" must be 1 to 256 characters, not "." or "..", no controls');
    }
    expect(requests).toHaveLength(0);
  });

  test('an id of exactly 256 characters is accepted', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('a'.repeat(256), options(fetch));
    expect(requests).toHaveLength(1);
  });

  test('a bad option stays a plain TypeError, not an InvalidIdError', async () => {
    const { fetch } = recordingFetch(ok(order));
    const error = await getOrder('ord_1', options(fetch, { timeout: -1 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(InvalidIdError);
  });
});

describe('every option is checked before any request', () => {
  const url = '"baseUrl" must be an http(s) URL without query';
  const timeout = '"timeout" must be above 0';
  test.each([
    [{ baseUrl: 'not a url' }, url],
    [{ baseUrl: 'ftp://h.test/' }, url],
    // Schemes that merely end or start like http(s): the whole scheme must be http or https.
    [{ baseUrl: 'xhttps://h.test/' }, url],
    [{ baseUrl: 'xhttp://h.test/' }, url],
    [{ baseUrl: 'https+x://h.test/' }, url],
    [{ baseUrl: 'http2://h.test/' }, url],
    [{ baseUrl: 'https://h.test/?q=1' }, url],
    [{ baseUrl: undefined }, url],
    [{ timeout: 0 }, timeout],
    [{ timeout: -1 }, timeout],
    [{ timeout: Number.NaN }, timeout],
    [{ timeout: 2 ** 31 }, timeout],
    [{ timeout: null }, timeout],
    [{ maxRetries: -1 }, '"maxRetries" must be 0 or above'],
    [{ maxBodyBytes: 0 }, '"maxBodyBytes" must be above 0'],
    [{ apiKey: '' }, '"apiKey" must be visible ASCII'],
    [{ apiKey: 'key with space' }, '"apiKey" must be visible ASCII'],
    [{ fetch: 'no' }, '"fetch" must be a function'],
    [{ fetch: null }, '"fetch" must be a function'],
  ])('%o is a TypeError stating the rule, naming the option, before any request and leaving no timer', async (bad, message) => {
    vi.useFakeTimers();
    try {
      const { fetch, requests } = recordingFetch(ok(order));
      const error = await getOrder('ord_ada_1', { ...options(fetch), ...bad } as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(message);
      expect(requests).toHaveLength(0);
      // Nothing was armed: a timer left behind would keep a Node process alive for the whole timeout.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test.each([
    ['now', { now: 5 }],
    ['signal', { signal: {} }],
    ['headers', { headers: 5 }],
    ['headers', { headers: [['X-Bad', 'a\nb']] }],
  ])('a %s of the wrong type is a TypeError before any request, leaving no timer', async (_, bad) => {
    vi.useFakeTimers();
    try {
      const { fetch, requests } = recordingFetch(ok(order));
      await expect(getOrder('ord_ada_1', options(fetch, bad as never))).rejects.toThrow(TypeError);
      expect(requests).toHaveLength(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('bad headers throw before the deadline timer is armed', async () => {
    vi.useFakeTimers();
    try {
      const armed = vi.spyOn(globalThis, 'setTimeout');
      try {
        const { fetch } = recordingFetch(ok(order));
        await expect(getOrder('ord_ada_1', options(fetch, { headers: 5 as never }))).rejects.toThrow(TypeError);
        expect(armed).not.toHaveBeenCalled();
      } finally {
        armed.mockRestore();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  test('a timeout of 1 ms is allowed', async () => {
    await expect(getOrder('ord_1', options(recordingFetch(ok(order)).fetch, { timeout: 1 }))).resolves.toMatchObject({ orderId: 'ord_ada_1' });
  });

  test('a call without options at all is a TypeError', async () => {
    await expect(getOrder('ord_ada_1', undefined as never)).rejects.toThrow(TypeError);
  });
});

describe('options left out or given as undefined take their documented defaults', () => {
  const NOW = Date.parse('2026-11-22T00:00:00Z');
  const undefinedOptions = {
    timeout: undefined,
    maxRetries: undefined,
    successCodes: undefined,
    headers: undefined,
    now: undefined,
    signal: undefined,
    maxBodyBytes: undefined,
  };
  const forms = [
    ['left out', {}],
    ['undefined', undefinedOptions],
  ] as const;

  afterEach(() => {
    // Spies first: restoring a spy on the fake setTimeout after useRealTimers would put the fake one back.
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  test.each(forms)('%s: a deadline of 10,000 ms, 2 retries, Date.now as the clock and no extra headers', async (_, given) => {
    vi.useFakeTimers({ now: NOW });
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const { fetch, requests } = recordingFetch(() => envelope(null, { status: 503, code: 503 }));
    const pending = getOrder('ord_ada_1', { ...options(fetch), ...given }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await pending).toBeInstanceOf(ApiError);
    // The deadline's timer is the first one armed.
    expect(armed.mock.calls[0]?.[1]).toBe(10_000);
    expect(requests).toHaveLength(3);
    // The (fake) clock of Date.now, read for the first attempt before any wait.
    expect(requests[0]?.headers.get('x-timestamp')).toBe(String(NOW));
    expect([...(requests[0]?.headers.keys() ?? [])]).toEqual(['accept', 'x-api-key', 'x-timestamp']);
  });

  test.each(forms)('%s: envelope codes 0 and 200 succeed, and no other', async (_, given) => {
    for (const code of [0, 200]) {
      const { fetch } = recordingFetch(() => envelope(order, { code }));
      expect((await getOrder('ord_ada_1', { ...options(fetch), ...given })).orderId).toBe('ord_ada_1');
    }
    const { fetch } = recordingFetch(() => envelope(order, { code: 1 }));
    await expect(getOrder('ord_ada_1', { ...options(fetch), ...given })).rejects.toBeInstanceOf(ApiError);
  });

  test.each(forms)('%s: a body of 1 MiB is read, one byte more is refused', async (_, given) => {
    const exactly = JSON.stringify({ code: 0, msg: 'success', data: order }).padEnd(1_048_576, ' ');
    const fits = await getOrder('ord_ada_1', { ...options(async () => new Response(exactly)), ...given });
    expect(fits.orderId).toBe('ord_ada_1');
    const error = await getOrder('ord_ada_1', { ...options(async () => new Response(`${exactly} `)), ...given }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: '', message: 'expected at most 1048576 bytes, received more' }]);
  });
});

// The DOM cases run in browser-guard.test.ts (a happy-dom page); these need a scope without one.
describe('the browser guard', () => {
  const scope = globalThis as { window?: unknown; document?: unknown };
  afterEach(() => {
    delete scope.window;
    delete scope.document;
  });

  test('needs both a window and a document: either alone is no browser', async () => {
    for (const name of ['window', 'document'] as const) {
      scope[name] = {};
      await expect(getOrder('ord_1', options(recordingFetch(ok(order)).fetch))).resolves.toMatchObject({ orderId: 'ord_ada_1' });
      delete scope[name];
    }
  });
});
