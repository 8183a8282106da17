import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DENO, repoRoot } from '../shared/run.js';

// `deno publish --dry-run` of jsr.json: it type-checks the SDK entry and refuses slow types (exported symbols
// without explicit types), which JSR needs to generate docs and .d.ts without inference.
const jsr = JSON.parse(readFileSync(join(repoRoot, 'jsr.json'), 'utf8')) as { name: string; version: string };

function dryRun(): Promise<{ failed: boolean; output: string }> {
  const env: Record<string, string | undefined> = { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  delete env.NODE_OPTIONS;
  // --allow-dirty: the working tree is what is checked, committed or not.
  return new Promise((resolve) =>
    execFile(
      DENO,
      ['publish', '--dry-run', '--allow-dirty'],
      { cwd: repoRoot, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ failed: error !== null, output: `${stdout}\n${stderr}`.replaceAll(repoRoot, '<repo>') }),
    ),
  );
}

describe('deno publish --dry-run', () => {
  test('deno publish --dry-run passes, without slow types, and would publish the SDK sources only', { timeout: 150_000 }, async () => {
    const { failed, output } = await dryRun();
    expect(failed, output).toBe(false);
    expect(output).toContain(`Simulating publish of ${jsr.name}@${jsr.version}`);
    expect(output).toContain('<repo>/src/index.ts');
    expect(output).not.toMatch(/<repo>\/(src\/testing|test|worker|dist|scripts)\//);
  });
});
