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
 * Runs one runtime as a child process in its own process group, in the installed project, with the check's
 * config in the environment, and returns the facts it printed. Rejects, with the command, exit status and
 * output (the key redacted), on a non-zero exit, a missing result line, or when `timeoutMs` passes, after which
 * the whole group (workerd included) is killed.
 */
export function runChecks(
  command: string,
  args: readonly string[],
  options: { cwd: string; config: CheckConfig; timeoutMs?: number; env?: Record<string, string> },
): Promise<Facts> {
  const { cwd, config, timeoutMs = 45_000 } = options;
  const env: Record<string, string | undefined> = { ...process.env, ...options.env, [CONFIG_VARIABLE]: JSON.stringify(config) };
  // Flags for the Node running vitest are not for these runtimes (Node 20 rejects some of them).
  delete env['NODE_OPTIONS'];

  return new Promise((resolvePromise, reject) => {
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

    const fail = (why: string) => {
      const redact = (text: string) => text.split(config.apiKey).join('[key]').trim();
      const where = `\`${[command, ...args].join(' ')}\` (cwd ${cwd})`;
      reject(new Error(`${where} ${why}\n--- stdout\n${redact(stdout)}\n--- stderr\n${redact(stderr)}`));
    };
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(`could not start: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return fail(`did not finish within ${timeoutMs} ms and was killed`);
      if (code !== 0) return fail(`exited with ${code ?? signal}`);
      const line = stdout.split('\n').find((text) => text.startsWith(RESULT_MARKER));
      if (!line) return fail('printed no result line');
      try {
        resolvePromise(JSON.parse(line.slice(RESULT_MARKER.length)) as Facts);
      } catch (error) {
        fail(`printed a result that is not JSON: ${String(error)}`);
      }
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
