import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { getOrder } from 'checkout-lookup';

// The deadline's bound over a real socket, with the package as built: a body that would cost the most to parse,
// about 1 MiB of arrays nested 500,000 deep. (The deadline around a parse is tested on a fake clock in the unit tests.)

const DEPTH = 500_000;
const deep = `{"x":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const [, status = '200', delay = '0'] = /^\/api\/order\/(\d+)-(\d+)$/.exec(request.url ?? '') ?? [];
    setTimeout(() => {
      response.writeHead(Number(status), { 'content-type': 'application/json' });
      response.end(deep);
    }, Number(delay));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  // One call first, so that loading fetch and compiling the SDK's code are not measured.
  await getOrder('200-0', { baseUrl, maxRetries: 0 }).catch(() => undefined);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('deeply nested JSON over a real socket', () => {
  // What bounds the lateness is that JSON.parse never runs on such a body (it costs 125 ms of CPU or more); the
  // lateness itself, in wall-clock time, says more about a loaded machine than about the SDK, so it is not asserted.
  test.each([200, 404])('HTTP %i is never parsed, and the error says why', async (status) => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const error = await getOrder(`${status}-0`, { baseUrl, maxRetries: 0 }).catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: status === 200 ? 'ValidationError' : 'ApiError',
        message: expect.stringContaining('JSON nested deeper than 64 levels'),
      });
      expect(parse.mock.calls.filter(([text]) => text.length > DEPTH)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });
});
