import { describe, expect, test } from 'vitest';
import { getOrder, ValidationError } from '../../src/index.js';
import { readText } from '../../src/core/body.js';
import { options, order } from './helpers.js';

const json = (data: unknown) => JSON.stringify({ code: 0, msg: 'success', data });

/** A Response whose body comes as the given byte chunks, with the headers given (no Content-Length unless given). */
function chunked(chunks: Uint8Array[], headers: Record<string, string> = {}): Response {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]!);
      else controller.close();
    },
  });
  return new Response(body, { headers });
}

/** A Response of 32 chunks of 64 KiB of spaces (2 MiB, never JSON), counting the chunks pulled from it. */
function large(headers: Record<string, string>) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled++ < 32) controller.enqueue(chunk);
      else controller.close();
    },
  });
  return { response: new Response(body, { headers }), counter };
}

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('resolved'), (error: unknown) => error as ValidationError);

describe('reading the body', () => {
  test('a body in several chunks is joined before decoding, also inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode(json({ ...order, sessionId: 'cs_ünï€😀' }));
    const cut = bytes.indexOf(0xf0) + 2; // inside the 4-byte emoji
    const parts = [bytes.slice(0, 7), bytes.slice(7, cut), bytes.slice(cut)];
    const result = await getOrder('ord_1', options(async () => chunked(parts)));
    expect(result.sessionId).toBe('cs_ünï€😀');
  });

  test('a real U+FFFD in the text is kept; bytes that are not UTF-8 are not JSON', async () => {
    const real = await getOrder('ord_1', options(async () => new Response(json({ ...order, sessionId: 'cs_\uFFFD' }))));
    expect(real.sessionId).toBe('cs_\uFFFD');
    const text = new TextEncoder().encode(json(order));
    const broken = Uint8Array.from([...text.slice(0, 20), 0xff, ...text.slice(20)]);
    for (const headers of [{}, { 'content-length': String(broken.length) }]) {
      const error = await failure(getOrder('ord_1', options(async () => chunked([broken], headers))));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toContain('body: expected JSON');
    }
  });

  test('bytes that are not UTF-8 between valid chunks are not JSON, even if the chunks around them would be', async () => {
    const text = new TextEncoder().encode(json(order));
    const cut = text.indexOf(0x3a); // after the first key: each side alone is no JSON, both joined are
    const parts = [text.slice(0, cut), Uint8Array.of(0xff), text.slice(cut)];
    const error = await failure(getOrder('ord_1', options(async () => chunked(parts))));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path: '', message: 'expected JSON' }]);
  });

  test('a response without a body is not JSON', async () => {
    const error = await failure(getOrder('ord_1', options(async () => new Response(null))));
    expect(error.issues).toEqual([{ path: '', message: 'expected JSON' }]);
  });

  test('a body framed by a Content-Length within the limit is read whole', async () => {
    const text = json(order);
    const result = await getOrder('ord_1', options(async () => chunked([new TextEncoder().encode(text)], { 'content-length': String(text.length) })));
    expect(result.orderId).toBe('ord_ada_1');
  });

  test('a Content-Length over the limit is refused before reading, whatever the body', async () => {
    // The body itself is small: only the header says it is too large, and that is enough.
    const error = await failure(getOrder('ord_1', options(async () => new Response(json(order), { headers: { 'content-length': '10001' } }), { maxBodyBytes: 10_000 })));
    expect(error.issues).toEqual([{ path: '', message: 'expected at most 10000 bytes, received more' }]);
  });

  test.each([
    ['a compressed body (Content-Encoding), whose length is not the decoded one', { 'content-length': '10', 'content-encoding': 'gzip' }],
    ['a Content-Length that is not plain digits', { 'content-length': '1e1' }],
    ['a Content-Length with a sign', { 'content-length': '+10' }],
  ])('%s is counted while read, not trusted', async (_, headers) => {
    const { response, counter } = large(headers);
    const error = await failure(getOrder('ord_1', options(async () => response, { maxBodyBytes: 1024 * 1024 })));
    expect(error.issues).toEqual([{ path: '', message: 'expected at most 1048576 bytes, received more' }]);
    // 1 MiB is 16 chunks: reading stopped right after the limit (with the stream's read-ahead), not at 32.
    expect(counter.pulled).toBeLessThan(20);
  });

  test('a Content-Length that understates the body (only a made-up Response can) still gives the size error', async () => {
    const { response } = large({ 'content-length': '10' });
    const error = await failure(getOrder('ord_1', options(async () => response, { maxBodyBytes: 1024 * 1024 })));
    expect(error.issues).toEqual([{ path: '', message: 'expected at most 1048576 bytes, received more' }]);
  });

  test.each([
    ['framed by its Content-Length', (length: number) => ({ 'content-length': String(length) })],
    ['read chunk by chunk (no Content-Length)', () => ({})],
    ['read chunk by chunk (compressed, Content-Length of the same size)', (length: number) => ({ 'content-length': String(length), 'content-encoding': 'identity' })],
  ])('a body of exactly maxBodyBytes is read, %s', async (_, headers) => {
    const bytes = new TextEncoder().encode(json(order));
    const result = await getOrder('ord_1', options(async () => chunked([bytes], headers(bytes.length)), { maxBodyBytes: bytes.length }));
    expect(result.orderId).toBe('ord_ada_1');
  });
});

describe('readText', () => {
  const never = new Promise<never>(() => {});
  const encode = (text: string) => new TextEncoder().encode(text);

  test('gives the text of a body read whole', async () => {
    expect(await readText(chunked([encode('{"a":'), encode('1}')]), 100, never)).toBe('{"a":1}');
  });

  test('gives an empty text, no other, for a body that is not UTF-8, wherever the bad bytes are', async () => {
    expect(await readText(chunked([Uint8Array.of(0x7b, 0xff, 0x7d)]), 100, never)).toBe('');
    expect(await readText(chunked([encode('{"a":'), Uint8Array.of(0xff), encode('1}')]), 100, never)).toBe('');
  });

  test('gives an empty text, no other, for a response without a body', async () => {
    expect(await readText(new Response(null), 100, never)).toBe('');
  });

  test('gives undefined for a body over the limit', async () => {
    expect(await readText(chunked([encode('{"a":'), encode('1}')]), 5, never)).toBeUndefined();
  });
});
