import { afterEach, describe, expect, test, vi } from 'vitest';
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
  const signal = '"signal" must be an AbortSignal; received ';
  const codes = '"successCodes" must be a non-empty array of integers; received ';
  const headers = '"headers" must be valid names and values; received ';
  const refused = '"headers" must be free of headers runtimes refuse to send; received ';
  const fn = (name: string, kind: string) => `"${name}" must be a function; received ${kind}`;
  // The one table of refused options: each row is checked through a call, before any request and any timer.
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
    [{ timeout: 0.5 }, `${timeout}number`],
    [{ timeout: -1 }, `${timeout}number`],
    [{ timeout: Number.NaN }, `${timeout}number`],
    [{ timeout: Number.POSITIVE_INFINITY }, `${timeout}number`],
    [{ timeout: 2 ** 31 }, `${timeout}number`],
    [{ timeout: null }, `${timeout}null`],
    [{ timeout: '1000' }, `${timeout}string`],
    [{ timeout: true }, `${timeout}boolean`],
    [{ maxRetries: -1 }, '"maxRetries" must be an integer, 0 or more; received number'],
    [{ maxRetries: 1.5 }, '"maxRetries" must be an integer, 0 or more; received number'],
    [{ maxRetries: '2' }, '"maxRetries" must be an integer, 0 or more; received string'],
    [{ maxRetries: null }, '"maxRetries" must be an integer, 0 or more; received null'],
    [{ maxBodyBytes: 0 }, '"maxBodyBytes" must be a positive integer; received number'],
    [{ maxBodyBytes: 1.5 }, '"maxBodyBytes" must be a positive integer; received number'],
    [{ maxBodyBytes: '1' }, '"maxBodyBytes" must be a positive integer; received string'],
    [{ successCodes: '0' }, `${codes}string`],
    [{ successCodes: 0 }, `${codes}number`],
    [{ successCodes: null }, `${codes}null`],
    [{ successCodes: [0, 200.5] }, `${codes}array`],
    [{ successCodes: [0, '200'] }, `${codes}array`],
    [{ successCodes: [] }, `${codes}array`],
    [{ apiKey: '' }, `${apiKey}an empty string`],
    [{ apiKey: 'key with space' }, `${apiKey}a string with a space`],
    [{ apiKey: 'sk_test_key\n' }, `${apiKey}a string with a line break`],
    [{ apiKey: 'sk_test\r\nkey' }, `${apiKey}a string with a line break`],
    [{ apiKey: 'sk_test_é' }, `${apiKey}a string with another character`],
    [{ apiKey: 'sk\u007f' }, `${apiKey}a string with another character`],
    [{ apiKey: 'a\tb' }, `${apiKey}a string with another character`],
    [{ apiKey: 123 }, `${apiKey}number`],
    [{ apiKey: null }, `${apiKey}null`],
    [{ apiKey: ['k'] }, `${apiKey}array`],
    [{ fetch: 'no' }, fn('fetch', 'string')],
    [{ fetch: null }, fn('fetch', 'null')],
    [{ now: 5 }, fn('now', 'number')],
    [{ now: null }, fn('now', 'null')],
    [{ onAttempt: 'log' }, fn('onAttempt', 'string')],
    [{ onAttempt: null }, fn('onAttempt', 'null')],
    [{ signal: {} }, `${signal}object`],
    [{ signal: null }, `${signal}null`],
    [{ signal: true }, `${signal}boolean`],
    [{ signal: { aborted: 'no', addEventListener() {}, removeEventListener() {} } }, `${signal}object`],
    [{ signal: { aborted: false, addEventListener() {} } }, `${signal}object`],
    [{ signal: { aborted: false, removeEventListener() {} } }, `${signal}object`],
    [{ dangerouslyAllowBrowser: 'yes' }, '"dangerouslyAllowBrowser" must be a boolean; received string'],
    [{ dangerouslyAllowBrowser: 1 }, '"dangerouslyAllowBrowser" must be a boolean; received number'],
    [{ dangerouslyAllowBrowser: null }, '"dangerouslyAllowBrowser" must be a boolean; received null'],
    [{ headers: 'x-a: 1' }, `${headers}string`],
    [{ headers: null }, `${headers}null`],
    [{ headers: 5 }, `${headers}number`],
    [{ headers: [['X-Bad', 'a\nb']] }, `${headers}array with a bad entry at position 0`],
    [{ headers: [['x-ok', '1'], ['x-a']] }, `${headers}array with a bad entry at position 1`],
    [
      {
        headers: [
          ['x-ok', '1'],
          ['x-ok', '2'],
          ['x-a', '1', '2'],
        ],
      },
      `${headers}array with a bad entry at position 2`,
    ],
    [{ headers: [['x-ok', '1'], 'x-b'] }, `${headers}array with a bad entry at position 1`],
    [{ headers: { 'X-Ok': '1', 'Bad Name': 'x' } }, `${headers}object with a bad entry at position 1`],
    [{ headers: { '': 'x' } }, `${headers}object with a bad entry at position 0`],
    [{ headers: { Authorization: 'Bearer SECRET\r\nX-Forged: 1' } }, `${headers}object with a bad entry at position 0`],
    [{ headers: { 'X-A': '\0' } }, `${headers}object with a bad entry at position 0`],
    [{ headers: { 'X-A': 'é€' } }, `${headers}object with a bad entry at position 0`],
    [{ headers: { 'Transfer-Encoding': 'chunked' } }, `${refused}"transfer-encoding"`],
    [{ headers: { Expect: '100-continue' } }, `${refused}"expect"`],
    [{ headers: { Host: 'elsewhere.test' } }, `${refused}"host"`],
    [{ headers: [['KEEP-ALIVE', 'x']] }, `${refused}"keep-alive"`],
    [{ headers: new Headers({ Connection: 'close' }) }, `${refused}"connection"`],
    [{ headers: { Upgrade: 'h2c' } }, `${refused}"upgrade"`],
    [{ headers: { 'Content-Length': '0' } }, `${refused}"content-length"`],
    [{ timout: 1 }, '"timout" is not an option; did you mean "timeout"?'],
    [{ timeOut: 1 }, '"timeOut" is not an option; did you mean "timeout"?'],
    [{ apikey: 'k' }, '"apikey" is not an option; did you mean "apiKey"?'],
    [{ key: 'k' }, '"key" is not an option; did you mean "apiKey"?'],
    [{ url: 'https://h.test/' }, '"url" is not an option; did you mean "baseUrl"?'],
    [{ retries: 1 }, '"retries" is not an option; did you mean "maxRetries"?'],
    [{ maxRetry: 1 }, '"maxRetry" is not an option; did you mean "maxRetries"?'],
    [{ sucessCodes: [0] }, '"sucessCodes" is not an option; did you mean "successCodes"?'],
    [{ header: {} }, '"header" is not an option; did you mean "headers"?'],
    [{ onattempt: () => {} }, '"onattempt" is not an option; did you mean "onAttempt"?'],
    [{ allowBrowser: true }, '"allowBrowser" is not an option; did you mean "dangerouslyAllowBrowser"?'],
    [{ maxBody: 1 }, '"maxBody" is not an option; did you mean "maxBodyBytes"?'],
    [{ signl: undefined }, '"signl" is not an option; did you mean "signal"?'],
    // Nothing alike: the first name of the table.
    [{ zzz: 1 }, '"zzz" is not an option; did you mean "baseUrl"?'],
  ])('%o is a TypeError stating the rule and what was received, before any request and leaving no timer', async (bad, message) => {
    vi.useFakeTimers();
    try {
      const armed = vi.spyOn(globalThis, 'setTimeout');
      const { fetch, requests } = recordingFetch(ok(order));
      const error = await getOrder('ord_ada_1', { ...options(fetch), ...bad } as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(error).not.toBeInstanceOf(InvalidIdError);
      expect((error as Error).message).toBe(message);
      expect((error as Error).message).not.toContain(KEY);
      expect(requests).toHaveLength(0);
      // Nothing was armed: a timer left behind would keep a Node process alive for the whole timeout.
      expect(armed).not.toHaveBeenCalled();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  test.each([
    ['a string', 'x', 'string'],
    ['a number', 1, 'number'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['an array', [{ baseUrl: BASE }], 'array'],
    ['a function', () => ({ baseUrl: BASE }), 'function'],
  ])('options that are not an object (%s) are refused as such', async (_, given, kind) => {
    const error = await getOrder('ord_1', given as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(`"options" must be an object; received ${kind}`);
  });

  test.each([
    ['NaN', () => Number.NaN, 'number'],
    ['Infinity', () => Number.POSITIVE_INFINITY, 'number'],
    ['a string', () => '1700000000000\nX-Forged: 1', 'string'],
    ['nothing', () => undefined, 'undefined'],
  ])('a clock returning %s is a TypeError naming "now", before any request or timer', async (_, now, kind) => {
    vi.useFakeTimers();
    try {
      const { fetch, requests } = recordingFetch(ok(order));
      const error = await getOrder('ord_1', options(fetch, { now: now as () => number })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(`"now" must return a finite number; received ${kind}`);
      expect(requests).toHaveLength(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a clock that turns bad on a retry fails the call with the same TypeError, before that request', async () => {
    vi.useFakeTimers();
    try {
      const readings = [1000, Number.NaN];
      const { fetch, requests } = recordingFetch(() => envelope(null, { status: 503, code: 503 }));
      const pending = getOrder('ord_1', options(fetch, { now: () => readings.shift() ?? 0 })).catch((e: unknown) => e);
      await vi.runAllTimersAsync();
      expect((await pending) as Error).toEqual(new TypeError('"now" must return a finite number; received number'));
      expect(requests).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('the smallest timeout, 1 ms, and dangerouslyAllowBrowser false are accepted', async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = recordingFetch(ok(order));
      await expect(getOrder('ord_1', options(fetch, { timeout: 1, dangerouslyAllowBrowser: false }))).resolves.toMatchObject({
        orderId: 'ord_ada_1',
      });
    } finally {
      vi.useRealTimers();
    }
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
    expect((error as ValidationError).issues).toEqual([{ path: '', message: 'expected JSON, received more than 1048576 bytes' }]);
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

    test('a base URL read again gives the same origin and path; a URL object is read as it is now', () => {
      expect(baseOf('https://h.test/same')).toEqual(['https://h.test', '/same/']);
      expect(baseOf('https://h.test/same')).toEqual(['https://h.test', '/same/']);
      expect(baseOf('https://h.test/other')).toEqual(['https://h.test', '/other/']);
      const url = new URL('https://h.test/before');
      expect(baseOf(url)).toEqual(['https://h.test', '/before/']);
      url.pathname = '/after';
      expect(baseOf(url)).toEqual(['https://h.test', '/after/']);
      url.search = '?q=1';
      expect(() => baseOf(url)).toThrow(`${BASE_RULE}a URL with a query`);
      expect(() => baseOf(undefined)).toThrow(`${BASE_RULE}undefined`);
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

describe('options are read as users write them', () => {
  const fetch = async () => new Response();

  test('a class instance whose apiKey is a getter sends X-API-KEY', () => {
    class Settings {
      baseUrl = BASE;
      get apiKey() {
        return KEY;
      }
    }
    expect(resolveOptions(new Settings() as LookupOptions).headers['x-api-key']).toBe(KEY);
  });

  test('an inherited option is read and checked like an own one', () => {
    const defaults = { timeout: 5000, fetch };
    expect(resolveOptions(Object.assign(Object.create(defaults), { baseUrl: BASE })).timeout).toBe(5000);
    const bad = Object.assign(Object.create({ timeout: -1 }), { baseUrl: BASE });
    expect(() => resolveOptions(bad)).toThrow(new TypeError('"timeout" must be a number from 1 to below 2^31; received number'));
  });

  test('a sparse successCodes is refused: a hole is no integer', () => {
    expect(() => resolveOptions({ baseUrl: BASE, successCodes: new Array(1) })).toThrow(
      new TypeError('"successCodes" must be a non-empty array of integers; received array'),
    );
    expect(() => resolveOptions({ baseUrl: BASE, successCodes: Object.assign([0], { 2: 200 }) })).toThrow(TypeError);
  });

  test('user code that throws while an option is read is a TypeError naming the option, the original as its cause', async () => {
    const thrown = new Error('from user code');
    const refusal = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        expect((error as Error).cause).toBe(thrown);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const getter = {
      baseUrl: BASE,
      get timeout(): number {
        throw thrown;
      },
    };
    expect(refusal(() => resolveOptions(getter))).toBe('"timeout" must be readable; reading it threw');
    const trap = new Proxy({ baseUrl: BASE } as LookupOptions, {
      get(target, name) {
        if (name === 'headers') throw thrown;
        return Reflect.get(target, name);
      },
    });
    expect(refusal(() => resolveOptions(trap))).toBe('"headers" must be readable; reading it threw');
    const keys = new Proxy({ baseUrl: BASE } as LookupOptions, {
      ownKeys() {
        throw thrown;
      },
    });
    expect(refusal(() => resolveOptions(keys))).toBe('"options" must be readable; reading it threw');
    const signal = {
      get aborted(): boolean {
        throw thrown;
      },
      addEventListener() {},
      removeEventListener() {},
    };
    expect(refusal(() => resolveOptions({ baseUrl: BASE, signal: signal as never }))).toBe('"signal" must be readable; reading it threw');
    const now = () => {
      throw thrown;
    };
    const error = await getOrder('ord_1', { baseUrl: BASE, fetch, now, maxRetries: 0 }).catch((e: unknown) => e);
    expect(
      refusal(() => {
        throw error;
      }),
    ).toBe('"now" must be readable; reading it threw');
  });

  test('each option is read once, those not given too', () => {
    const reads: PropertyKey[] = [];
    const traced = new Proxy({ baseUrl: BASE, apiKey: KEY } as LookupOptions, {
      get(target, name) {
        reads.push(name);
        return Reflect.get(target, name);
      },
    });
    resolveOptions(traced);
    expect(new Set(reads).size).toBe(reads.length);
    expect(reads).toEqual(expect.arrayContaining(['baseUrl', 'apiKey', 'fetch', 'signal', 'timeout', 'headers', 'onAttempt']));
  });

  test('a getter that throws only on its first read names "options": which option threw cannot be told', () => {
    const thrown = new Error('once');
    let reads = 0;
    const once = {
      baseUrl: BASE,
      get timeout(): number {
        reads++;
        if (reads === 1) throw thrown;
        return 5000;
      },
    };
    let error: unknown;
    try {
      resolveOptions(once);
    } catch (caught) {
      error = caught;
    }
    expect(error).toEqual(new TypeError('"options" must be readable; reading it threw'));
    expect((error as Error).cause).toBe(thrown);
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
      expect([...new Headers(resolved.headers)]).toEqual([['accept', 'application/json']]);
      // One shape for every call: what the call reads, nothing more (no baseUrl beside the base it came to).
      expect(Object.keys(resolved).sort()).toEqual([
        'apiKey',
        'base',
        'fetch',
        'headers',
        'maxBodyBytes',
        'maxRetries',
        'now',
        'onAttempt',
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
      const onAttempt = () => {};
      const resolved = resolveOptions({
        ...base,
        signal,
        now,
        onAttempt,
        timeout: 1.5,
        maxRetries: 0,
        maxBodyBytes: 1,
        successCodes: [7],
        dangerouslyAllowBrowser: true,
      });
      expect(resolved).toMatchObject({
        base: ['https://checkout.test', '/'],
        apiKey: KEY,
        fetch,
        signal,
        now,
        timeout: 1.5,
        maxRetries: 0,
        maxBodyBytes: 1,
        successCodes: [7],
        onAttempt,
      });
      expect(resolveOptions({ baseUrl: new URL('https://h.test/v1') }).base).toEqual(['https://h.test', '/v1/']);
    });

    test('sets Accept and X-API-KEY over the caller headers, and deletes an X-API-KEY given without apiKey', () => {
      const headers = resolveOptions({ ...base, headers: { accept: 'text/html', 'x-api-key': 'other', 'X-Trace': 't' } }).headers;
      expect([...new Headers(headers)]).toEqual([
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
      expect([...new Headers(noKey)]).toEqual([
        ['accept', 'application/json'],
        ['x-trace', 'a, b'],
      ]);
      expect([...new Headers(resolveOptions({ baseUrl: BASE, headers: new Headers({ 'X-A': '1' }) }).headers)]).toEqual([
        ['accept', 'application/json'],
        ['x-a', '1'],
      ]);
      // A one-shot iterable is read once.
      const once = new Map([['x-b', '2']]).entries();
      expect(resolveOptions({ baseUrl: BASE, headers: once as never }).headers['x-b']).toBe('2');
    });

    test('says when there is no fetch at all', () => {
      vi.stubGlobal('fetch', undefined);
      expect(refusal({ fetch: undefined })).toBe('"fetch" must be a function; received undefined');
    });

    test('takes a signal from another realm, and headers with every character a name or value may hold', () => {
      const foreign = { aborted: false, addEventListener() {}, removeEventListener() {} };
      expect(resolveOptions({ ...base, signal: foreign as never }).signal).toBe(foreign);
      expect(resolveOptions({ ...base, headers: { "!#$%&'*+-.^_`|~09azAZ": ' ÿ\t' } }).headers["!#$%&'*+-.^_`|~09azAZ".toLowerCase()]).toBe('ÿ');
      for (const name of ['Connection-Id', 'X-Upgrade', 'Expected', 'X-Host'])
        expect(new Headers(resolveOptions({ ...base, headers: { [name]: 'x' } }).headers).get(name)).toBe('x');
      expect(resolveOptions({ ...base, apiKey: '!~' }).apiKey).toBe('!~');
      expect(resolveOptions({ ...base, timeout: 2 ** 31 - 1 }).timeout).toBe(2 ** 31 - 1);
    });

    test('says object for a one-shot list of headers that turns out bad: it was used up, so no position is known', () => {
      const once = new Map([['bad name', '1']]).entries();
      expect(refusal({ headers: once })).toBe('"headers" must be valid names and values; received object');
    });
  });
});
