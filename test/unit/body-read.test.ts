import { describe, expect, test, vi } from 'vitest';
import { readText } from '../../src/core/body.js';
import { getOrder } from '../../src/index.js';
import { BASE, KEY, options } from './helpers.js';

// The one home of reading a body (readText): chunk by chunk, counted against the limit, ended by the abort, and
// decoded once. The calls' answers to what is read (a ValidationError, an ApiError) live in validation.test.ts and
// errors.test.ts; test/integration/body-read.test.ts reads real transports.

/** A deadline that never aborts. */
const never = { until() {} };
const text = '{"orderId":"ord_ünï€😀"}';
const bytes = new TextEncoder().encode(text);

/** A Response whose body comes in `chunks`, and tells whether it was cancelled. */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const state = { cancelled: false, pulled: 0 };
  const queue = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      const chunk = queue.shift();
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body, { headers }), state };
}

describe('readText', () => {
  test('gives the text of a body in one chunk', async () => {
    expect(await readText(new Response(bytes), 1000, never)).toBe(text);
  });

  test('joins the chunks before decoding, also inside a multi-byte character', async () => {
    // Byte 17 is inside the 'ü'.
    const { response } = streamed([bytes.slice(0, 17), bytes.slice(17, 30), bytes.slice(30)]);
    expect(await readText(response, 1000, never)).toBe(text);
  });

  test('reads a body of exactly the limit; one byte more is undefined, and the rest is cancelled unread', async () => {
    expect(await readText(streamed([bytes]).response, bytes.length, never)).toBe(text);
    const { response, state } = streamed([bytes.slice(0, 10), bytes.slice(10), bytes, bytes]);
    expect(await readText(response, bytes.length - 1, never)).toBeUndefined();
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(4);
  });

  test('counts what comes, whatever the Content-Length says: a body longer than it claims is refused', async () => {
    const { response } = streamed([bytes, bytes], { 'content-length': '10' });
    expect(await readText(response, bytes.length + 5, never)).toBeUndefined();
  });

  test('refuses a Content-Length over the limit without reading the body', async () => {
    const { response, state } = streamed([bytes], { 'content-length': String(bytes.length) });
    expect(await readText(response, bytes.length - 1, never)).toBeUndefined();
    expect(state.pulled).toBeLessThanOrEqual(1);
    expect(state.cancelled).toBe(true);
  });

  test.each([
    ['a sign', '+10'],
    ['text before it', 'x10'],
    ['two values', '10, 10'],
    ['nothing', ''],
  ])('reads on, counting, when the Content-Length holds %s', async (_, length) => {
    const { response } = streamed([bytes], { 'content-length': length });
    expect(await readText(response, 1000, never)).toBe(text);
  });

  test('gives null for bytes that are not UTF-8, wherever they are, and decodes the next body as before', async () => {
    expect(await readText(new Response(Uint8Array.of(0x7b, 0xff, 0x7d)), 100, never)).toBeNull();
    expect(await readText(streamed([bytes.slice(0, 5), Uint8Array.of(0xff), bytes.slice(5)]).response, 100, never)).toBeNull();
    expect(await readText(streamed([bytes.slice(0, 17)]).response, 100, never)).toBeNull();
    expect(await readText(new Response(bytes), 100, never)).toBe(text);
  });

  test('gives an empty text for a response without a body, or an empty one', async () => {
    expect(await readText(new Response(null), 100, never)).toBe('');
    expect(await readText(new Response(''), 100, never)).toBe('');
  });

  test('ends a body that never ends when the signal aborts, with its reason, and cancels it', async () => {
    let cancelled: unknown;
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(bytes.slice(0, 5)),
      cancel: (reason) => {
        cancelled = reason;
      },
    });
    let abort!: (reason: unknown) => void;
    const read = readText(new Response(stalled), 1000, { until: (interrupt) => (abort = interrupt) });
    const reason = new Error('deadline');
    // The first chunk is read; the read after it waits for a chunk that never comes.
    await new Promise((resolve) => setTimeout(resolve, 5));
    abort(reason);
    await expect(read).rejects.toBe(reason);
    expect(cancelled).toBe(reason);
  });

  test('an abort while a chunk is on its way ends the read with its reason; the chunk is not kept', async () => {
    let abort!: (reason: unknown) => void;
    const reason = new Error('deadline');
    const { response } = streamed([bytes.slice(0, 5), bytes.slice(5)]);
    const read = readText(response, 1000, {
      until: (interrupt) => {
        abort = interrupt;
      },
    });
    abort(reason);
    await expect(read).rejects.toBe(reason);
  });

  test('an abort after a body-less answer was read has nothing to cancel, and throws nothing', async () => {
    let abort!: (reason: unknown) => void;
    expect(await readText(new Response(null), 100, { until: (interrupt) => (abort = interrupt) })).toBe('');
    expect(() => abort(new Error('deadline'))).not.toThrow();
  });

  test('a text that holds U+FFFD, sent as such, is UTF-8 and comes whole', async () => {
    const replacement = '{"note":"\uFFFD ok"}';
    expect(await readText(new Response(new TextEncoder().encode(replacement)), 100, never)).toBe(replacement);
    expect(await readText(new Response(Uint8Array.of(0x22, 0xef, 0xbf, 0xbd, 0xff, 0x22)), 100, never)).toBeNull();
  });
});

describe('the call reads the same way from any fetch', () => {
  const answered = () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: { orderId: 'ord_1' } }), { headers: { 'content-length': '50' } });

  test('globalThis.fetch (no fetch option) and an injected fetch both get the counted read', async () => {
    for (const make of [
      () => {
        vi.stubGlobal('fetch', async () => answered());
        return { baseUrl: BASE, apiKey: KEY, maxRetries: 0 };
      },
      () => options(async () => answered(), { maxRetries: 0 }),
    ]) {
      try {
        await expect(getOrder('ord_1', make())).resolves.toMatchObject({ orderId: 'ord_1' });
      } finally {
        vi.unstubAllGlobals();
      }
    }
  });
});
