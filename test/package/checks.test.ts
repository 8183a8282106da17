import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { repoRoot, run } from '../shared/run.js';

// The linters of published packages, on the tarball every other test here reads (`npm run check:package` runs the
// same two on a tarball of its own).
const { tarball }: Packed = inject('packed');
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

describe('the tarball, as package linters see it', () => {
  test('publint finds no error in its package.json and files', async () => {
    const result = await run(bin('publint'), ['run', tarball], { cwd: repoRoot, secrets: [] });
    expect(result.code, result.report).toBe(0);
  });

  test('attw finds no problem with its types (default profile): every entry point, ESM and CommonJS', async () => {
    const result = await run(bin('attw'), [tarball, '--no-emoji', '--no-color'], { cwd: repoRoot, secrets: [] });
    expect(result.code, result.report).toBe(0);
    expect(result.stdout).toMatch(/No problems found/);
  });
});
