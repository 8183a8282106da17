import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The built package (dist, through its exports map) against the sandbox on real loopback HTTP.
// Run `npm run build` first; `npm test` does.
export default defineProject({
  test: {
    name: 'integration',
    maxWorkers: MAX_WORKERS,
    // One worker process runs many files (no fresh module graph per file): no file stubs globals or fakes timers, and
    // each closes the servers it starts; what needs a process of its own (--expose-gc, other runtimes) is a child.
    isolate: false,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
