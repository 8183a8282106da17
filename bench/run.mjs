#!/usr/bin/env node
// `npm run bench`: builds the package, runs every measurement in turn (size, validation, per-call, cold start,
// worker under load), writes the figures to test-output/bench.json and renders BENCHMARKS.md from them
// (bench/report.mjs). Not part of `npm test`; takes several minutes.
//   npm run bench                              everything; rewrites BENCHMARKS.md
//   node bench/run.mjs --only perCall,size     some measurements; BENCHMARKS.md untouched
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import { measureColdStart } from './cold-start.mjs';
import { readCommandLine, unknown, usageError } from '../scripts/command-line.mjs';
import { measureSizes } from '../scripts/size.mjs';
import { NODE24, ROOT, progress } from './lib.mjs';
import { render, writeReport } from './report.mjs';

// wrangler (worker under load) needs Node 22+: started with an older node, hand over to the project's Node 24.
if (Number(process.versions.node.split('.')[0]) < 22) process.exit(spawnSync(NODE24, process.argv.slice(1), { stdio: 'inherit' }).status ?? 1);

const MEASUREMENTS = {
  size: () => measureSizes(),
  // Imported once the build below has made dist/, which they import (bench/fixtures.mjs reads the sandbox's records).
  validation: async () => (await import('./validation.mjs')).measureValidation(),
  perCall: async () => (await import('./per-call.mjs')).measurePerCall(),
  coldStart: measureColdStart,
  workerLoad: async () => (await import('./worker-load.mjs')).measureWorkerLoad(),
};
const USAGE = `Usage: npm run bench [-- --only NAMES]   (node bench/run.mjs [--only NAMES])

Builds the package, runs the measurements in turn, writes their figures to test-output/bench.json and renders
BENCHMARKS.md and its charts (docs/benchmarks/) from them. Several minutes; run it on a quiet machine.

  --only NAMES  some of ${Object.keys(MEASUREMENTS).join(',')}, comma-separated: the Markdown on stdout, BENCHMARKS.md
                and the charts untouched
  -h, --help    this help
`;
const { values } = readCommandLine(process.argv.slice(2), { name: 'bench/run.mjs', usage: USAGE, options: { only: { type: 'string' } } });
const only = values.only?.split(',');
const stray = only?.find((name) => !(name in MEASUREMENTS));
if (stray !== undefined) usageError('bench/run.mjs', USAGE, unknown('measurement', stray, Object.keys(MEASUREMENTS)));

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const version = (command) =>
  (spawnSync(command, ['--version'], { encoding: 'utf8' }).stdout ?? 'absent')
    .trim()
    .split('\n')[0]
    .replace(/^(deno|bun) /, '');
const run = {
  command: only ? `node bench/run.mjs --only ${only}` : 'npm run bench',
  started: new Date().toISOString(),
  commit: git('rev-parse', '--short', 'HEAD'),
  dirty: git('status', '--porcelain', '--', 'src') !== '',
  machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Linux ${release()}`,
  versions: {
    valibot: JSON.parse(readFileSync(join(ROOT, 'node_modules', 'valibot', 'package.json'), 'utf8')).version,
    ...Object.fromEntries(['node', 'bun', 'deno'].map((name) => [name, version(join(ROOT, 'node_modules', '.bin', name))])),
    'system node': version('/usr/bin/node'),
  },
  load: {},
  results: {},
};
progress('npm run build');
execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
for (const [name, measure] of Object.entries(MEASUREMENTS)) {
  if (only && !only.includes(name)) continue;
  const [before, started] = [loadavg()[0], performance.now()];
  progress(`${name}: starting (load average ${before.toFixed(2)})`);
  try {
    run.results[name] = await measure();
  } catch (error) {
    progress(`${name}: FAILED ${error.stack ?? error}`);
    run.results[name] = {
      notMeasured: String(error.message ?? error)
        .split('\n')[0]
        .slice(0, 300),
    };
  }
  run.load[name] = { before, after: loadavg()[0], seconds: (performance.now() - started) / 1000 };
}
run.seconds = (Date.now() - Date.parse(run.started)) / 1000;
mkdirSync(join(ROOT, 'test-output'), { recursive: true });
writeFileSync(join(ROOT, 'test-output', 'bench.json'), `${JSON.stringify(run, null, 2)}\n`);
if (only) process.stdout.write(render(run));
else writeReport(run);
progress(`done in ${run.seconds.toFixed(0)} s: test-output/bench.json${only ? '' : ', BENCHMARKS.md and its charts in docs/benchmarks/'}`);
