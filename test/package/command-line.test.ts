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
    expect(result.stderr).toMatch(/^checkout-lookup: create: the folder is missing\b.*\n\nUsage:\n {2}npx checkout-lookup create <folder>/);
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
