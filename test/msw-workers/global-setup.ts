import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeDocExamples } from '../sandbox/docs-examples.js';

/** Writes docs/testing.md's "Testing a Worker" examples into docs-examples/, once per run of this project. */
export default function setup(project: TestProject): void {
  project.provide(
    'docExamples',
    writeDocExamples(join(import.meta.dirname, 'docs-examples'), (code) => code.startsWith('// worker')),
  );
}
