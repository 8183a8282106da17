/// <reference types="vite/client" />
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, inject, test } from 'vitest';
import { byNumber } from './docs-examples.js';

// docs/testing.md's examples for Node run as written, against the sources: this project's global setup writes each
// into docs-examples/ (see docs-examples.ts), and each runs here in a describe of its own, its hooks with it.
const examples = Object.entries(import.meta.glob('./docs-examples/example-*.ts')).sort(([a], [b]) => byNumber(a, b));

test("every Node example of the testing guide is here, serveSandbox's and MSW's among them", () => {
  expect(examples.length).toBe(inject('docExamples'));
  const sources = examples.map(([path]) => readFileSync(join(import.meta.dirname, path), 'utf8'));
  expect(sources.filter((source) => source.includes("/src/testing/node.js'"))).not.toHaveLength(0);
  expect(sources.filter((source) => source.includes("/src/testing/msw.js'"))).not.toHaveLength(0);
});

for (const [path, load] of examples) {
  describe(`docs/testing.md ${path.replace('./docs-examples/', '')}`, async () => {
    await load();
  });
}

// Loading the Workers plugin of msw-workers' config takes seconds on a busy machine.
test('loading a vitest config writes nothing: the examples are written by global setups, when their project runs', { timeout: 60_000 }, async () => {
  const dirs = [join(import.meta.dirname, 'docs-examples'), join(import.meta.dirname, '../msw-workers/docs-examples')];
  const state = () =>
    dirs.map((dir) =>
      existsSync(dir)
        ? readdirSync(dir).map((file) => [file, statSync(join(dir, file), { bigint: true }).mtimeNs, statSync(join(dir, file)).ino])
        : null,
    );
  const before = state();
  for (const config of ['vitest.config.ts', '../msw-workers/vitest.config.ts', '../../vitest.config.ts']) {
    await import(/* @vite-ignore */ `${pathToFileURL(join(import.meta.dirname, config)).href}?load=${Date.now()}`);
  }
  expect(state()).toEqual(before);
});
