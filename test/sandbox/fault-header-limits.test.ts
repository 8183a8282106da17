import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { getOrder } from '../../src/index.js';
import { createSandbox, SANDBOX_IDS, type Sandbox } from '../../src/testing/index.js';
import { serveSandbox, type SandboxServer } from '../../src/testing/node.js';
import { knownNode20 } from '../shared/run.js';
import { ORIGIN, signed } from './helpers.js';

const BIN = join(resolve(import.meta.dirname, '../..'), 'node_modules/.bin');
const ORDER = `/api/order/${SANDBOX_IDS.orders.ada}`;
const BYTES = 8192;
const COUNT = 64;
const servers: SandboxServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function control(sandbox: Sandbox, path: string, body: unknown) {
  const answer = await sandbox.fetch(
    new Request(`${ORIGIN}/__sandbox${path}`, { method: 'POST', headers: { 'x-api-key': sandbox.apiKey }, body: JSON.stringify(body) }),
  );
  return { status: answer.status, body: await answer.json() };
}

/** The bytes of `name: value` and CRLF, as sent. */
const line = (name: string, value: string) => `${name}: ${value}\r\n`.length;

/** `count` headers whose lines take exactly `bytes` together. */
function headersOf(count: number, bytes: number): Record<string, string> {
  const headers: Record<string, string> = {};
  let left = bytes;
  for (let i = 0; i < count; i++) {
    const name = `x-h${String(i).padStart(3, '0')}`;
    const value = 'v'.repeat(Math.floor(left / (count - i)) - line(name, ''));
    headers[name] = value;
    left -= line(name, value);
  }
  return headers;
}

type Extra = { headers?: Record<string, string>; retryAfter?: number | string };
/** The header lines a fault adds to the answer: its headers, then Retry-After. */
const linesOf = ({ headers = {}, retryAfter }: Extra) => [
  ...Object.entries(headers),
  ...(retryAfter === undefined ? [] : [['retry-after', String(retryAfter)] as const]),
];
const bytesOf = (extra: Extra) => linesOf(extra).reduce((sum, [name, value]) => sum + line(name, value), 0);

// Each refusal's whole message is what a user reads (docs/testing.md shows them): asserted in full, once a kind here,
// its figures computed from the fault.
const READ = "which every runtime's fetch reads beside the sandbox's own headers";
const TOGETHER = '"fault.headers" and "fault.retryAfter"';
const MESSAGES = {
  bytes: (extra: Extra) =>
    `${TOGETHER} may take at most ${BYTES} bytes together, counted as sent ("name: value" and a line break each), ${READ} (Node's reads 16 KiB in all); these take ${bytesOf(extra)}`,
  count: (extra: Extra) =>
    `${TOGETHER} may be at most ${COUNT} headers together, ${READ} (Deno's reads 100 in all); these are ${linesOf(extra).length}`,
  retryAfter: (field: string, extra: Extra) =>
    `"${field}.retryAfter" may take at most ${BYTES} bytes, counted as sent ("retry-after: " and a line break), ${READ} (Node's reads 16 KiB in all); it takes ${bytesOf(extra)}`,
};

describe("a fault's headers are limited to what every runtime's fetch reads", () => {
  test.each([
    ['a 20,000-character value', { headers: { 'x-debug': 'v'.repeat(20_000) } }, MESSAGES.bytes],
    ['a 20,000-character retryAfter', { retryAfter: 'v'.repeat(20_000) }, (extra: Extra) => MESSAGES.retryAfter('fault', extra)],
    [
      'one byte over, in headers and retryAfter together',
      { headers: headersOf(3, BYTES + 1 - line('retry-after', '123')), retryAfter: 123 },
      MESSAGES.bytes,
    ],
    ['65 headers', { headers: headersOf(COUNT + 1, 2000) }, MESSAGES.count],
    ['64 headers and retryAfter', { headers: headersOf(COUNT, 2000), retryAfter: 1 }, MESSAGES.count],
  ])('%s: 400 from the control API, the same TypeError from sandbox.fault, nothing armed', async (_, extra, message) => {
    const sandbox = createSandbox();
    const fault = { kind: 'status', status: 503, ...extra } as const;
    expect(await control(sandbox, '/faults', { fault })).toEqual({ status: 400, body: { error: message(extra) } });
    expect(() => sandbox.fault({}, fault)).toThrow(new TypeError(message(extra)));
    expect((await sandbox.fetch(signed(sandbox, ORDER))).status).toBe(200);
  });

  test('a rate-limited scenario with a 20,000-character retryAfter: 400 naming it, with the limit and its size', async () => {
    const sandbox = createSandbox();
    const extra = { retryAfter: 'v'.repeat(20_000) };
    expect(await control(sandbox, '/scenarios', { kind: 'rate-limited', ...extra })).toEqual({
      status: 400,
      body: { error: MESSAGES.retryAfter('scenario', extra) },
    });
  });

  test(`exactly ${COUNT} headers of ${BYTES} bytes are accepted and sent`, async () => {
    const sandbox = createSandbox();
    const headers = headersOf(COUNT - 1, BYTES - line('retry-after', '1'));
    expect([linesOf({ headers, retryAfter: 1 }).length, bytesOf({ headers, retryAfter: 1 })]).toEqual([COUNT, BYTES]);
    sandbox.fault({}, { kind: 'status', status: 503, headers, retryAfter: 1 });
    const answer = await sandbox.fetch(signed(sandbox, ORDER));
    expect(answer.status).toBe(503);
    expect(Object.fromEntries(answer.headers)).toMatchObject({ ...headers, 'retry-after': '1' });
  });

  describe('the largest fault reaches the client as the armed answer, over a real socket', () => {
    async function served(): Promise<{ sandbox: Sandbox; server: SandboxServer }> {
      const sandbox = createSandbox();
      // Every header in one value, then the most headers.
      sandbox.fault({ id: 'ord_long' }, { kind: 'status', status: 503, headers: { 'x-debug': 'v'.repeat(BYTES - line('x-debug', '')) } });
      sandbox.fault(
        { id: 'ord_many' },
        { kind: 'status', status: 503, headers: headersOf(COUNT - 1, BYTES - line('retry-after', '1')), retryAfter: 1 },
      );
      const server = await serveSandbox(sandbox);
      servers.push(server);
      return { sandbox, server };
    }

    test("in this Node's fetch, through the SDK: an ApiError 503, no NetworkError", async () => {
      const { server } = await served();
      for (const id of ['ord_long', 'ord_many']) {
        const error = await getOrder(id, { baseUrl: server.url, apiKey: server.apiKey, maxRetries: 0 }).catch((caught: unknown) => caught);
        expect(error).toMatchObject({ name: 'ApiError', status: 503 });
      }
    });

    test.each([
      ['Bun', [join(BIN, 'bun'), '-e']],
      ['Deno', [join(BIN, 'deno'), 'eval']],
      ['Node 24', [join(BIN, 'node'), '--input-type=module', '-e']],
      ['Node 20', [knownNode20() ?? 'node-20-not-found', '--input-type=module', '-e']],
    ])(
      "in %s's fetch: 503 with every header",
      async (_, args) => {
        const { sandbox, server } = await served();
        const script = `const out = [];
for (const id of ['ord_long', 'ord_many']) {
  const r = await fetch('${server.url}/api/order/' + id, { headers: { 'x-api-key': '${sandbox.apiKey}', 'x-timestamp': String(Date.now()) } });
  await r.text();
  out.push(r.status + ' ' + [...r.headers.keys()].length);
}
console.log(out.join(','));`;
        const [command, ...flags] = args;
        const { stdout } = await promisify(execFile)(command!, [...flags, script], { timeout: 60_000 });
        // Each answer: the fault's headers, and the sandbox's own.
        const [long, many] = stdout.trim().split(',');
        expect(long).toMatch(/^503 \d+$/);
        expect(many).toMatch(/^503 \d+$/);
        expect(Number(many!.split(' ')[1]) - Number(long!.split(' ')[1])).toBe(COUNT - 1);
      },
      90_000,
    );
  });
});
