import { defineProject } from 'vitest/config';
import { RUNTIME_FILES } from './vitest.config.js';

// The sample Worker in the real runtime: workerd over loopback HTTP (wrangler's unstable_startWorker),
// `wrangler deploy --dry-run` and `wrangler types --check`. Imports the built package: `npm run build` first.
export default defineProject({
  test: {
    name: 'workerd',
    root: import.meta.dirname,
    include: RUNTIME_FILES,
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Each file starts a real runtime or wrangler; two cores do not run several at once reliably.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
