import { configDefaults, defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The sandbox's own behaviour, Request in and Response out, plus raw HTTP checks of serveSandbox, the built
// command-line bin, and the docs' examples and curl commands. docs/testing.md's examples for Node run as written
// (against the sources) from guide-examples.test.ts; the global setup writes them when this project runs, never when
// a config merely loads. The Worker ones run in msw-workers.
export default defineProject({
  test: {
    name: 'sandbox',
    maxWorkers: MAX_WORKERS,
    // One worker process runs many files (no fresh module graph per file): each file restores what it stubs or fakes.
    isolate: false,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'docs-examples/**'],
    globalSetup: ['./global-setup.ts'],
    environment: 'node',
  },
});
