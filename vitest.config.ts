import { defineConfig } from 'vitest/config';
import LongestFirst from './test/shared/sequencer.js';
import { MAX_WORKERS } from './test/shared/workers.js';

// Each test area owns its own config (environment, pool, setup): unit, sandbox, integration, package, readme,
// runtimes, worker (in-process), workerd, msw-workers, e2e. `vitest run` runs them all, as one queue of files whose
// longest start first (test/shared/sequencer.ts), MAX_WORKERS at a time (each project config sets the same number).
export default defineConfig({
  test: {
    projects: ['test/*/vitest.config.ts', 'test/worker/vitest.workerd.config.ts'],
    maxWorkers: MAX_WORKERS,
    sequence: { sequencer: LongestFirst },
  },
});
