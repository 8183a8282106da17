// Shared helpers of the benchmarks: paths, runtimes, medians, timed commands.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
export const DIST = join(ROOT, 'dist');
export const BIN = join(ROOT, 'node_modules', '.bin');
export const NODE20 = '/usr/bin/node';
export const NODE24 = join(ROOT, 'node_modules', 'node', 'bin', 'node');
const systemNode = spawnSync(NODE20, ['--version'], { encoding: 'utf8' }).stdout?.trim();
/** Set when the machine's /usr/bin/node is not Node 20: then Node 20 is left out (said in the output), not a failure. */
export const NODE20_MISSING = systemNode?.startsWith('v20.') ? undefined : `${NODE20} is ${systemNode || 'absent'}, not v20: Node 20 not measured`;
/** Command line of each runtime measured; Deno reads node_modules as npm laid it out, and writes no lockfile. */
export const RUNTIMES = {
  ...(NODE20_MISSING ? {} : { 'Node 20': [NODE20] }),
  'Node 24': [NODE24],
  Bun: [join(BIN, 'bun'), 'run'],
  Deno: [join(BIN, 'deno'), 'run', '-A', '--no-lock', '--node-modules-dir=manual'],
};

export const median = (values) => Float64Array.from(values).sort()[(values.length - 1) >> 1];

/** Runs a command to its end (killed after `timeoutMs`): wall time in ms from spawn to exit, and its stdout. */
export function timeCommand([command, ...args], { timeoutMs = 120_000, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (code === 0) resolve({ ms, stdout });
      else reject(Object.assign(new Error(`${command} ${args.join(' ')}: ${signal ?? code} ${stderr.slice(0, 800)}`), { stdout }));
    });
  });
}

export const progress = (line) => process.stderr.write(`[bench] ${line}\n`);
