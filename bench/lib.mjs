// Shared helpers of the benchmarks: paths, statistics, child processes with deadlines, free ports.
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH = join(ROOT, 'bench');
/**
 * The built package measured: the run's private copy (BENCH_PACKAGE_DIR, set by bench/run.mjs, see
 * snapshot.mjs), or the project itself when a measurement runs alone.
 */
export let PACKAGE_DIR = process.env.BENCH_PACKAGE_DIR ?? ROOT;
export let DIST = join(PACKAGE_DIR, 'dist');

/** Measures the package in `dir` from now on, in this process and in every child started after. */
export function usePackage(dir) {
  PACKAGE_DIR = dir;
  DIST = join(dir, 'dist');
  process.env.BENCH_PACKAGE_DIR = dir;
}
export const BIN = join(ROOT, 'node_modules', '.bin');
export const HOST = '127.0.0.1';

/** URL of a built file, for `import()` by path (the package is measured as built, never from src/). */
export const distUrl = (file) => pathToFileURL(join(DIST, file)).href;

export function median(values) {
  return quantile(values, 0.5);
}

/** Nearest-rank quantile (q in 0..1) of numbers; does not modify its input. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export function round(value, digits = 2) {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Version of an installed package, read from its package.json. */
export function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Forks a Node script (same Node as the runner) and exchanges one message: sends `message`, resolves with the
 * child's first message. Killed, and rejected, after `timeoutMs`.
 */
export function forkOnce(script, message, { timeoutMs = 120_000, execArgv = [], env } = {}) {
  return new Promise((resolveResult, reject) => {
    const child = fork(script, [], {
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: env ?? process.env,
    });
    let result;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (reply) => {
      result = reply;
      child.disconnect();
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (result?.error) reject(new Error(`${script}: ${result.error}`));
      else if (result !== undefined) resolveResult(result);
      else reject(new Error(`${script} exited (${signal ?? code}) without a result`));
    });
    child.send(message);
  });
}

/**
 * A long-lived child Node process (a server) that sends `{ ready: ... }` once listening. Returns that payload
 * and `stop()`, which ends it (SIGTERM, then SIGKILL after 5 s).
 */
export function startChild(script, message, { timeoutMs = 30_000 } = {}) {
  return new Promise((resolveChild, reject) => {
    const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} was not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = () => stopProcess(child);
    child.once('message', (reply) => {
      clearTimeout(timer);
      if (reply.error) {
        stop();
        reject(new Error(`${script}: ${reply.error}`));
      } else resolveChild({ ...reply.ready, stop, child });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${signal ?? code}) before it was ready`));
    });
    child.send(message);
  });
}

/** Ends a child process: SIGTERM, then SIGKILL after `graceMs`. Resolves once it has exited. */
export function stopProcess(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Runs a command to its end and returns wall time in ms from spawn to exit, stdout and the exit code.
 * Killed after `timeoutMs`.
 */
export function timeCommand(command, args, { cwd = ROOT, env = process.env, timeoutMs = 60_000 } = {}) {
  return new Promise((resolveRun, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}): ${stderr.slice(0, 2000)}`));
      else resolveRun({ ms, stdout, stderr });
    });
  });
}

/** Prints a progress line on stderr, so stdout stays for results. */
export const progress = (line) => process.stderr.write(`[bench] ${line}\n`);
