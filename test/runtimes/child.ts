import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join, resolve, sep } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
const bin = join(repoRoot, 'node_modules', '.bin');

/** Node 24, Bun and Deno come from the npm registry as devDependencies (packages node, bun, deno). */
export const NODE_24 = join(repoRoot, 'node_modules', 'node', 'bin', 'node');
export const BUN = join(bin, 'bun');
export const DENO = join(bin, 'deno');

const RESULT_MARKER = 'RUNTIME-CHECK-RESULT ';
const CONFIG_VARIABLE = 'CHECKOUT_LOOKUP_RUNTIME_CHECK';

/** What the fixtures report (fixtures/checks.mjs); asserted in expectations.ts. */
export type Facts = Record<string, any>;

export interface CheckConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly deadUrl: string;
  /** Makes this run's ids unique on the shared server (the 503-then-success id is `ord_flaky_<label>`). */
  readonly label: string;
}

/**
 * The machine's own `node`: the first one on PATH that is not a node_modules/.bin shim nor the registry's
 * Node 24 (npm scripts put node_modules/.bin first). Fails unless its major version is 20.
 */
export function systemNode(): { path: string; version: string } {
  const npmNode = realpathSync(NODE_24);
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (!dir || dir.split(sep).includes('node_modules')) continue;
    const candidate = join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    if (realpathSync(candidate) === npmNode) continue;
    const version = execFileSync(candidate, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
    if (!/^v20\./.test(version)) {
      throw new Error(`The machine's own node (${candidate}) is ${version}; this matrix needs Node 20 there.`);
    }
    return { path: candidate, version };
  }
  throw new Error(`No node on PATH outside node_modules (PATH=${process.env['PATH']}); this matrix needs Node 20 there.`);
}

/** Version a runtime reports for itself with `--version`, such as `1.4.5` for Bun. */
export function versionOf(command: string, pattern: RegExp): string {
  const output = execFileSync(command, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = pattern.exec(output);
  if (!match?.[1]) throw new Error(`\`${command} --version\` printed no version: ${output}`);
  return match[1];
}

/**
 * Runs one runtime as a child process (see `run`), in the installed project, with the check's config in the
 * environment, and returns the facts it printed. Rejects, with the command, exit status and output (the key
 * hidden), on a non-zero exit, a missing or broken result line, a failed start or a timeout.
 */
export async function runChecks(
  command: string,
  args: readonly string[],
  options: { cwd: string; config: CheckConfig; timeoutMs?: number; env?: Record<string, string> },
): Promise<Facts> {
  const { cwd, config, timeoutMs } = options;
  const result = await run(command, args, {
    cwd,
    timeoutMs,
    env: { ...options.env, [CONFIG_VARIABLE]: JSON.stringify(config) },
    secrets: [config.apiKey],
  });
  if (result.code !== 0) throw new Error(result.report);
  const line = result.stdout.split('\n').find((text) => text.startsWith(RESULT_MARKER));
  if (!line) throw new Error(`printed no result line: ${result.report}`);
  try {
    return JSON.parse(line.slice(RESULT_MARKER.length)) as Facts;
  } catch (error) {
    throw new Error(`printed a result that is not JSON (${String(error)}): ${result.report}`);
  }
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
