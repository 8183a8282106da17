#!/usr/bin/env node
// `npm run bench`: builds the package if dist/ is missing or older than src/, copies it (snapshot.mjs, so a
// rebuild by someone else mid-run cannot change what is measured), runs every measurement of
// bench/ in turn (size, validation, per-call, cold start, worker under load) and rewrites BENCHMARKS.md with
// the figures, the targets with PASS/MISS, the evidence for a missed target, the machine, the versions, the
// date and the command. Not part of `npm test`; takes a few minutes.
//
//   npm run bench                                  everything, rewrites BENCHMARKS.md
//   node bench/run.mjs --only size,validation      some measurements, Markdown on stdout, BENCHMARKS.md untouched
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { measureColdStart } from './cold-start.mjs';
import { BIN, ROOT, packageVersion, progress, usePackage } from './lib.mjs';
import { render } from './report.mjs';
import { snapshotPackage } from './snapshot.mjs';
import { measurePerCall } from './per-call.mjs';
import { measureSize } from './size.mjs';
import { measureValidation } from './validation.mjs';
import { measureWorkerLoad } from './worker-load.mjs';

// wrangler needs Node 22+, and every child process runs on this process's Node: `npm run bench` puts the
// project's Node 24 (node_modules/.bin/node) first on PATH; started with an older `node`, hand over to it.
if (Number(process.versions.node.split('.')[0]) < 22) {
  const node = join(ROOT, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(node)) {
    console.error(`bench: needs Node 22 or newer (this is ${process.version}); run \`npm ci\` then \`npm run bench\``);
    process.exit(1);
  }
  const again = spawnSync(node, process.argv.slice(1), { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const MEASUREMENTS = {
  size: measureSize,
  validation: measureValidation,
  perCall: measurePerCall,
  coldStart: measureColdStart,
  workerLoad: measureWorkerLoad,
};

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex === -1 ? undefined : process.argv[onlyIndex + 1]?.split(',');
if (only?.some((name) => !(name in MEASUREMENTS))) {
  console.error(`bench: --only takes a comma-separated list of ${Object.keys(MEASUREMENTS).join(', ')}`);
  process.exit(2);
}

const started = new Date();
ensureBuilt();
const snapshot = await snapshotPackage();
usePackage(snapshot.packageDir);
const run = {
  command: only ? `node bench/run.mjs --only ${only.join(',')}` : 'npm run bench',
  started: started.toISOString(),
  machine: machine(),
  versions: versions(),
  commit: git(['rev-parse', '--short', 'HEAD']),
  dirty: git(['status', '--porcelain', '--', 'src', 'worker', 'wrangler.toml', 'tsup.config.ts']) !== '',
  results: {},
  load: {},
};

for (const [name, measure] of Object.entries(MEASUREMENTS)) {
  if (only && !only.includes(name)) continue;
  const before = loadavg()[0];
  const t0 = performance.now();
  progress(`${name}: starting (load average ${before.toFixed(2)})`);
  try {
    run.results[name] = await measure();
  } catch (error) {
    progress(`${name}: FAILED ${error.stack ?? error}`);
    run.results[name] = { notMeasured: String(error.message ?? error).split('\n')[0].slice(0, 400) };
  }
  run.load[name] = { before, after: loadavg()[0], seconds: (performance.now() - t0) / 1000 };
  progress(`${name}: done in ${run.load[name].seconds.toFixed(0)} s`);
}
run.seconds = (Date.now() - started.getTime()) / 1000;
await snapshot.remove();

const markdown = render(run);
if (only) {
  process.stdout.write(markdown);
} else {
  await writeFile(join(ROOT, 'BENCHMARKS.md'), markdown);
  progress(`wrote BENCHMARKS.md in ${run.seconds.toFixed(0)} s`);
}

/** Runs `npm run build` when dist/ is missing or older than any file of src/ or tsup.config.ts. */
function ensureBuilt() {
  const dist = join(ROOT, 'dist');
  const built = [join(dist, 'index.js'), join(dist, 'testing', 'index.js'), join(dist, 'testing', 'node.js')];
  const oldest = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const newest = Math.max(statSync(join(ROOT, 'tsup.config.ts')).mtimeMs, newestIn(join(ROOT, 'src')));
  if (oldest > newest) return;
  progress(oldest === 0 ? 'dist/ is missing: npm run build' : 'dist/ is older than src/: npm run build');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH}` },
  });
  if (build.status !== 0) {
    console.error('bench: npm run build failed');
    process.exit(1);
  }
}

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  return {
    cpu: model,
    cores: cpus().length,
    memoryGiB: totalmem() / 1024 ** 3,
    os: `Linux ${release()}`,
  };
}

function versions() {
  const run = (command, args) => {
    try {
      return execFileSync(command, args, { encoding: 'utf8', timeout: 30_000 }).trim().split('\n')[0];
    } catch {
      return 'not available';
    }
  };
  return {
    node: run(join(ROOT, 'node_modules', 'node', 'bin', 'node'), ['--version']),
    bun: run(join(BIN, 'bun'), ['--version']),
    deno: run(join(BIN, 'deno'), ['--version']),
    wrangler: packageVersion('wrangler'),
    valibot: packageVersion('valibot'),
    zod: packageVersion('zod'),
    esbuild: packageVersion('esbuild'),
    rollup: packageVersion('rollup'),
    '@rollup/plugin-terser': packageVersion('@rollup/plugin-terser'),
    autocannon: packageVersion('autocannon'),
    'checkout-lookup': JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version,
  };
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}
