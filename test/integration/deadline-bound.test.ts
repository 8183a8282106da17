import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getOrder, isLookupError } from 'checkout-lookup';

// The deadline's bound over a real socket, with the package as built: a body that would cost the most to parse,
// about 1 MiB of arrays nested 500,000 deep, answered just before the deadline.

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
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('deeply nested JSON answered just before the deadline', () => {
  test.each([200, 404])('HTTP %i settles within 150 ms of the deadline, and is never parsed', async (status) => {
    const timeout = 400;
    const started = Date.now();
    const error = await getOrder(`${status}-${timeout - 20}`, { baseUrl, timeout, maxRetries: 0 }).catch((e: unknown) => e);
    const late = Date.now() - started - timeout;
    expect(isLookupError(error)).toBe(true);
    expect(late).toBeLessThan(150);
    // A body this deep is refused before JSON.parse, unless the deadline came first.
    if ((error as Error).name !== 'TimeoutError') expect((error as Error).message).toContain('JSON nested deeper than 64 levels');
  });
});
