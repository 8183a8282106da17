import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ChildProcess, spawn } from 'node:child_process';
import { SANDBOX_IDS, type SandboxLogEntry } from 'checkout-lookup/testing';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { COMPILE_CACHE } from '../shared/compile-cache.js';
import { BUN, DENO, deadAddress, NODE_24, repoRoot, run, type Run } from '../shared/run.js';
import { documentedCommand, documentedOutput, type Quickstart, quickstart, quickstartBlocks, sandboxCommand, section } from './readme.js';

const { app, node20 }: Packed = inject('packed');
const UNKNOWN_ORDER = 'ord_missing';

let sandbox: ChildProcess;
let apiKey: string;
let env: Record<string, string>;
let output = '';

beforeAll(async () => {
  // The quickstarts' first step as written, `npx checkout-lookup-sandbox --port 8790`, on a free port here, from
  // the user's project (its node_modules/.bin), with the registry unreachable.
  const command = sandboxCommand();
  expect(command.slice(0, 3)).toEqual(['npx', 'checkout-lookup-sandbox', '--port']);
  const port = new URL(await deadAddress()).port;
  const registry = `${await deadAddress()}/`;
  sandbox = spawn(command[0]!, [...command.slice(1, 3), port, ...command.slice(4)], {
    cwd: app,
    env: { ...process.env, NPM_CONFIG_REGISTRY: registry },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sandbox.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  sandbox.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (!/^API key: \S+/m.test(output)) {
    if (sandbox.exitCode !== null || Date.now() > deadline) throw new Error(`the sandbox printed no key:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const baseUrl = /sandbox on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  expect(baseUrl, output).toBe(`http://127.0.0.1:${port}`);
  apiKey = /^API key: (\S+)/m.exec(output)![1]!;
  env = {
    // What the quickstarts read: the URL and key the sandbox printed.
    API_BASE_URL: baseUrl!,
    API_KEY: apiKey,
    // Packages come from the project's node_modules only: any registry lookup fails on a dead loopback port.
    NPM_CONFIG_REGISTRY: registry,
    DENO_DIR: join(app, '.deno'),
    DENO_NO_UPDATE_CHECK: '1',
    // wrangler's debug log in the throwaway project, not in the home directory.
    WRANGLER_LOG_PATH: join(app, '.wrangler-logs'),
    // The workerd runner loads wrangler, as the create and deploy tests' children do: compiled once for all of them.
    ...COMPILE_CACHE,
  };
});
afterAll(async () => {
  if (sandbox?.exitCode !== null) return;
  const exited = new Promise((resolve) => sandbox.once('exit', resolve));
  process.kill(-sandbox.pid!, 'SIGINT'); // Ctrl-C
  await exited;
});

/** Saves a block in the user's project under `file` and runs `command args` there with the quickstart env. */
async function runBlock(block: Quickstart, file: string, command: string, args: readonly string[], extra: Record<string, string> = {}): Promise<Run> {
  await writeFile(join(app, file), block.code);
  return run(command, args, { cwd: app, env: { ...env, ...extra }, secrets: [apiKey] });
}

/** The service requests the sandbox logged, read over its control API. */
async function logged(): Promise<SandboxLogEntry[]> {
  const response = await fetch(`${env.API_BASE_URL}/__sandbox/log`, { headers: { 'x-api-key': apiKey } });
  const { entries } = (await response.json()) as { entries: SandboxLogEntry[] };
  return entries.filter((entry) => entry.path.startsWith('/api/'));
}

/** What the sandbox answered to the requests made since `from`: `GET <path> <status>` lines. */
async function answeredSince(from: number): Promise<string[]> {
  return (await logged()).slice(from).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
}

/** The words of the one line a quickstart printed. */
function printed(result: Run): string[] {
  const lines = result.stdout.trim().split('\n');
  expect(lines, result.report).toHaveLength(1);
  return lines[0]!.trim().split(/\s+/);
}

describe('README quickstart "### Node (…)"', () => {
  const block = quickstart(/^### Node \(.+\)$/);
  const command = documentedCommand(block);

  test('is a JavaScript block that documents `node order.mjs <id>`', () => {
    expect(block.lang).toBe('js');
    expect(command).toEqual({ program: 'node', args: ['order.mjs'], script: 'order.mjs' });
  });

  const nodes = [
    { name: 'Node 24 (npm package node@24)', path: () => NODE_24 },
    { name: `Node 20 (${node20})`, path: () => node20 },
  ];
  describe.each(nodes)('$name', ({ path }) => {
    test('prints the status of a seeded order and exits 0', async () => {
      const from = (await logged()).length;
      const result = await runBlock(block, command.script, path(), [...command.args, SANDBOX_IDS.orders.ada]);
      expect(result.code, result.report).toBe(0);
      // What the README's step says it prints, word for word.
      expect(printed(result).join(' '), result.report).toBe(documentedOutput(/^### Node \(.+\)$/));
      expect(await answeredSince(from)).toEqual([`GET /api/order/${SANDBOX_IDS.orders.ada} 200`]);
    });

    test('prints "no such order" for an unknown id and exits 0', async () => {
      const from = (await logged()).length;
      const result = await runBlock(block, command.script, path(), [...command.args, UNKNOWN_ORDER]);
      expect(result.code, result.report).toBe(0);
      expect(result.stdout.trim(), result.report).toBe('no such order');
      expect(await answeredSince(from)).toEqual([`GET /api/order/${UNKNOWN_ORDER} 404`]);
    });
  });
});

describe('README quickstart "### Deno"', () => {
  const block = quickstart(/^### Deno$/);
  const command = documentedCommand(block);

  test('runs with the documented `deno run` flags, `npm:checkout-lookup` from node_modules', async () => {
    expect(block.lang).toBe('ts');
    expect(command.program).toBe('deno');
    expect(command.args[0]).toBe('run');
    const from = (await logged()).length;
    // Exactly the documented command: Deno 2 resolves `npm:` specifiers from the node_modules of a project with
    // a package.json (nodeModulesDir "manual" by default there); the registry is unreachable (see env).
    const result = await runBlock(block, command.script, DENO, [...command.args, SANDBOX_IDS.orders.ada]);
    expect(result.code, result.report).toBe(0);
    const [status, createTime] = printed(result);
    expect(status, result.report).toBe('success');
    expect(createTime, result.report).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(`${status} ${createTime}`, 'what the README says it prints').toBe(documentedOutput(/^### Deno$/));
    expect(await answeredSince(from)).toEqual([`GET /api/order/${SANDBOX_IDS.orders.ada} 200`]);
  });
});

describe('README quickstart "### Bun"', () => {
  const block = quickstart(/^### Bun$/);
  const command = documentedCommand(block);

  test('runs as `bun order.ts <id>` and prints an open, unpaid session', async () => {
    expect(block.lang).toBe('ts');
    expect(command).toEqual({ program: 'bun', args: ['order.ts'], script: 'order.ts' });
    const from = (await logged()).length;
    const result = await runBlock(block, command.script, BUN, [...command.args, SANDBOX_IDS.sessions.open]);
    expect(result.code, result.report).toBe(0);
    expect(printed(result).slice(0, 2), result.report).toEqual(['open', 'unpaid']);
    expect(printed(result).slice(0, 2), 'what the README says it prints first').toEqual(documentedOutput(/^### Bun$/).split(' '));
    expect(await answeredSince(from)).toEqual([`GET /api/checkout/session/${SANDBOX_IDS.sessions.open} 200`]);
  });
});

describe('README quickstart "### Cloudflare Workers"', () => {
  const block = quickstart(/^### Cloudflare Workers$/);
  /** The settings the `.dev.vars` step writes, one `NAME=value` a line. */
  const devVars = () =>
    Object.fromEntries(
      quickstartBlocks(/^### Cloudflare Workers$/)
        .find((candidate) => candidate.lang === 'ini')!
        .code.trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    ) as Record<string, string>;
  const RESULT_MARKER = 'WORKERD-RESULT ';

  test('names @cloudflare/workers-types, where ExportedHandler comes from', () => {
    const steps = section(/^### Cloudflare Workers$/).lines.join('\n');
    expect(steps).toContain('npm install -D wrangler @cloudflare/workers-types');
    expect(block.code).toContain('satisfies ExportedHandler<Env>');
  });

  test("its first step names the Node version wrangler needs, as wrangler's package says", () => {
    const wrangler = JSON.parse(readFileSync(join(repoRoot, 'node_modules/wrangler/package.json'), 'utf8')) as { engines: { node: string } };
    const [, major, minor] = /^>=(\d+)\.(\d+)\.0$/.exec(wrangler.engines.node) ?? [];
    expect(major, wrangler.engines.node).toBeDefined();
    const first = section(/^### Cloudflare Workers$/).lines.find((line) => line.trim() !== '');
    expect(first).toMatch(new RegExp(`^1\\. Use Node ${major}\\.${minor} or later\\b.*\\bwrangler needs it\\b`));
  });

  test('its steps write the files the quickstart needs, tsconfig.json and .dev.vars among them, before the command', () => {
    const steps = section(/^### Cloudflare Workers$/).lines;
    const blocks = quickstartBlocks(/^### Cloudflare Workers$/);
    expect(blocks.map((candidate) => candidate.lang)).toEqual(['json', 'ts', 'ini']);
    const written = steps.filter((line) => /^\d+\. Write `/.test(line)).map((line) => /^\d+\. Write `([^`]+)`/.exec(line)![1]);
    expect(written).toEqual(['tsconfig.json', 'worker.ts', '.dev.vars']);
    const run = steps.findIndex((line) => line.includes('`npx wrangler dev worker.ts --port 8787`'));
    expect(run).toBeGreaterThan(steps.findIndex((line) => line.startsWith('5. Write `.dev.vars`')));
    // The .dev.vars step holds the two settings the worker reads (the run below takes them from it), the key to fill in.
    expect(Object.keys(devVars())).toEqual(['API_BASE_URL', 'API_KEY']);
    expect(devVars().API_KEY).toBe('<the key it printed>');
  });

  test('runs in workerd: 200 for a seeded order, 404 for an unknown one, 400 for a bad id, 502 for a failing service, 504 for a slow one', {
    timeout: 90_000,
  }, async () => {
    expect(block.lang).toBe('ts');
    // A service that fails every attempt for one id, and one that answers later than the quickstart's 5 s deadline.
    const faults = [
      { target: { route: 'order', id: 'ord_failing' }, fault: { kind: 'status', status: 500 } },
      { target: { route: 'order', id: 'ord_slow' }, fault: { kind: 'latency', ms: 30_000 } },
    ];
    for (const body of faults) {
      const added = await fetch(`${env.API_BASE_URL}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey },
        body: JSON.stringify(body),
      });
      expect(added.status).toBe(201);
    }
    const from = (await logged()).length;
    // The worker's settings as the .dev.vars step writes them: the sandbox's address (on this run's port) and its key.
    const { API_BASE_URL: documented } = devVars();
    expect(documented).toBe('http://127.0.0.1:8790');
    const vars = { API_BASE_URL: documented!.replace('http://127.0.0.1:8790', env.API_BASE_URL!) };
    const result = await runBlock(
      block,
      'worker.ts',
      NODE_24,
      [
        join(import.meta.dirname, '../shared/workerd-runner.mjs'),
        'worker.ts',
        `/?order=${SANDBOX_IDS.orders.ada}`,
        `/?order=${UNKNOWN_ORDER}`,
        '/?order=',
        '/?order=ord_failing',
        '/?order=ord_slow',
      ],
      // The workerd runner binds API_KEY as a secret (as `wrangler secret put` makes it, and as wrangler dev reads
      // .dev.vars) and these as plain vars.
      { WORKER_VARS: JSON.stringify(vars) },
    ).finally(() => fetch(`${env.API_BASE_URL}/__sandbox/faults`, { method: 'DELETE', headers: { 'x-api-key': apiKey } }));
    expect(result.code, result.report).toBe(0);
    const line = result.stdout.split('\n').find((text) => text.startsWith(RESULT_MARKER));
    expect(line, result.report).toBeDefined();
    const answers = JSON.parse(line!.slice(RESULT_MARKER.length)) as Array<{ status: number; contentType: string | null; body: string }>;
    for (const answer of answers) expect(answer.contentType, result.report).toMatch(/^application\/json\b/);
    const [found, unknown, empty, failing, slow] = answers.map((answer) => ({ status: answer.status, body: JSON.parse(answer.body) as unknown }));

    expect(found, result.report).toMatchObject({ status: 200, body: { status: 'success' } });
    // What the README's last step says the page shows, as JSON.
    expect(found!.body, result.report).toEqual(JSON.parse(documentedOutput(/^### Cloudflare Workers$/)));
    expect(unknown, result.report).toEqual({ status: 404, body: { error: 'NotFound' } });
    expect(empty, result.report).toEqual({ status: 400, body: { error: 'InvalidIdError' } });
    expect(failing, result.report).toEqual({ status: 502, body: { error: 'ApiError' } });
    expect(slow, result.report).toEqual({ status: 504, body: { error: 'TimeoutError' } });
    const answered = await answeredSince(from);
    expect(answered.slice(0, 2)).toEqual([`GET /api/order/${SANDBOX_IDS.orders.ada} 200`, `GET /api/order/${UNKNOWN_ORDER} 404`]);
    // The failing service was tried three times (maxRetries 2), as the SDK does for a 500.
    expect(answered.filter((entry) => entry === 'GET /api/order/ord_failing 500')).toHaveLength(3);
  });
});
