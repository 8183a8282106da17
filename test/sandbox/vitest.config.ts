import { join } from 'node:path';
import { defineProject } from 'vitest/config';
import { toSources, writeDocExamples } from './docs-examples.js';

// docs/testing.md's examples for Node run here as written (against the sources); the Worker ones in msw-workers.
writeDocExamples(join(import.meta.dirname, 'docs-examples'), (code) => !code.startsWith('// worker'), toSources);

// The sandbox's own behaviour, Request in and Response out, plus raw HTTP checks of serveSandbox, the built
// command-line bin, and the docs' examples and curl commands.
export default defineProject({
  test: {
    name: 'sandbox',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
  },
});
