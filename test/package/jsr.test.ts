import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';

// JSR: jsr.json describes the SDK entry for `deno publish`.
const jsr = JSON.parse(readFileSync(join(repoRoot, 'jsr.json'), 'utf8')) as { name: string; version: string; exports: Record<string, string> };
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

describe('jsr.json', () => {
  test('names the SDK entry, with the version of package.json', () => {
    expect(jsr.name).toBe('@checkout-lookup/checkout-lookup');
    expect(jsr.version).toBe(manifest.version);
    expect(jsr.exports['.']).toBe('./src/index.ts');
  });
});
