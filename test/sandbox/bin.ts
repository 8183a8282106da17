import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

// The built `checkout-lookup-sandbox` bin, as `npx` runs it: a real process on a real port.
const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'dist/testing/cli.js');
const children: ChildProcess[] = [];

/** Builds when dist is missing or older than the sources (npm test builds first; a lone `vitest run` may not). */
export function buildIfStale(): void {
  const newest = Math.max(...readdirSync(join(ROOT, 'src/testing')).map((file) => statSync(join(ROOT, 'src/testing', file)).mtimeMs));
  let built = 0;
  try {
    built = statSync(BIN).mtimeMs;
  } catch {}
  if (built < newest) {
    const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsup/dist/cli-default.js'), '--silent'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  }
}

/** Kills whatever a test left running. */
export function killAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export interface Bin {
  child: ChildProcess;
  output(): string;
  /** Polls the output until `pattern` matches; fails after the deadline or when the process exits first. */
  waitFor(pattern: RegExp, deadlineMs?: number): Promise<RegExpExecArray>;
  /** How the process ended, once its output has been read to the end. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the bin in `cwd` with `args`; SANDBOX_API_KEY is cleared unless `env` sets it. */
export function startBin(args: string[], cwd: string, env: Record<string, string> = {}): Bin {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, SANDBOX_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  // 'close', not 'exit': it comes once the output has been read to its end, which 'exit' may precede.
  let closed = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('close', (code, signal) => {
      closed = true;
      done({ code, signal });
    }),
  );
  return {
    child,
    output: () => text,
    exit,
    async waitFor(pattern, deadlineMs = 15_000) {
      const deadline = Date.now() + deadlineMs;
      for (;;) {
        const match = pattern.exec(text);
        if (match) return match;
        if (closed) throw new Error(`the bin exited before printing ${pattern}:\n${text}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${deadlineMs} ms:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
