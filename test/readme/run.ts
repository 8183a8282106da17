import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

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
  readonly env: Record<string, string>;
  /** Values hidden from the output and the report, such as the API key. */
  readonly secrets: readonly string[];
  readonly timeoutMs?: number;
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
  delete env['NODE_OPTIONS'];
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

/** `http://127.0.0.1:<port>` where nothing listens (a port that was just free), for registries that must not be reached. */
export async function deadAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}
