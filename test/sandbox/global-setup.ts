import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { toSources, writeDocExamples } from './docs-examples.js';

/** Writes docs/testing.md's examples for Node into docs-examples/, against the sources, once per run of this project. */
export default function setup(project: TestProject): void {
  project.provide(
    'docExamples',
    writeDocExamples(join(import.meta.dirname, 'docs-examples'), (code) => !code.startsWith('// worker'), toSources),
  );
}
