import { configDefaults, defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

/** The files that start a real runtime or wrangler itself: the `workerd` project (vitest.workerd.config.ts). */
export const RUNTIME_FILES = ['workerd.test.ts', 'deploy.test.ts', 'env-types.test.ts'];

// The sample Worker in-process: its handler imported and called (Request in, Response out) with the sandbox as its
// UPSTREAM binding (in-process.ts), fake timers for deadlines. The real runtime (wrangler's unstable_startWorker over
// loopback HTTP), `wrangler deploy --dry-run` and `wrangler types --check` are the `workerd` project. The worker
// imports the built package: `npm run build` first.
export default defineProject({
  test: {
    name: 'worker',
    maxWorkers: MAX_WORKERS,
    // One worker process runs many files (no fresh module graph per file): each file restores what it stubs or fakes.
    isolate: false,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...RUNTIME_FILES],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
