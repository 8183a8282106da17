import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readText } from '../../src/core/body.js';

// readText on responses of the runtime's own fetch from a real loopback server that writes raw HTTP/1.1, so each
// test controls the framing byte for byte: which path reads the body (in one go or chunk by chunk) and what the
// cap sees. The fast path may only run where the transport bounds the body.

type Answer = (socket: Socket) => void;
const answers = new Map<string, Answer>();
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (chunk) => {
      const path = String(chunk).split(' ')[1] ?? '';
      (answers.get(path) ?? ((s: Socket) => s.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n')))(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Serves `answer` at a fresh path and fetches it with the runtime's own fetch. */
async function fetchFrom(answer: Answer, signal?: AbortSignal): Promise<Response> {
  const path = `/${answers.size}`;
  answers.set(path, answer);
  return fetch(`${origin}${path}`, signal ? { signal } : {});
}

const head = (fields: Record<string, string | number>) =>
  `HTTP/1.1 200 OK\r\nconnection: close\r\n${Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
const never = new Promise<never>(() => {});
const json = JSON.stringify({ code: 0, msg: 'success', data: { orderId: 'ord_ünï€😀' } });
const bytes = Buffer.from(json);

describe('readText with the runtime fetch (native)', () => {
  test('a plain Content-Length within the cap and no Content-Encoding: read in one go, decoded as UTF-8', async () => {
    const response = await fetchFrom((socket) => socket.end(Buffer.concat([Buffer.from(head({ 'content-length': bytes.length })), bytes])));
    const whole = vi.spyOn(response, 'arrayBuffer');
    expect(await readText(response, bytes.length, never, true)).toBe(json);
    expect(whole).toHaveBeenCalledTimes(1);
  });

  test('the same body from an injected fetch (native false) is read chunk by chunk, never in one go', async () => {
    const response = await fetchFrom((socket) => socket.end(Buffer.concat([Buffer.from(head({ 'content-length': bytes.length })), bytes])));
    const whole = vi.spyOn(response, 'arrayBuffer');
    expect(await readText(response, bytes.length, never)).toBe(json);
    expect(whole).not.toHaveBeenCalled();
  });

  test('a body longer than its Content-Length claims ends where the Content-Length says, on both paths', async () => {
    const claimed = Buffer.from('{"a":1}');
    const answer: Answer = (socket) =>
      socket.end(Buffer.concat([Buffer.from(head({ 'content-length': claimed.length })), claimed, Buffer.alloc(2 * 1024 * 1024, 0x20)]));
    expect(await readText(await fetchFrom(answer), 100, never, true)).toBe('{"a":1}');
    expect(await readText(await fetchFrom(answer), 100, never, false)).toBe('{"a":1}');
  });

  test('bytes that are not UTF-8 read in one go are not JSON (empty text)', async () => {
    const broken = Buffer.from([0x7b, 0xff, 0x7d]);
    const response = await fetchFrom((socket) => socket.end(Buffer.concat([Buffer.from(head({ 'content-length': 3 })), broken])));
    expect(await readText(response, 100, never, true)).toBe('');
  });

  test('a gzip body is read chunk by chunk and counted after decompression: over the cap it is refused', async () => {
    const large = Buffer.alloc(64 * 1024, 0x20); // 64 KiB of spaces, a few hundred bytes compressed
    const zipped = gzipSync(large);
    const answer: Answer = (socket) =>
      socket.end(Buffer.concat([Buffer.from(head({ 'content-length': zipped.length, 'content-encoding': 'gzip' })), zipped]));
    const over = await fetchFrom(answer);
    const whole = vi.spyOn(over, 'arrayBuffer');
    expect(zipped.length).toBeLessThan(1024);
    expect(await readText(over, 1024, never, true)).toBeUndefined();
    expect(whole).not.toHaveBeenCalled();
    expect(await readText(await fetchFrom(answer), large.length, never, true)).toBe(large.toString());
  });

  test('a Content-Length over the cap is refused without reading the body', async () => {
    const response = await fetchFrom((socket) => socket.end(Buffer.concat([Buffer.from(head({ 'content-length': bytes.length })), bytes])));
    const whole = vi.spyOn(response, 'arrayBuffer');
    expect(await readText(response, bytes.length - 1, never, true)).toBeUndefined();
    expect(whole).not.toHaveBeenCalled();
  });

  test('a body of unknown length (chunked) over the cap is refused by the bounded read', async () => {
    const chunk = Buffer.alloc(4096, 0x20);
    const answer: Answer = (socket) => {
      socket.write(head({ 'transfer-encoding': 'chunked' }));
      for (let index = 0; index < 16; index++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      socket.end('0\r\n\r\n');
    };
    const response = await fetchFrom(answer);
    const whole = vi.spyOn(response, 'arrayBuffer');
    expect(await readText(response, 10_000, never, true)).toBeUndefined();
    expect(whole).not.toHaveBeenCalled();
  });

  test('a body that stalls after its first bytes ends with the abort, read in one go', async () => {
    const stalled: Socket[] = [];
    const controller = new AbortController();
    const response = await fetchFrom((socket) => {
      socket.write(`${head({ 'content-length': 100 })}{"a":`);
      stalled.push(socket);
    }, controller.signal);
    let fail!: (reason: unknown) => void;
    const aborted = new Promise<never>((_, reject) => (fail = reject));
    const reading = readText(response, 1000, aborted, true);
    const reason = new Error('deadline');
    setTimeout(() => {
      controller.abort(reason);
      fail(reason);
    }, 50);
    await expect(reading).rejects.toBe(reason);
    for (const socket of stalled) socket.destroy();
  });
});
