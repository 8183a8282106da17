import { describe, expect, test, vi } from 'vitest';
import { getOrder, getSession } from '../../src/index.js';
import { BASE, KEY, ok, options, order, recordingFetch, session } from './helpers.js';

describe('the URL', () => {
  test('getOrder sends one GET to {baseUrl}/api/order/{id} with the key, a fresh timestamp and Accept, never following a redirect', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', options(fetch, { now: () => 1_700_000_000_123 }));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`${BASE}api/order/ord_ada_1`);
    expect(request?.headers.get('x-api-key')).toBe(KEY);
    expect(request?.headers.get('x-timestamp')).toBe('1700000000123');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.redirect).toBe('manual');
    expect(request?.body).toBeNull();
  });

  test('getSession sends its GET to {baseUrl}/api/checkout/session/{id}', async () => {
    const { fetch, requests } = recordingFetch(ok(session));
    await getSession('cs_open_ada', options(fetch));
    expect(requests[0]?.url).toBe(`${BASE}api/checkout/session/cs_open_ada`);
  });

  test('keeps a base path prefix, with or without a trailing slash', async () => {
    for (const baseUrl of ['https://h.test/v', 'https://h.test/v/', new URL('https://h.test/v/')]) {
      const { fetch, requests } = recordingFetch(ok(order));
      await getOrder('ord_ada_1', options(fetch, { baseUrl }));
      expect(requests[0]?.url).toBe('https://h.test/v/api/order/ord_ada_1');
    }
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

  test.each([
    ['a/b', 'a%2Fb'],
    ['../admin', '..%2Fadmin'],
    ['%2e%2e', '%252e%252e'],
    ['a?b=c', 'a%3Fb%3Dc'],
    ['a#frag', 'a%23frag'],
    ['a\\b', 'a%5Cb'],
    ['ord 1', 'ord%201'],
    ['ördér', '%C3%B6rd%C3%A9r'],
  ])('the id %s travels as one path segment', async (id, segment) => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder(id, options(fetch));
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe(`/api/order/${segment}`);
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
  });

  test('a redirect is an ApiError, never followed', async () => {
    const { fetch, requests } = recordingFetch(() => new Response(null, { status: 302, headers: { Location: 'https://elsewhere.test/' } }));
    await expect(getOrder('ord_ada_1', options(fetch))).rejects.toMatchObject({ name: 'ApiError', status: 302 });
    expect(requests).toHaveLength(1);
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

  test("the runtime's own fetch is given the URL and the init, no Request built; an injected fetch gets one Request", async () => {
    const original = globalThis.fetch;
    const calls: unknown[][] = [];
    globalThis.fetch = (async (...args: unknown[]) => {
      calls.push(args);
      return Response.json({ code: 0, msg: 'success', data: order });
    }) as typeof globalThis.fetch;
    try {
      await getOrder('ord_ada_1', { baseUrl: BASE, apiKey: KEY });
    } finally {
      globalThis.fetch = original;
    }
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0] as [unknown, RequestInit];
    expect(url).toBe(`${BASE}api/order/ord_ada_1`);
    expect(init.redirect).toBe('manual');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(new Headers(init.headers).get('x-api-key')).toBe(KEY);
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', options(fetch));
    expect(requests[0]).toBeInstanceOf(Request);
  });
});
