import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

// What the test projects that run the packed package share: the runtimes' paths, one child-process runner,
// and a dead address.

export const repoRoot = resolve(import.meta.dirname, '..', '..');
const bin = join(repoRoot, 'node_modules', '.bin');

/** Node 24, Bun and Deno come from the npm registry as devDependencies (packages node, bun, deno). */
export const NODE_24 = join(repoRoot, 'node_modules', 'node', 'bin', 'node');
export const BUN = join(bin, 'bun');
export const DENO = join(bin, 'deno');

/** Version a runtime reports for itself with `--version`, such as `1.4.5` for Bun. */
export function versionOf(command: string, pattern: RegExp): string {
  const output = execFileSync(command, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = pattern.exec(output);
  if (!match?.[1]) throw new Error(`\`${command} --version\` printed no version: ${output}`);
  return match[1];
}

/**
 * Node 20, the oldest Node the package supports (engines ">=20"), from a known place, never from PATH: $NODE_20 if
 * set, else /usr/bin/node or /usr/local/bin/node when that is v20. When none is, the shared setup (packed.ts)
 * fetches Node 20 from the npm registry (package node-<platform>-<arch>, as the `node` devDependency does for 24)
 * into a cache, so the matrix runs Node 20 on every machine.
 */
export function knownNode20(): string | undefined {
  const candidates = [process.env.NODE_20, '/usr/bin/node', '/usr/local/bin/node'];
  return candidates.find((path) => path && existsSync(path) && /^v20\./.test(versionOf(path, /^(v\S+)/)));
}

/** `http://127.0.0.1:<port>` where nothing listens (a port that was just free), for calls that must fail to connect. */
export async function deadAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Output with every secret replaced by `[key]`. */
  readonly stdout: string;
  readonly stderr: string;
  /** The command, its exit and its output (secrets hidden), for failure messages. */
  readonly report: string;
}

export interface RunOptions {
  readonly cwd: string;
  /** Added to the environment of the test process. */
  readonly env?: Record<string, string> | undefined;
  /** Values hidden from the output and the report, such as the API key. */
  readonly secrets: readonly string[];
  readonly timeoutMs?: number | undefined;
}

/**
 * Runs a command in its own process group and resolves with its exit and output, whatever the exit. Rejects,
 * with the command and output (secrets hidden), when it cannot start or when `timeoutMs` (default 45 s) passes,
 * after which the whole group (workerd under wrangler included) is killed.
 */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<Run> {
  const { cwd, secrets, timeoutMs = 45_000 } = options;
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  // Flags for the Node running vitest are not for these runtimes (Node 20 rejects some of them).
  delete env.NODE_OPTIONS;
  const hide = (text: string) => secrets.reduce((result, secret) => (secret ? result.split(secret).join('[key]') : result), text);
  const where = `\`${[command, ...args].join(' ')}\` (cwd ${cwd})`;

  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    const output = () => `--- stdout\n${hide(stdout).trim()}\n--- stderr\n${hide(stderr).trim()}`;

    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${where} could not start: ${hide(error.message)}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new Error(`${where} did not finish within ${timeoutMs} ms and was killed\n${output()}`));
        return;
      }
      resolve({ code, signal, stdout: hide(stdout), stderr: hide(stderr), report: `${where} exited with ${code ?? signal}\n${output()}` });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
