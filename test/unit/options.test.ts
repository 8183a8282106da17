import { afterEach, describe, expect, test, vi } from 'vitest';
import { isBrowser } from '../../src/core/browser.js';
import { resolveOptions } from '../../src/core/resolve-options.js';
import { baseOf, urlOf } from '../../src/core/url.js';
import { ApiError, getOrder, getSession, InvalidIdError, ValidationError } from '../../src/index.js';
import type { LookupOptions } from '../../src/index.js';
import { BASE, envelope, KEY, ok, options, order, recordingFetch } from './helpers.js';

describe('the id is checked before any request', () => {
  const rule = '"id" must be 1 to 256 characters, not "." or "..", without controls or lone surrogates; received ';
  test.each([
    ['empty', '', '0 characters'],
    ['"."', '.', '"."'],
    ['".."', '..', '".."'],
    ['257 characters', 'a'.repeat(257), '257 characters'],
    ['a NUL', 'ord\u0000', 'a control character'],
    ['a newline', 'ord\n1', 'a control character'],
    ['DEL', 'ord\u007f', 'a control character'],
    ['a C1 control', 'ord\u0085', 'a control character'],
    ['a line separator', 'ord\u2028', 'a control character'],
    ['a lone surrogate', 'ord\ud800', 'a lone surrogate'],
    ['not a string', 42 as unknown as string, 'number'],
  ])(
    'a bad id (%s) is an InvalidIdError stating the rule and what was received, from both functions, before any request',
    async (_, id, received) => {
      const { fetch, requests } = recordingFetch(ok(order));
      for (const lookup of [getOrder, getSession]) {
        const error = await lookup(id, options(fetch)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidIdError);
        expect(error).toBeInstanceOf(TypeError);
        expect((error as Error).name).toBe('InvalidIdError');
        expect((error as Error).message).toBe(`${rule}${received}`);
      }
      expect(requests).toHaveLength(0);
    },
  );

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
  const url = '"baseUrl" must be an absolute http(s) URL without a query; received ';
  const timeout = '"timeout" must be a number from 1 to below 2^31; received ';
  const apiKey = '"apiKey" must be a string of visible ASCII characters; received ';
  test.each([
    [{ baseUrl: 'not a url' }, `${url}a string that is not a URL`],
    [{ baseUrl: 'ftp://h.test/' }, `${url}a ftp: URL`],
    // Schemes that merely end or start like http(s): the whole scheme must be http or https.
    [{ baseUrl: 'xhttps://h.test/' }, `${url}a xhttps: URL`],
    [{ baseUrl: 'xhttp://h.test/' }, `${url}a xhttp: URL`],
    [{ baseUrl: 'https+x://h.test/' }, `${url}a https+x: URL`],
    [{ baseUrl: 'http2://h.test/' }, `${url}a http2: URL`],
    [{ baseUrl: 'https://h.test/?q=1' }, `${url}a URL with a query`],
    [{ baseUrl: undefined }, `${url}undefined`],
    [{ timeout: 0 }, `${timeout}number`],
    [{ timeout: -1 }, `${timeout}number`],
    [{ timeout: Number.NaN }, `${timeout}number`],
    [{ timeout: 2 ** 31 }, `${timeout}number`],
    [{ timeout: null }, `${timeout}null`],
    [{ timeout: '1000' }, `${timeout}string`],
    [{ timeout: true }, `${timeout}boolean`],
    [{ maxRetries: -1 }, '"maxRetries" must be an integer, 0 or more; received number'],
    [{ maxRetries: 1.5 }, '"maxRetries" must be an integer, 0 or more; received number'],
    [{ maxRetries: null }, '"maxRetries" must be an integer, 0 or more; received null'],
    [{ maxBodyBytes: 0 }, '"maxBodyBytes" must be a positive integer; received number'],
    [{ successCodes: '0' }, '"successCodes" must be an array of integers; received string'],
    [{ successCodes: [0, 200.5] }, '"successCodes" must be an array of integers; received array'],
    [{ apiKey: '' }, `${apiKey}string`],
    [{ apiKey: 'key with space' }, `${apiKey}string`],
    [{ apiKey: 123 }, `${apiKey}number`],
    [{ fetch: 'no' }, '"fetch" must be a function; received string'],
    [{ fetch: null }, '"fetch" must be a function; received null'],
    [{ headers: { 'Transfer-Encoding': 'chunked' } }, '"headers" must be free of headers runtimes refuse to send; received "transfer-encoding"'],
    [{ headers: { Expect: '100-continue' } }, '"headers" must be free of headers runtimes refuse to send; received "expect"'],
    [{ headers: [['X-Bad', 'a\nb']] }, '"headers" must be valid names and values; received array'],
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

  test('needs both a window and a document: either alone is no browser, even with no server runtime', async () => {
    const versions = process.versions;
    for (const name of ['window', 'document'] as const) {
      scope[name] = {};
      // Checked synchronously as the call starts: Node's own process.versions is back before other code runs.
      Object.defineProperty(process, 'versions', { value: {}, configurable: true });
      let call: Promise<unknown>;
      try {
        call = getOrder('ord_1', options(recordingFetch(ok(order)).fetch));
      } finally {
        Object.defineProperty(process, 'versions', { value: versions, configurable: true });
      }
      await expect(call).resolves.toMatchObject({ orderId: 'ord_ada_1' });
      delete scope[name];
    }
  });
});

describe('the id and the base URL, read by urlOf and baseOf', () => {
  const RULE = '"id" must be 1 to 256 characters, not "." or "..", without controls or lone surrogates; received ';
  const BASE_RULE = '"baseUrl" must be an absolute http(s) URL without a query; received ';

  function idError(id: unknown): InvalidIdError {
    try {
      urlOf(baseOf('https://h.test/'), 'api/order/', id as string);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidIdError);
      expect(error).toBeInstanceOf(TypeError);
      return error as InvalidIdError;
    }
    throw new Error(`urlOf accepted ${String(id)}`);
  }

  function baseError(baseUrl: unknown): string {
    try {
      baseOf(baseUrl);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      return (error as Error).message;
    }
    throw new Error(`baseOf accepted ${String(baseUrl)}`);
  }

  describe('urlOf', () => {
    test('joins the origin, the base path, the route and the id as one percent-encoded segment', () => {
      expect(urlOf(baseOf('https://h.test'), 'api/order/', 'ord_1')).toEqual(['https://h.test', '/api/order/ord_1']);
      expect(urlOf(baseOf('https://h.test/v1'), 'api/order/', 'a/b?c#d')).toEqual(['https://h.test', '/v1/api/order/a%2Fb%3Fc%23d']);
      expect(urlOf(baseOf(new URL('http://u:p@h.test:8790/v1/#frag')), 'api/checkout/session/', 'é 😀\u00a0')).toEqual([
        'http://h.test:8790',
        '/v1/api/checkout/session/%C3%A9%20%F0%9F%98%80%C2%A0',
      ]);
      expect(urlOf(baseOf('https://h.test/'), 'api/order/', 'x'.repeat(256))[1]).toHaveLength(11 + 256);
      expect(urlOf(baseOf('https://h.test/'), 'api/order/', '...')[1]).toBe('/api/order/...');
      expect(urlOf(baseOf('https://h.test/'), 'api/order/', '.a')[1]).toBe('/api/order/.a');
    });

    test('says the id is not a string, naming its kind', () => {
      expect(idError(42).message).toBe(`${RULE}number`);
      expect(idError(undefined).message).toBe(`${RULE}undefined`);
      expect(idError(null).message).toBe(`${RULE}null`);
      expect(idError(['ord_1']).message).toBe(`${RULE}array`);
    });

    test('says the id is empty or too long, with its length, never showing it', () => {
      expect(idError('').message).toBe(`${RULE}0 characters`);
      const id = `${'a'.repeat(19)}SECRETSECRET${'b'.repeat(300)}`;
      const { message } = idError(id);
      expect(message).toBe(`${RULE}${id.length} characters`);
      expect(message).not.toContain('SECRET');
      expect(idError('x'.repeat(257)).message).toBe(`${RULE}257 characters`);
      // A well-formed pair is no lone surrogate: this id is refused for its length only.
      expect(idError('😀'.repeat(129)).message).toBe(`${RULE}258 characters`);
    });

    test('says the id is "." or "..", which are dot segments', () => {
      expect(idError('.').message).toBe(`${RULE}"."`);
      expect(idError('..').message).toBe(`${RULE}".."`);
    });

    test('says the id holds a control character, never showing it', () => {
      for (const id of ['ord\n1', '\u0000', 'a\u007f', 'ab\u009f\u0001', 'ab\u001f', `${'x'.repeat(30)}\u2028`, 'a\u2029', '\u0001\udc00'])
        expect(idError(id).message).toBe(`${RULE}a control character`);
      // Exactly 256 characters: the length is fine, the control is not.
      expect(idError(`${'x'.repeat(255)}\n`).message).toBe(`${RULE}a control character`);
      expect(urlOf(baseOf('https://h.test/'), 'api/order/', '\u00a0\u00a0')[1]).toBe('/api/order/%C2%A0%C2%A0');
    });

    test('refuses a lone surrogate, which cannot be percent-encoded, and says so', () => {
      expect(idError('ord\ud800').message).toBe(`${RULE}a lone surrogate`);
      expect(idError('\udfff').message).toBe(`${RULE}a lone surrogate`);
    });

    test('refuses a bad base URL with a TypeError that says what is wrong', () => {
      expect(baseError(undefined)).toBe(`${BASE_RULE}undefined`);
      expect(baseError(8790)).toBe(`${BASE_RULE}number`);
      expect(baseError(null)).toBe(`${BASE_RULE}null`);
      expect(baseError(['https://h.test/'])).toBe(`${BASE_RULE}array`);
      expect(baseError({ href: 'https://h.test/' })).toBe(`${BASE_RULE}object`);
      expect(baseError('')).toBe(`${BASE_RULE}a string that is not a URL`);
      expect(baseError('h.test')).toBe(`${BASE_RULE}a string that is not a URL`);
      expect(baseError('/api')).toBe(`${BASE_RULE}a string that is not a URL`);
      expect(baseError('ftp://h.test/')).toBe(`${BASE_RULE}a ftp: URL`);
      expect(baseError('xhttps://h.test/')).toBe(`${BASE_RULE}a xhttps: URL`);
      expect(baseError('https://h.test/?q=1')).toBe(`${BASE_RULE}a URL with a query`);
      expect(baseError(new URL('https://h.test/?q=1'))).toBe(`${BASE_RULE}a URL with a query`);
      expect(baseError('http://h.test/?q=1')).toBe(`${BASE_RULE}a URL with a query`);
      expect(baseError(new URL('ftp://h.test/?q=1'))).toBe(`${BASE_RULE}a ftp: URL`);
    });

    test('never shows the URL: its user info, query or fragment may hold a secret', () => {
      expect(baseError('ftp://user:pw@h.test/p?key=k#f')).toBe(`${BASE_RULE}a ftp: URL`);
      expect(baseError('https://user:pw@h.test/p?key=k#f')).toBe(`${BASE_RULE}a URL with a query`);
      expect(baseError('x://u:p@h\n/?k\nk')).toBe(`${BASE_RULE}a x: URL`);
    });

    test('accepts http and https URLs, as text or URL objects; drops user info and the fragment', () => {
      expect(baseOf(new URL('https://h.test/a'))).toEqual(['https://h.test', '/a/']);
      expect(baseOf('HTTP://u:p@H.test:80/b/#x')).toEqual(['http://h.test', '/b/']);
      expect(baseOf('https://h.test/?')).toEqual(['https://h.test', '/']);
    });

    test('answers the same for the same base URL each time, and a failed parse leaves nothing behind', () => {
      expect(baseOf('https://one.test/x')).toEqual(['https://one.test', '/x/']);
      expect(baseOf('https://one.test/x')).toEqual(['https://one.test', '/x/']);
      expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
      expect(() => baseOf('nope')).toThrow(TypeError);
      // A failed parse leaves nothing behind that a later call could mistake for its own.
      expect(() => baseOf('nope')).toThrow(TypeError);
      expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
      expect(() => baseOf(undefined)).toThrow(TypeError);
      expect(baseOf('https://two.test')).toEqual(['https://two.test', '/']);
    });
  });
});

describe('every option, read by resolveOptions', () => {
  const fetch = async () => new Response();
  const base = { baseUrl: BASE, apiKey: KEY, fetch } satisfies LookupOptions;

  /** The message of the TypeError resolveOptions throws for these options. */
  function refusal(extra: Record<string, unknown>): string {
    try {
      resolveOptions({ ...base, ...extra } as LookupOptions);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).not.toContain(KEY);
      return (error as Error).message;
    }
    throw new Error(`accepted ${JSON.stringify(Object.keys(extra))}`);
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('resolveOptions', () => {
    test('fills in every default', () => {
      const resolved = resolveOptions({ baseUrl: BASE });
      expect(resolved).toMatchObject({
        base: ['https://checkout.test', '/'],
        timeout: 10_000,
        maxRetries: 2,
        maxBodyBytes: 1_048_576,
        successCodes: [0, 200],
      });
      expect(resolved.fetch).toBe(globalThis.fetch);
      expect(resolved.now).toBe(Date.now);
      expect(resolved.apiKey).toBeUndefined();
      expect(resolved.signal).toBeUndefined();
      expect([...resolved.headers]).toEqual([['accept', 'application/json']]);
      expect(Object.keys(resolved).sort()).toEqual([
        'apiKey',
        'base',
        'fetch',
        'headers',
        'maxBodyBytes',
        'maxRetries',
        'now',
        'signal',
        'successCodes',
        'timeout',
      ]);
    });

    test('an option set to undefined takes its default too', () => {
      const resolved = resolveOptions({
        baseUrl: BASE,
        timeout: undefined,
        maxRetries: undefined,
        fetch: undefined,
        now: undefined,
        successCodes: undefined,
        maxBodyBytes: undefined,
        headers: undefined,
      });
      expect(resolved).toMatchObject({
        timeout: 10_000,
        maxRetries: 2,
        maxBodyBytes: 1_048_576,
        successCodes: [0, 200],
        now: Date.now,
        fetch: globalThis.fetch,
      });
    });

    test('keeps the options given', () => {
      const signal = new AbortController().signal;
      const now = () => 5;
      const resolved = resolveOptions({ ...base, signal, now, timeout: 1.5, maxRetries: 0, maxBodyBytes: 1, successCodes: [] });
      expect(resolved).toMatchObject({
        base: ['https://checkout.test', '/'],
        apiKey: KEY,
        fetch,
        signal,
        now,
        timeout: 1.5,
        maxRetries: 0,
        maxBodyBytes: 1,
        successCodes: [],
      });
      expect(resolveOptions({ baseUrl: new URL('https://h.test/v1') }).base).toEqual(['https://h.test', '/v1/']);
    });

    test('sets Accept and X-API-KEY over the caller headers, and deletes an X-API-KEY given without apiKey', () => {
      const headers = resolveOptions({ ...base, headers: { accept: 'text/html', 'x-api-key': 'other', 'X-Trace': 't' } }).headers;
      expect([...headers]).toEqual([
        ['accept', 'application/json'],
        ['x-api-key', KEY],
        ['x-trace', 't'],
      ]);
      const noKey = resolveOptions({
        baseUrl: BASE,
        headers: [
          ['X-API-KEY', 'other'],
          ['x-trace', 'a'],
          ['x-trace', 'b'],
        ],
      }).headers;
      expect([...noKey]).toEqual([
        ['accept', 'application/json'],
        ['x-trace', 'a, b'],
      ]);
      expect([...resolveOptions({ baseUrl: BASE, headers: new Headers({ 'X-A': '1' }) }).headers]).toEqual([
        ['accept', 'application/json'],
        ['x-a', '1'],
      ]);
      // A one-shot iterable is read once.
      const once = new Map([['x-b', '2']]).entries();
      expect(resolveOptions({ baseUrl: BASE, headers: once as never }).headers.get('x-b')).toBe('2');
    });

    test('refuses a bad baseUrl, saying what is wrong', () => {
      expect(refusal({ baseUrl: 'h.test' })).toBe('"baseUrl" must be an absolute http(s) URL without a query; received a string that is not a URL');
      expect(refusal({ baseUrl: undefined })).toBe('"baseUrl" must be an absolute http(s) URL without a query; received undefined');
    });

    test('refuses an apiKey that is not a non-empty string of visible ASCII, never showing it', () => {
      const rule = '"apiKey" must be a string of visible ASCII characters; received ';
      expect(refusal({ apiKey: 123 })).toBe(`${rule}number`);
      expect(refusal({ apiKey: [KEY] })).toBe(`${rule}array`);
      expect(refusal({ apiKey: null })).toBe(`${rule}null`);
      expect(refusal({ apiKey: '' })).toBe(`${rule}string`);
      for (const apiKey of [`${KEY}\n`, ` ${KEY}`, `${KEY}é`, `${KEY}\u007f`, `a\u0000b`]) expect(refusal({ apiKey })).toBe(`${rule}string`);
      expect(resolveOptions({ ...base, apiKey: '!~' }).apiKey).toBe('!~');
    });

    test('refuses a fetch or now that is not a function', () => {
      expect(refusal({ fetch: 'fetch' })).toBe('"fetch" must be a function; received string');
      expect(refusal({ fetch: null })).toBe('"fetch" must be a function; received null');
      expect(refusal({ now: 5 })).toBe('"now" must be a function; received number');
      expect(refusal({ now: null })).toBe('"now" must be a function; received null');
    });

    test('says when there is no fetch at all', () => {
      vi.stubGlobal('fetch', undefined);
      expect(refusal({ fetch: undefined })).toBe('"fetch" must be a function; received undefined');
    });

    test('refuses a signal that is not an AbortSignal, and takes one from another realm', () => {
      const rule = '"signal" must be an AbortSignal; received ';
      expect(refusal({ signal: {} })).toBe(`${rule}object`);
      expect(refusal({ signal: null })).toBe(`${rule}null`);
      expect(refusal({ signal: true })).toBe(`${rule}boolean`);
      expect(refusal({ signal: { aborted: 'no', addEventListener() {} } })).toBe(`${rule}object`);
      expect(refusal({ signal: { aborted: false } })).toBe(`${rule}object`);
      const foreign = { aborted: false, addEventListener() {}, removeEventListener() {} };
      expect(resolveOptions({ ...base, signal: foreign as never }).signal).toBe(foreign);
    });

    test('refuses a timeout that is not a number from 1 to below 2^31, naming its type', () => {
      const rule = '"timeout" must be a number from 1 to below 2^31; received ';
      expect(refusal({ timeout: '1000' })).toBe(`${rule}string`);
      expect(refusal({ timeout: true })).toBe(`${rule}boolean`);
      for (const timeout of [0, 0.5, NaN, Infinity, 2 ** 31, -1]) expect(refusal({ timeout })).toBe(`${rule}number`);
      expect(refusal({ timeout: null })).toBe(`${rule}null`);
      expect(resolveOptions({ ...base, timeout: 1 }).timeout).toBe(1);
      expect(resolveOptions({ ...base, timeout: 2 ** 31 - 1 }).timeout).toBe(2 ** 31 - 1);
    });

    test('refuses a maxRetries that is not an integer of 0 or more', () => {
      const rule = '"maxRetries" must be an integer, 0 or more; received ';
      expect(refusal({ maxRetries: null })).toBe(`${rule}null`);
      expect(refusal({ maxRetries: 1.5 })).toBe(`${rule}number`);
      expect(refusal({ maxRetries: '2' })).toBe(`${rule}string`);
      expect(refusal({ maxRetries: -1 })).toBe(`${rule}number`);
      expect(resolveOptions({ ...base, maxRetries: 0 }).maxRetries).toBe(0);
    });

    test('refuses a maxBodyBytes that is not a positive integer', () => {
      const rule = '"maxBodyBytes" must be a positive integer; received ';
      expect(refusal({ maxBodyBytes: 0 })).toBe(`${rule}number`);
      expect(refusal({ maxBodyBytes: 1.5 })).toBe(`${rule}number`);
      expect(refusal({ maxBodyBytes: '1' })).toBe(`${rule}string`);
    });

    test('refuses successCodes that are not an array of integers, naming the type received', () => {
      const rule = '"successCodes" must be an array of integers; received ';
      expect(refusal({ successCodes: '0,200' })).toBe(`${rule}string`);
      expect(refusal({ successCodes: 0 })).toBe(`${rule}number`);
      expect(refusal({ successCodes: null })).toBe(`${rule}null`);
      expect(refusal({ successCodes: [0, '200'] })).toBe(`${rule}array`);
      expect(refusal({ successCodes: [0.5] })).toBe(`${rule}array`);
      expect(resolveOptions({ ...base, successCodes: [0, 201] }).successCodes).toEqual([0, 201]);
    });

    test('refuses headers that are not headers, naming the type received but never showing a value', () => {
      const rule = '"headers" must be valid names and values; received ';
      expect(refusal({ headers: 'x-a: 1' })).toBe(`${rule}string`);
      expect(refusal({ headers: null })).toBe(`${rule}null`);
      expect(refusal({ headers: 5 })).toBe(`${rule}number`);
      expect(refusal({ headers: [['x-a']] })).toBe(`${rule}array`);
      expect(
        refusal({
          headers: [
            ['x-ok', '1'],
            ['x-a', '1', '2'],
          ],
        }),
      ).toBe(`${rule}array`);
      expect(refusal({ headers: { 'Bad Name': 'x' } })).toBe(`${rule}object`);
      expect(refusal({ headers: { '': 'x' } })).toBe(`${rule}object`);
      expect(refusal({ headers: { 'x\n': 'x' } })).toBe(`${rule}object`);
      expect(refusal({ headers: { Authorization: 'Bearer SECRET\r\nX-Forged: 1' } })).toBe(`${rule}object`);
      expect(refusal({ headers: { 'X-A': '\0' } })).toBe(`${rule}object`);
      expect(refusal({ headers: { 'X-A': 'é€' } })).toBe(`${rule}object`);
      expect(resolveOptions({ ...base, headers: { "!#$%&'*+-.^_`|~09azAZ": ' ÿ\t' } }).headers.get("!#$%&'*+-.^_`|~09azAZ")).toBe('ÿ');
    });

    test('says object for a one-shot list of headers that turns out bad', () => {
      const once = new Map([['bad name', '1']]).entries();
      expect(refusal({ headers: once })).toBe('"headers" must be valid names and values; received object');
    });

    test('refuses a header that runtimes refuse to send, naming it, whatever its case', () => {
      for (const name of ['Transfer-Encoding', 'connection', 'KEEP-ALIVE', 'Upgrade', 'Expect', 'Content-Length'])
        expect(refusal({ headers: { [name]: 'x' } })).toBe(
          `"headers" must be free of headers runtimes refuse to send; received "${name.toLowerCase()}"`,
        );
      for (const name of ['Connection-Id', 'X-Upgrade', 'Expected'])
        expect(resolveOptions({ ...base, headers: { [name]: 'x' } }).headers.get(name)).toBe('x');
    });

    test('checks every option before anything is armed: a bad one leaves no timer behind', () => {
      vi.useFakeTimers();
      try {
        refusal({ maxRetries: -1 });
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('the browser guard', () => {
    const page = { window: {}, document: {} };

    test('a page with no server runtime is a browser; a DOM hosted by Node, Deno or Bun is not', () => {
      expect(isBrowser(page)).toBe(true);
      expect(isBrowser({ ...page, process: {} })).toBe(true);
      expect(isBrowser({ ...page, process: { versions: {} } })).toBe(true);
      expect(isBrowser({ ...page, process: { versions: { node: '24.0.0' } } })).toBe(false);
      expect(isBrowser({ ...page, Deno: {} })).toBe(false);
      expect(isBrowser({ ...page, Bun: {} })).toBe(false);
      expect(isBrowser({ window: {} })).toBe(false);
      expect(isBrowser({ document: {} })).toBe(false);
      expect(isBrowser({})).toBe(false);
      // Here: Node, no DOM.
      expect(isBrowser()).toBe(false);
    });

    /** Runs `call` as in a browser page (a window, a document, no server runtime), synchronously, and puts Node's
     * own process.versions back before anything else runs. */
    function asBrowser<T>(call: () => T): T {
      vi.stubGlobal('window', {});
      vi.stubGlobal('document', {});
      const versions = process.versions;
      Object.defineProperty(process, 'versions', { value: {}, configurable: true });
      try {
        return call();
      } finally {
        Object.defineProperty(process, 'versions', { value: versions, configurable: true });
        vi.unstubAllGlobals();
      }
    }

    test('in a real browser an apiKey is refused, saying what was found and naming dangerouslyAllowBrowser', () => {
      expect(() => asBrowser(() => resolveOptions(base))).toThrow(
        new TypeError(
          '"apiKey" must stay out of browsers (window and document without Node, Deno or Bun); "dangerouslyAllowBrowser" is for tests and trusted pages',
        ),
      );
      expect(() => asBrowser(() => resolveOptions({ ...base, dangerouslyAllowBrowser: false }))).toThrow(TypeError);
    });

    test('in a real browser, no apiKey (a proxy holds it) or dangerouslyAllowBrowser passes', () => {
      expect(asBrowser(() => resolveOptions({ baseUrl: BASE, fetch })).apiKey).toBeUndefined();
      expect(asBrowser(() => resolveOptions({ ...base, dangerouslyAllowBrowser: true })).apiKey).toBe(KEY);
    });

    test('a DOM hosted by Node (vitest happy-dom, jsdom) lets an apiKey through', () => {
      vi.stubGlobal('window', {});
      vi.stubGlobal('document', {});
      expect(resolveOptions(base).apiKey).toBe(KEY);
    });
  });
});
