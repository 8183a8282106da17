import { defineProject } from 'vitest/config';

// The worker in real workerd (wrangler's unstable_startWorker: the same bundling and runtime as `wrangler dev`),
// driven over loopback HTTP from Node, against the sandbox served over loopback HTTP. Both sides run in the test
// process, so tests set sandbox faults directly. The worker imports the built package: `npm run build` first.
export default defineProject({
  test: {
    name: 'worker',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Each file starts its own workerd; two cores do not run several at once reliably.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
