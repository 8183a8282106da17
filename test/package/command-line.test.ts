import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { deadAddress, run } from '../shared/run.js';

// The `checkout-lookup` command's argument handling, run as a user runs it: `npx checkout-lookup` in a project where
// the packed tarball is installed, with the registry unreachable (the bin must come from node_modules). After the
// first, the calls start that bin directly, as npx does (npx costs about a second of CPU per call to find it).
const { app, bin: installed }: Packed = inject('packed');

async function npx(...args: string[]) {
  const env = { NPM_CONFIG_REGISTRY: `${await deadAddress()}/` };
  return run('npx', ['checkout-lookup', ...args], { cwd: app, env, secrets: [], timeoutMs: 60_000 });
}

function bin(...args: string[]) {
  return run(installed, args, { cwd: app, secrets: [], timeoutMs: 60_000 });
}

describe('npx checkout-lookup create', () => {
  test('without a folder says the folder is missing, then the usage, and exits 2', async () => {
    const result = await npx('create');
    expect(result.code, result.report).toBe(2);
    expect(result.stderr).toMatch(/^checkout-lookup: create: the folder is missing\b.*\n\nUsage: npx checkout-lookup create <folder>\n/);
    expect(result.stderr).not.toContain('unknown arguments');
  });

  test('with two folders, or an option, says which and exits 2 before writing anything', async () => {
    const two = await bin('create', 'one', 'two');
    expect(two.code, two.report).toBe(2);
    expect(two.stderr).toMatch(/^checkout-lookup: create takes one folder; received 2 arguments: one two\n\nUsage:/);
    const option = await bin('create', '--force');
    expect(option.code, option.report).toBe(2);
    expect(option.stderr).toMatch(/^checkout-lookup: create: unknown option --force\n\nUsage:/);
  });
});

describe('--help and -h', () => {
  // Each command's own usage, on stdout, exit 0; nothing run or written (no folder named after the flag, no worker).
  test.each([
    [[], /^Usage:\n {2}npx checkout-lookup create <folder>/],
    [['create'], /^Usage: npx checkout-lookup create <folder>\n/],
    [['start'], /^Usage: npm start .*\n[\s\S]*PORT=N[\s\S]*INSPECTOR_PORT=N[\s\S]*SANDBOX_PORT=N/],
    [['deploy'], /^Usage: npx checkout-lookup deploy \[options\][\s\S]*npx wrangler deploy --help/],
  ])('checkout-lookup %j answers with its usage and exit 0', async (command, usage) => {
    for (const flag of ['--help', '-h']) {
      const result = await bin(...command, flag);
      expect(result.code, result.report).toBe(0);
      expect(result.stdout).toMatch(usage);
      expect(result.stderr).toBe('');
    }
    expect(existsSync(join(app, '--help')) || existsSync(join(app, '-h'))).toBe(false);
  });

  test('checkout-lookup-sandbox answers with its usage and exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const result = await run(join(app, 'node_modules/.bin/checkout-lookup-sandbox'), [flag], { cwd: app, secrets: [], timeoutMs: 60_000 });
      expect(result.code, result.report).toBe(0);
      expect(result.stdout).toMatch(/^Usage: checkout-lookup-sandbox /);
    }
  });
});

describe('an unknown option or command', () => {
  // Named, with the known one it is likely a typo of, then the usage, on stderr; exit 2 before anything runs.
  test.each([
    [['--hlep'], 'checkout-lookup: unknown option --hlep; did you mean --help?'],
    [['crate', 'x'], 'checkout-lookup: unknown command crate; did you mean create?'],
    [['deplyo'], 'checkout-lookup: unknown command deplyo; did you mean deploy?'],
    [['frobnicate'], 'checkout-lookup: unknown command frobnicate\n'],
    [['create', '--hepl', 'x'], 'checkout-lookup: create: unknown option --hepl; did you mean --help?'],
    [['start', '--hlp'], 'checkout-lookup start: unknown option --hlp; did you mean --help?'],
    [['deploy', '--dry-run', '--hepl'], 'checkout-lookup deploy: unknown option --hepl; did you mean --help?'],
  ])('checkout-lookup %j says so and exits 2', async (args, message) => {
    const result = await bin(...args);
    expect(result.code, result.report).toBe(2);
    expect(result.stderr.startsWith(message), result.stderr).toBe(true);
    expect(result.stderr).toContain('\n\nUsage:');
    expect(result.stdout).toBe('');
  });
});
