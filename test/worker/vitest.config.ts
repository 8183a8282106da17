import { defineProject } from 'vitest/config';

// The sample Worker. Most files import its handler and call it in-process (Request in, Response out) with the
// sandbox as its UPSTREAM binding (in-process.ts); workerd.test.ts and deploy.test.ts prove the real runtime
// (wrangler's unstable_startWorker over loopback HTTP) and `wrangler deploy --dry-run`. The worker imports the
// built package: `npm run build` first.
export default defineProject({
  test: {
    name: 'worker',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // The workerd files start real runtimes; two cores do not run several at once reliably.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
