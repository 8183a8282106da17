import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, getOrder } from '../../src/index.js';
import { createSandbox, SANDBOX_IDS } from '../../src/testing/index.js';
import { serveSandbox, type SandboxServer } from '../../src/testing/node.js';
import { ORIGIN, signed } from './helpers.js';

const ORDER = `/api/order/${SANDBOX_IDS.orders.ada}`;
const REQUEST_ID = /^req_[0-9a-f]{24}$/;
const servers: SandboxServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('every answer carries a fresh X-Request-Id', () => {
  test('successes, errors, faults, the control API and preflights each get their own', async () => {
    const sandbox = createSandbox();
    sandbox.fault({ id: 'ord_broken' }, { kind: 'status', status: 503 });
    sandbox.fault({ id: 'ord_html' }, { kind: 'html', status: 502 });
    const answers = [
      await sandbox.fetch(signed(sandbox, ORDER)),
      await sandbox.fetch(signed(sandbox, ORDER)),
      await sandbox.fetch(signed(sandbox, '/api/order/ord_none')),
      await sandbox.fetch(new Request(`${ORIGIN}${ORDER}`)),
      await sandbox.fetch(signed(sandbox, '/api/order/ord_broken')),
      await sandbox.fetch(signed(sandbox, '/api/order/ord_html')),
      await sandbox.fetch(signed(sandbox, '/nowhere')),
      await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/log`, { headers: { 'x-api-key': sandbox.apiKey } })),
      await sandbox.fetch(new Request(`${ORIGIN}${ORDER}`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 401, 503, 502, 404, 200, 204]);
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a fault that sets its own X-Request-Id keeps it', async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'status', status: 503, headers: { 'X-Request-Id': 'req_from_the_fault' } });
    const answer = await sandbox.fetch(signed(sandbox, ORDER));
    expect([answer.status, answer.headers.get('x-request-id')]).toEqual([503, 'req_from_the_fault']);
  });

  test("the SDK's errors from the sandbox carry it as requestId", async () => {
    const sandbox = createSandbox();
    sandbox.fault({}, { kind: 'status', status: 503, times: 1 });
    const options = { baseUrl: ORIGIN, apiKey: sandbox.apiKey, fetch: sandbox.fetch, maxRetries: 0 };
    const error = await getOrder(SANDBOX_IDS.orders.ada, options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).requestId).toMatch(REQUEST_ID);
    const missing = await getOrder('ord_none', options).catch((caught: unknown) => caught);
    expect((missing as ApiError).requestId).toMatch(REQUEST_ID);
    expect((missing as ApiError).requestId).not.toBe((error as ApiError).requestId);
  });

  test("serveSandbox's log line ends with the answer's request id, which the client received", async () => {
    const sandbox = createSandbox();
    const lines: string[] = [];
    const server = await serveSandbox(sandbox, { log: (line) => lines.push(line) });
    servers.push(server);
    const answer = await fetch(`${server.url}${ORDER}`, { headers: { 'x-api-key': sandbox.apiKey, 'x-timestamp': String(Date.now()) } });
    expect(answer.status).toBe(200);
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(REQUEST_ID);
    expect(lines).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/api\/order\/ord_ada_1 -> 200 /)]);
    expect(lines[0]!.endsWith(` -> 200 (x-request-id ${id})`)).toBe(true);
  });
});

describe('browsers may read every header the SDK reads', () => {
  const READ_BY_THE_SDK = ['x-request-id', 'request-id', 'cf-ray', 'retry-after', 'content-length', 'content-type'];

  test.each([
    ['any origin', true],
    ['a listed origin', ['http://localhost:5173']],
  ] as const)('for %s, Access-Control-Expose-Headers names them all, and * for the rest', async (_, cors) => {
    const sandbox = createSandbox({ cors: cors === true ? true : [...cors] });
    const answer = await sandbox.fetch(signed(sandbox, ORDER, { headers: { origin: 'http://localhost:5173' } }));
    const exposed = answer.headers
      .get('access-control-expose-headers')
      ?.split(',')
      .map((name) => name.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['*', ...READ_BY_THE_SDK]));
  });
});
