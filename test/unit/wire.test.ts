import { describe, expect, test, vi } from 'vitest';
import { getOrder, getSession } from '../../src/index.js';
import { BASE, KEY, ok, options, order, recordingFetch, session } from './helpers.js';

describe('the id', () => {
  test.each([
    ['empty', ''],
    ['"."', '.'],
    ['".."', '..'],
    ['longer than 256 characters', 'a'.repeat(257)],
    ['holding a NUL', 'ord\u0000'],
    ['holding a newline', 'ord\n1'],
    ['holding DEL', 'ord\u007f'],
    ['holding a C1 control', 'ord\u0085'],
    ['holding a lone surrogate', 'ord\ud800'],
  ])('is rejected with a TypeError before any request when %s', async (_, id) => {
    const { fetch, requests } = recordingFetch(ok(order));
    await expect(getOrder(id, options(fetch))).rejects.toThrow(TypeError);
    await expect(getSession(id, options(fetch))).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
  });

  test('that is not a string is rejected before any request', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await expect(getOrder(42 as unknown as string, options(fetch))).rejects.toThrow('"id" must be');
    expect(requests).toHaveLength(0);
  });

  test('of exactly 256 characters is accepted', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('a'.repeat(256), options(fetch));
    expect(requests).toHaveLength(1);
  });

  test.each([
    ['a/b', 'a%2Fb'],
    ['../admin', '..%2Fadmin'],
    ['%2e%2e', '%252e%252e'],
    ['a?b=c', 'a%3Fb%3Dc'],
    ['a#frag', 'a%23frag'],
    ['a\\b', 'a%5Cb'],
    ['ord 1', 'ord%201'],
    ['ördér', '%C3%B6rd%C3%A9r'],
  ])('travels as one path segment: %s', async (id, segment) => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder(id, options(fetch));
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe(`/api/order/${segment}`);
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
  });
});

describe('getSession', () => {
  test('sends GET to {baseUrl}/api/checkout/session/{id} and returns dates as Dates', async () => {
    const { fetch, requests } = recordingFetch(ok(session));
    const result = await getSession('cs_open_ada', options(fetch));
    expect(requests[0]?.url).toBe(`${BASE}api/checkout/session/cs_open_ada`);
    expect(result.created).toEqual(new Date('2026-11-20T09:14:03Z'));
    expect(result.expire).toEqual(new Date('2026-11-21T09:14:03Z'));
    expect(result.price?.recurring?.interval).toBe('week');
    expect(result.customer?.email).toBe('ada@example.com');
  });
});

describe('the request', () => {
  test('carries extra headers, while the SDK owns X-API-KEY, X-Timestamp and Accept', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder(
      'ord_ada_1',
      options(fetch, {
        now: () => 5,
        headers: { 'X-Request-Id': 'r-1', 'X-API-KEY': 'other', 'X-Timestamp': '1', Accept: 'text/html' },
      }),
    );
    const headers = requests[0]!.headers;
    expect(headers.get('x-request-id')).toBe('r-1');
    // The key of `apiKey`, not the one in `headers` (a `.not.toBe('other')` would also pass with no key sent).
    expect(headers.get('x-api-key')).toBe(KEY);
    expect(headers.get('x-timestamp')).toBe('5');
    expect(headers.get('accept')).toBe('application/json');
  });

  test('never sends an X-API-KEY given in headers: the key goes only through apiKey, with its guard and redaction', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', { baseUrl: BASE, fetch, headers: { 'X-API-KEY': 'sk_in_headers' } });
    expect(requests[0]!.headers.has('x-api-key')).toBe(false);
  });

  test('reads headers given as a one-shot iterable on every attempt', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, requests } = recordingFetch(() => new Response(null, { status: 503 }), ok(order));
      const headers = (function* () {
        yield ['X-Request-Id', 'r-1'] as [string, string];
      })();
      // Headers accept any iterable of pairs at run time; the DOM types list only arrays.
      const pending = getOrder('ord_ada_1', options(fetch, { headers: headers as unknown as HeadersInit }));
      await vi.runAllTimersAsync();
      await pending;
      expect(requests.map((r) => r.headers.get('x-request-id'))).toEqual(['r-1', 'r-1']);
    } finally {
      vi.useRealTimers();
    }
  });

  test('has no X-API-KEY when no apiKey is given (calling a proxy)', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', { baseUrl: BASE, fetch });
    expect(requests[0]!.headers.has('x-api-key')).toBe(false);
  });

  test('calls fetch unbound, as Workers require ("Illegal invocation" otherwise)', async () => {
    const { fetch: answer, requests } = recordingFetch(ok(order));
    const fetch = function (this: unknown, request: Request) {
      if (this !== undefined) throw new TypeError('Illegal invocation');
      return answer(request);
    };
    await getOrder('ord_ada_1', options(fetch, { maxRetries: 0 }));
    expect(requests).toHaveLength(1);
  });

  test('uses globalThis.fetch looked up at call time when no fetch is given', async () => {
    const original = globalThis.fetch;
    const { fetch, requests } = recordingFetch(ok(order));
    globalThis.fetch = fetch as typeof globalThis.fetch;
    try {
      await getOrder('ord_ada_1', { baseUrl: BASE });
    } finally {
      globalThis.fetch = original;
    }
    expect(requests).toHaveLength(1);
  });
});

describe('options', () => {
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

  test('options left out or undefined take their defaults', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    const undefinedOptions = { timeout: undefined, maxRetries: undefined, successCodes: undefined, headers: undefined, now: undefined };
    await getOrder('ord_ada_1', { ...options(fetch), ...undefinedOptions, signal: undefined, maxBodyBytes: undefined });
    expect(requests).toHaveLength(1);
  });

  test('a plain http baseUrl is accepted (a local service, a proxy)', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    expect((await getOrder('ord_ada_1', options(fetch, { baseUrl: 'http://127.0.0.1:8790/v' }))).orderId).toBe('ord_ada_1');
    expect(requests.map((request) => request.url)).toEqual(['http://127.0.0.1:8790/v/api/order/ord_ada_1']);
  });

  test('credentials and a fragment in baseUrl are dropped, never sent', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', options(fetch, { baseUrl: 'https://user:pw@h.test/v#top' }));
    expect(requests[0]?.url).toBe('https://h.test/v/api/order/ord_ada_1');
  });

  test('without options at all is a TypeError', async () => {
    await expect(getOrder('ord_ada_1', undefined as never)).rejects.toThrow(TypeError);
  });
});
