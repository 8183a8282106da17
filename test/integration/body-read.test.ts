import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readText } from '../../src/core/body.js';

// readText on responses of the runtime's own fetch from a real loopback server that writes raw HTTP/1.1, so each
// test controls the framing byte for byte and what the cap sees.

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
/** A deadline that never ends the read. */
const never = { until() {} };
const json = JSON.stringify({ code: 0, msg: 'success', data: { orderId: 'ord_ünï€😀' } });
const bytes = Buffer.from(json);

describe('readText on the runtime fetch', () => {
  test('a body with its Content-Length, decoded as UTF-8', async () => {
    const response = await fetchFrom((socket) => socket.end(Buffer.concat([Buffer.from(head({ 'content-length': bytes.length })), bytes])));
    expect(await readText(response, bytes.length, never)).toBe(json);
  });

  test('a body longer than its Content-Length claims ends where the Content-Length says', async () => {
    const claimed = Buffer.from('{"a":1}');
    const answer: Answer = (socket) =>
      socket.end(Buffer.concat([Buffer.from(head({ 'content-length': claimed.length })), claimed, Buffer.alloc(2 * 1024 * 1024, 0x20)]));
    expect(await readText(await fetchFrom(answer), 100, never)).toBe('{"a":1}');
  });

  test('bytes that are not UTF-8 give null', async () => {
    const broken = Buffer.from([0x7b, 0xff, 0x7d]);
    const response = await fetchFrom((socket) => socket.end(Buffer.concat([Buffer.from(head({ 'content-length': 3 })), broken])));
    expect(await readText(response, 100, never)).toBeNull();
  });

  test('a gzip body is counted after decompression: over the cap it is refused', async () => {
    const large = Buffer.alloc(64 * 1024, 0x20); // 64 KiB of spaces, a few hundred bytes compressed
    const zipped = gzipSync(large);
    const answer: Answer = (socket) =>
      socket.end(Buffer.concat([Buffer.from(head({ 'content-length': zipped.length, 'content-encoding': 'gzip' })), zipped]));
    expect(zipped.length).toBeLessThan(1024);
    expect(await readText(await fetchFrom(answer), 1024, never)).toBeUndefined();
    expect(await readText(await fetchFrom(answer), large.length, never)).toBe(large.toString());
  });

  test('a Content-Length over the cap is refused without reading the body', async () => {
    // The headers only, and no byte of the body ever: a read would wait for ever (`never` is the abort), so only a
    // refusal by the Content-Length answers.
    let held: Socket | undefined;
    const response = await fetchFrom((socket) => {
      held = socket;
      socket.write(head({ 'content-length': bytes.length }));
    });
    try {
      const late = new Promise<string>((resolve) => setTimeout(() => resolve('the body was waited for'), 2_000));
      expect(await Promise.race([readText(response, bytes.length - 1, never), late])).toBeUndefined();
    } finally {
      held?.destroy();
    }
  });

  test('a body of unknown length (chunked) over the cap is refused by the bounded read', async () => {
    const chunk = Buffer.alloc(4096, 0x20);
    const answer: Answer = (socket) => {
      socket.write(head({ 'transfer-encoding': 'chunked' }));
      for (let index = 0; index < 16; index++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      socket.end('0\r\n\r\n');
    };
    expect(await readText(await fetchFrom(answer), 10_000, never)).toBeUndefined();
  });

  test("a body that stalls after its first bytes ends when the deadline ends it, though the fetch's signal never aborts", async () => {
    const stalled: Socket[] = [];
    const response = await fetchFrom((socket) => {
      socket.write(`${head({ 'content-length': 100 })}{"a":`);
      stalled.push(socket);
    }, new AbortController().signal);
    let end!: (reason: unknown) => void;
    const reading = readText(response, 1000, { until: (interrupt) => (end = interrupt) });
    const reason = new Error('deadline');
    setTimeout(() => end(reason), 50);
    await expect(reading).rejects.toBe(reason);
    for (const socket of stalled) socket.destroy();
  });
});
