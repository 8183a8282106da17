// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { getOrder, getSession } from '../../src/index.js';
import { BASE, ok, options, order, recordingFetch, session } from './helpers.js';

describe('in a browser (a DOM window and document)', () => {
  test('runs in a DOM', () => {
    expect(typeof window).toBe('object');
    expect(typeof document).toBe('object');
  });

  test('an apiKey is refused before any request, with an error that says why', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    const error = await getOrder('ord_ada_1', options(fetch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe('"apiKey" must be kept out of browsers ("dangerouslyAllowBrowser")');
    await expect(getSession('cs_open_ada', options(fetch))).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
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
