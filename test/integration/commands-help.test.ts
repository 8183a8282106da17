import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';

// The repository's own commands, as a contributor runs them (`npm start`, `npm run size`, `node scripts/cpu.mjs` ...):
// `--help` and `-h` print the usage and exit 0 having done nothing else; an option close to a known one is named
// with it. (The package's commands, from the tarball: test/package/command-line.test.ts.)

/** The script, an option it has, and a typo of that option. */
const SCRIPTS: [string, string, string][] = [
  ['scripts/start.mjs', '--help', '--hlep'],
  ['scripts/deploy.mjs', '--help', '--hepl'],
  ['scripts/size.mjs', '--json', '--jsno'],
  ['scripts/openapi.mjs', '--check', '--chekc'],
  ['scripts/cpu.mjs', '--dump', '--dmup'],
  ['scripts/test.mjs', '--help', '--hlp'],
  ['scripts/typecheck.mjs', '--help', '--hepl'],
  ['scripts/actionlint.mjs', '--help', '--hlep'],
  ['scripts/lock-other-platforms.mjs', '--help', '--hepl'],
  ['bench/run.mjs', '--only', '--olny'],
  ['bench/report.mjs', '--stdout', '--stdot'],
  ['bench/per-call.mjs', '--client', '--clinet'],
  ['bench/worker-load.mjs', '--help', '--hepl'],
  ['bench/cold-start.mjs', '--help', '--hlep'],
  ['bench/validation.mjs', '--help', '--hepl'],
  ['bench/signal-trend.mjs', '--help', '--hlep'],
];

async function node(script: string, ...args: string[]) {
  return promisify(execFile)(process.execPath, [join(repoRoot, script), ...args], { cwd: repoRoot, timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

test.each(SCRIPTS)('%s answers --help and -h with its usage, names its options, and exit 0', async (script, option) => {
  const lock = readFileSync(join(repoRoot, 'package-lock.json'), 'utf8');
  for (const flag of ['--help', '-h']) {
    const result = await node(script, flag);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Usage: /);
    expect(result.stdout).toContain(option);
    expect(result.stderr).toBe('');
  }
  // Nothing ran: lock-other-platforms.mjs, say, rewrites the lock file when it runs.
  expect(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')).toBe(lock);
});

test.each(SCRIPTS)('%s names an unknown option with the one it is close to, and exits 2', async (script, option, typo) => {
  const result = await node(script, typo);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(new RegExp(`^[^\\n]+: unknown option ${typo}; did you mean ${option}\\?\\n\\nUsage: `));
});
