import { defineProject } from 'vitest/config';
import { RUNTIME_FILES } from './vitest.config.js';
import { MAX_WORKERS } from '../shared/workers.js';

// The sample Worker in the real runtime: workerd over loopback HTTP (wrangler's unstable_startWorker),
// `wrangler deploy --dry-run` and `wrangler types --check`. Imports the built package: `npm run build` first.
export default defineProject({
  test: {
    name: 'workerd',
    maxWorkers: MAX_WORKERS,
    root: import.meta.dirname,
    include: RUNTIME_FILES,
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
