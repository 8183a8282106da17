import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, portIsFree } from './ports.js';

// `npm start` when its ports are taken (another `npm start` or `wrangler dev` still running): in one run it names every
// taken port with the setting that chooses another, exits non-zero, writes no settings, prints no sign-in link, and
// leaves no process behind.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Processes of this user whose environment carries `mark` (inherited by every child npm start makes). */
function processesMarked(mark: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').includes(mark))
        found.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ')}`);
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}

let directory: string;
const holders: Server[] = [];
let ports: { worker: number; inspector: number; sandbox: number };

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'checkout-lookup-port-taken-'));
  ports = { worker: await freePort(), inspector: await freePort(), sandbox: await freePort() };
  // What holds the ports answers HTTP, as a worker, debugger and sandbox left running from an earlier `npm start` do.
  for (const port of Object.values(ports)) {
    const holder = createHttpServer((_request, response) => response.end('someone else'));
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    holders.push(holder);
  }
});
afterAll(async () => {
  await Promise.all(holders.map((holder) => new Promise((resolve) => holder.close(resolve))));
  rmSync(directory, { recursive: true, force: true });
});

/** npm start with `env`, to its end (killed after 90 s): its exit code and output, and the processes it left. */
async function start(env: Record<string, string>) {
  const mark = `CHECKOUT_LOOKUP_START_MARK=${randomUUID()}`;
  const [name, value] = mark.split('=') as [string, string];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, [name]: value, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGINT'), 90_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  // What it left, looked for until nothing is, for up to 5 s: a child that outlives npm start is still there then.
  let left = processesMarked(mark);
  for (const end = Date.now() + 5_000; left.length > 0 && Date.now() < end; left = processesMarked(mark)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { code, output, left };
}

/** The suggested port of the line naming `port`, checked to be another one, free now. */
async function suggested(output: string, what: string, port: number, setting: RegExp): Promise<number> {
  const line = new RegExp(`^\\[start\\] +${what} ${port} is taken; choose another with ${setting.source}$`, 'm').exec(output);
  expect(line, `${what} ${port} in:\n${output}`).not.toBeNull();
  const other = Number(line![1]);
  expect(other).not.toBe(port);
  expect(await portIsFree(other)).toBe(true);
  return other;
}

test('with the three ports taken on a first run, npm start names each with its variable, in one run, and starts nothing', {
  timeout: 120_000,
}, async () => {
  const devVars = join(directory, 'first.vars');
  const { code, output, left } = await start({
    PORT: String(ports.worker),
    INSPECTOR_PORT: String(ports.inspector),
    SANDBOX_PORT: String(ports.sandbox),
    DEV_VARS_FILE: devVars,
  });
  expect(code, output).toBe(1);
  const worker = await suggested(output, "the worker's port", ports.worker, /PORT=(\d+) npm start/);
  const inspector = await suggested(output, "the debugger's port", ports.inspector, /INSPECTOR_PORT=(\d+) npm start/);
  const sandbox = await suggested(output, "the sandbox's port", ports.sandbox, /SANDBOX_PORT=(\d+) npm start/);
  expect(output).toContain(`PORT=${worker} INSPECTOR_PORT=${inspector} SANDBOX_PORT=${sandbox} npm start`);
  expect(output).not.toContain('The worker is running');
  expect(output).not.toContain('/sign-in?');
  expect(existsSync(devVars), 'settings written').toBe(false);
  // Nothing of it keeps running: not wrangler, not its esbuild, not workerd.
  expect(left).toEqual([]);
});

test("with .dev.vars written, the sandbox's port is named with API_BASE_URL in that file", { timeout: 120_000 }, async () => {
  const devVars = join(directory, 'kept.vars');
  writeFileSync(devVars, `API_BASE_URL="http://127.0.0.1:${ports.sandbox}"\nAPI_KEY="k"\nAUTH_SECRET="${'s'.repeat(43)}"\n`);
  const { code, output, left } = await start({
    PORT: String(ports.worker),
    INSPECTOR_PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    DEV_VARS_FILE: devVars,
  });
  expect(code, output).toBe(1);
  await suggested(output, "the worker's port", ports.worker, /PORT=(\d+) npm start/);
  const sandbox = await suggested(
    output,
    "the sandbox's port",
    ports.sandbox,
    new RegExp(`API_BASE_URL="http://127\\.0\\.0\\.1:(\\d+)" in ${devVars}`),
  );
  expect(sandbox).toBeGreaterThan(0);
  expect(output).not.toContain("the debugger's port");
  expect(output).not.toContain('/sign-in?');
  expect(left).toEqual([]);
});
