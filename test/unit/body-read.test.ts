import { describe, expect, test, vi } from 'vitest';
import { readText } from '../../src/core/body.js';
import { getOrder } from '../../src/index.js';
import { BASE, KEY, options } from './helpers.js';

// Reading the body, on two paths: in one go (arrayBuffer) only for the runtime's own fetch (native) with a plain
// Content-Length within the limit and no Content-Encoding; chunk by chunk and counted otherwise. A Response built
// here does not hold its body to its Content-Length as a transport does, so "in one go" shows in what is read: a
// body longer than its Content-Length claims is read whole in one go, and counted (over the limit) chunk by chunk.
// test/integration/body-read.test.ts reads real transports.

const never = new Promise<never>(() => {});
const text = '{"orderId":"ord_ünï€😀"}';
const bytes = new TextEncoder().encode(text);

/** A Response of `bytes`, spied on its arrayBuffer(). */
function answer(headers: Record<string, string>, body: BodyInit | null = bytes) {
  const response = new Response(body, { headers });
  return { response, whole: vi.spyOn(response, 'arrayBuffer') };
}

describe('a body is read in one go', () => {
  test('from the runtime fetch with a plain Content-Length within the limit and no Content-Encoding', async () => {
    const { response, whole } = answer({ 'content-length': String(bytes.length) });
    expect(await readText(response, 1000, never, true)).toBe(text);
    expect(whole).toHaveBeenCalledOnce();
  });

  test('when the Content-Length is exactly the limit', async () => {
    const { response, whole } = answer({ 'content-length': String(bytes.length) });
    expect(await readText(response, bytes.length, never, true)).toBe(text);
    expect(whole).toHaveBeenCalledOnce();
  });

  test('trusting the Content-Length of the runtime fetch: a longer body is not counted against the limit', async () => {
    // A transport ends the body at its Content-Length; a Response built here does not, which shows the path.
    const { response } = answer({ 'content-length': '10' });
    expect(await readText(response, 20, never, true)).toBe(text);
  });

  test('bytes that are not UTF-8 give null', async () => {
    const { response, whole } = answer({ 'content-length': '3' }, Uint8Array.of(0x7b, 0xff, 0x7d));
    expect(await readText(response, 100, never, true)).toBeNull();
    expect(whole).toHaveBeenCalledOnce();
  });

  test('one decoder serves every call: a call after a bad body decodes as before', async () => {
    await readText(answer({ 'content-length': '3' }, Uint8Array.of(0x7b, 0xf0, 0x9f)).response, 100, never, true);
    expect(await readText(answer({ 'content-length': String(bytes.length) }).response, 100, never, true)).toBe(text);
  });

  test('is left to the runtime fetch to end: it follows the request signal for the body too, so no race is added', async () => {
    const { response, whole } = answer({ 'content-length': String(bytes.length) });
    const aborted = Promise.reject(new Error('deadline'));
    aborted.catch(() => {});
    expect(await readText(response, 1000, aborted, true)).toBe(text);
    expect(whole).toHaveBeenCalledOnce();
  });
});

describe('a body is read chunk by chunk, and counted', () => {
  test('from an injected fetch (native left out): its Content-Length is not trusted', async () => {
    const { response, whole } = answer({ 'content-length': '10' });
    expect(await readText(response, 20, never)).toBeUndefined();
    expect(whole).not.toHaveBeenCalled();
  });

  test.each([
    ['no Content-Length', {}],
    ['a Content-Length with a sign', { 'content-length': '+10' }],
    ['a Content-Length with text before it', { 'content-length': 'x10' }],
    ['a Content-Length with text after it', { 'content-length': '10x' }],
    ['a Content-Length in hexadecimal', { 'content-length': '0xa' }],
    ['two Content-Lengths', { 'content-length': '10, 10' }],
    ['an empty Content-Length', { 'content-length': '' }],
    ['a Content-Encoding', { 'content-length': '10', 'content-encoding': 'gzip' }],
  ])('from the runtime fetch with %s', async (_, headers) => {
    const { response, whole } = answer(headers);
    expect(await readText(response, 20, never, true)).toBeUndefined();
    expect(whole).not.toHaveBeenCalled();
  });
});

describe('a body read chunk by chunk', () => {
  test('that never ends is raced against the abort, and cancelled', async () => {
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(bytes.slice(0, 5)),
      cancel: () => {
        cancelled = true;
      },
    });
    const reason = new Error('deadline');
    await expect(readText(new Response(stalled), 1000, Promise.reject(reason))).rejects.toBe(reason);
    expect(cancelled).toBe(true);
  });

  test('is joined before decoding, also inside a multi-byte character, and counted to the limit', async () => {
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        // Byte 17 is inside the 'ü'.
        controller.enqueue(bytes.slice(0, 17));
        controller.enqueue(bytes.slice(17));
        controller.close();
      },
    });
    expect(await readText(new Response(split), bytes.length, never)).toBe(text);
  });
});

describe('a Content-Length over the limit', () => {
  test('is refused at once, on either path, without reading the body', async () => {
    for (const native of [true, false]) {
      const { response, whole } = answer({ 'content-length': String(bytes.length) });
      expect(await readText(response, bytes.length - 1, never, native)).toBeUndefined();
      expect(whole).not.toHaveBeenCalled();
    }
  });
});

describe('the call reads in one go from the runtime fetch only', () => {
  /** The order's envelope as a Response with its Content-Length, spied on its arrayBuffer(). */
  function answered() {
    const body = JSON.stringify({ code: 0, msg: 'ok', data: { orderId: 'ord_1' } });
    return answer({ 'content-length': String(new TextEncoder().encode(body).length), 'content-type': 'application/json' }, body);
  }

  test('globalThis.fetch (no fetch option) gets the one-go read', async () => {
    const { response, whole } = answered();
    vi.stubGlobal('fetch', async () => response);
    try {
      await expect(getOrder('ord_1', { baseUrl: BASE, apiKey: KEY, maxRetries: 0 })).resolves.toMatchObject({ orderId: 'ord_1' });
      expect(whole).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('an injected fetch gets the counted read, even with a plain Content-Length', async () => {
    const { response, whole } = answered();
    await expect(
      getOrder(
        'ord_1',
        options(async () => response, { maxRetries: 0 }),
      ),
    ).resolves.toMatchObject({ orderId: 'ord_1' });
    expect(whole).not.toHaveBeenCalled();
  });
});
