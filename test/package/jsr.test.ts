import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DENO, repoRoot } from '../shared/run.js';

// JSR: jsr.json describes the SDK entry for `deno publish`; the dry run type-checks it and refuses slow types
// (exported symbols without explicit types), which JSR needs to generate docs and .d.ts without inference.
const jsr = JSON.parse(readFileSync(join(repoRoot, 'jsr.json'), 'utf8')) as { name: string; version: string; exports: Record<string, string> };
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

function dryRun(): Promise<{ failed: boolean; output: string }> {
  const env: Record<string, string | undefined> = { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  delete env['NODE_OPTIONS'];
  // --allow-dirty: the working tree is what is checked, committed or not.
  return new Promise((resolve) =>
    execFile(DENO, ['publish', '--dry-run', '--allow-dirty'], { cwd: repoRoot, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ failed: error !== null, output: `${stdout}\n${stderr}`.replaceAll(repoRoot, '<repo>') }),
    ),
  );
}

describe('jsr.json', () => {
  test('names the SDK entry, with the version of package.json', () => {
    expect(jsr.name).toBe('@checkout-lookup/checkout-lookup');
    expect(jsr.version).toBe(manifest.version);
    expect(jsr.exports['.']).toBe('./src/index.ts');
  });

  test('deno publish --dry-run passes, without slow types, and would publish the SDK sources only', { timeout: 150_000 }, async () => {
    const { failed, output } = await dryRun();
    expect(failed, output).toBe(false);
    expect(output).toContain(`Simulating publish of ${jsr.name}@${jsr.version}`);
    expect(output).toContain('<repo>/src/index.ts');
    expect(output).not.toMatch(/<repo>\/(src\/testing|test|worker|dist|scripts)\//);
  });
});
