import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The tarball `npm pack` makes from a clean clone (test/shared/packed.ts): what a user downloads from npm.
export default defineProject({
  test: {
    name: 'package',
    maxWorkers: MAX_WORKERS,
    // One worker process runs many files (no fresh module graph per file): the files stub nothing and fake no timers;
    // their work happens in child processes and temp directories of their own.
    isolate: false,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../shared/packed.ts'],
    testTimeout: 60_000,
  },
});
