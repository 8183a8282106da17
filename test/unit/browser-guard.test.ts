// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { isBrowser } from '../../src/core/browser.js';
import { getOrder, getSession } from '../../src/index.js';
import { BASE, KEY, ok, options, order, recordingFetch, session } from './helpers.js';

describe('in a DOM (a window and a document)', () => {
  test('runs in a DOM', () => {
    expect(typeof window).toBe('object');
    expect(typeof document).toBe('object');
  });

  test('a DOM hosted by Node is not a browser: an apiKey goes out without dangerouslyAllowBrowser', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', options(fetch));
    expect(requests[0]?.headers.get('x-api-key')).toBe(KEY);
  });

  test('with no server runtime (a real browser page) an apiKey is refused before any request, with an error that says why', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    // Every option is checked synchronously as the call starts, so Node's own process.versions is back before any
    // other code runs.
    const versions = process.versions;
    Object.defineProperty(process, 'versions', { value: {}, configurable: true });
    let calls: Promise<unknown>[];
    try {
      calls = [getOrder('ord_ada_1', options(fetch)), getSession('cs_open_ada', options(fetch))];
    } finally {
      Object.defineProperty(process, 'versions', { value: versions, configurable: true });
    }
    for (const call of calls) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe('"apiKey" must stay out of browser pages (see "dangerouslyAllowBrowser")');
    }
    expect(requests).toHaveLength(0);
  });

  test('in what looks like a real page, a call without an apiKey (a proxy holds it) or with dangerouslyAllowBrowser goes out', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    const versions = process.versions;
    Object.defineProperty(process, 'versions', { value: {}, configurable: true });
    let calls: Promise<unknown>[];
    try {
      calls = [getOrder('ord_ada_1', { baseUrl: BASE, fetch }), getOrder('ord_ada_1', options(fetch, { dangerouslyAllowBrowser: true }))];
    } finally {
      Object.defineProperty(process, 'versions', { value: versions, configurable: true });
    }
    for (const call of calls) await expect(call).resolves.toMatchObject({ orderId: 'ord_ada_1' });
    expect(requests.map((request) => request.headers.has('x-api-key'))).toEqual([false, true]);
  });

  test('without an apiKey (calling a proxy) it works as usual', async () => {
    const { fetch, requests } = recordingFetch(ok(session));
    const result = await getSession('cs_open_ada', { baseUrl: BASE, fetch });
    expect(result.sessionId).toBe('cs_open_ada');
    expect(requests[0]!.headers.has('x-api-key')).toBe(false);
  });

  test('dangerouslyAllowBrowser lets an apiKey through', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', options(fetch, { dangerouslyAllowBrowser: true }));
    expect(requests).toHaveLength(1);
  });
});

// The one home of the browser guard: the decision (isBrowser, from the globals it is given), and above, the calls in
// a DOM hosted by Node and in what looks like a real page.
describe('isBrowser', () => {
  const page = { window: {}, document: {} };

  test('a page with no server runtime is a browser; a DOM hosted by Node, Deno or Bun is not', () => {
    expect(isBrowser(page)).toBe(true);
    expect(isBrowser({ ...page, process: {} })).toBe(true);
    expect(isBrowser({ ...page, process: { versions: {} } })).toBe(true);
    expect(isBrowser({ ...page, process: { versions: { node: '24.0.0' } } })).toBe(false);
    expect(isBrowser({ ...page, Deno: {} })).toBe(false);
    expect(isBrowser({ ...page, Bun: {} })).toBe(false);
  });

  test('needs both a window and a document: either alone (a Web Worker, a DOM library) is no browser', () => {
    expect(isBrowser({ window: {} })).toBe(false);
    expect(isBrowser({ document: {} })).toBe(false);
    expect(isBrowser({})).toBe(false);
  });

  test('reads globalThis by default: here, a happy-dom window hosted by Node, no browser', () => {
    expect(isBrowser()).toBe(false);
  });
});
