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

/** `count` headers whose lines (`name: value` and CRLF) take exactly `bytes` together. */
function headersOf(count: number, bytes: number): Record<string, string> {
  const headers: Record<string, string> = {};
  let left = bytes;
  for (let i = 0; i < count; i++) {
    const name = `x-h${String(i).padStart(3, '0')}`;
    const value = 'v'.repeat(Math.floor(left / (count - i)) - name.length - 4);
    headers[name] = value;
    left -= name.length + value.length + 4;
  }
  return headers;
}

/** The bytes of `name: value` and CRLF, as sent. */
const line = (name: string, value: string) => `${name}: ${value}\r\n`.length;

describe("a fault's headers are limited to what every runtime's fetch reads", () => {
  const TOGETHER = '"fault.headers" and "fault.retryAfter"';

  // Each refusal names the fields, states the limit and what the fault would take.
  test.each([
    [
      'a 20,000-character value',
      { headers: { 'x-debug': 'v'.repeat(20_000) } },
      [TOGETHER, `${BYTES} bytes`, `take ${line('x-debug', 'v'.repeat(20_000))}`],
    ],
    [
      'a 20,000-character retryAfter',
      { retryAfter: 'v'.repeat(20_000) },
      ['"fault.retryAfter" may', `${BYTES} bytes`, `takes ${line('retry-after', 'v'.repeat(20_000))}`],
    ],
    [
      'one byte over, in headers and retryAfter together',
      { headers: headersOf(3, BYTES - 17), retryAfter: 123 },
      [TOGETHER, `${BYTES} bytes`, `take ${BYTES + 1}`],
    ],
    ['65 headers', { headers: headersOf(COUNT + 1, 2000) }, [TOGETHER, `${COUNT} headers`, `are ${COUNT + 1}`]],
    ['64 headers and retryAfter', { headers: headersOf(COUNT, 2000), retryAfter: 1 }, [TOGETHER, `${COUNT} headers`, `are ${COUNT + 1}`]],
  ])('%s: 400 from the control API, the same TypeError from sandbox.fault, nothing armed', async (_, extra, parts) => {
    const sandbox = createSandbox();
    const fault = { kind: 'status', status: 503, ...extra } as const;
    const answer = await control(sandbox, '/faults', { fault });
    expect(answer.status).toBe(400);
    for (const part of parts) expect(answer.body.error).toContain(part);
    expect(() => sandbox.fault({}, fault)).toThrow(new TypeError(answer.body.error));
    expect((await sandbox.fetch(signed(sandbox, ORDER))).status).toBe(200);
  });

  test('a rate-limited scenario with a 20,000-character retryAfter: 400 naming it, with the limit and its size', async () => {
    const sandbox = createSandbox();
    const answer = await control(sandbox, '/scenarios', { kind: 'rate-limited', retryAfter: 'v'.repeat(20_000) });
    expect(answer.status).toBe(400);
    for (const part of ['"scenario.retryAfter" may', `${BYTES} bytes`, `takes ${line('retry-after', 'v'.repeat(20_000))}`]) {
      expect(answer.body.error).toContain(part);
    }
  });

  test(`exactly ${COUNT} headers of ${BYTES} bytes are accepted and sent`, async () => {
    const sandbox = createSandbox();
    const headers = headersOf(COUNT - 1, BYTES - 'retry-after: 1\r\n'.length);
    sandbox.fault({}, { kind: 'status', status: 503, headers, retryAfter: 1 });
    const answer = await sandbox.fetch(signed(sandbox, ORDER));
    expect(answer.status).toBe(503);
    expect(Object.fromEntries(answer.headers)).toMatchObject({ ...headers, 'retry-after': '1' });
  });

  describe('the largest fault reaches the client as the armed answer, over a real socket', () => {
    async function served(): Promise<{ sandbox: Sandbox; server: SandboxServer }> {
      const sandbox = createSandbox();
      // Every header in one value, then the most headers.
      sandbox.fault({ id: 'ord_long' }, { kind: 'status', status: 503, headers: { 'x-debug': 'v'.repeat(BYTES - 'x-debug: \r\n'.length) } });
      sandbox.fault({ id: 'ord_many' }, { kind: 'status', status: 503, headers: headersOf(COUNT - 1, BYTES - 16), retryAfter: 1 });
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
