import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from './ports.js';

// `npm start` when the worker's port is taken (another `npm start` or `wrangler dev` still running): it says which
// port and how to choose another, exits non-zero, prints no sign-in link, and leaves no process behind.

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
let holder: Server;
let port: number;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'checkout-lookup-port-taken-'));
  // What holds the port answers HTTP, as a worker left running from an earlier `npm start` does.
  holder = createHttpServer((_request, response) => response.end('someone else'));
  port = await freePort();
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

test('with PORT taken, npm start names the port and PORT=, exits 1, prints no link, and leaves no process', { timeout: 120_000 }, async () => {
  const mark = `CHECKOUT_LOOKUP_START_MARK=${randomUUID()}`;
  const [name, value] = mark.split('=') as [string, string];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      [name]: value,
      PORT: String(port),
      SANDBOX_PORT: String(await freePort()),
      INSPECTOR_PORT: String(await freePort()),
      DEV_VARS_FILE: join(directory, 'dev.vars'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGINT'), 90_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);

  expect(code, output).toBe(1);
  expect(output).toContain(`port ${port}`);
  expect(output).toContain(`PORT=`);
  expect(output).not.toContain('The worker is running');
  expect(output).not.toContain('/sign-in?');
  // Nothing of it keeps running: not wrangler, not its esbuild, not workerd.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(processesMarked(mark)).toEqual([]);
});
