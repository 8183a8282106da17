import { defineProject } from 'vitest/config';

// Real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) against the worker in workerd
// and the sandbox, all on loopback. Screenshots go to test-output/ (git-ignored).
export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../worker/global-setup.ts'],
    fileParallelism: false,
    // page-states.test.ts runs its four languages as concurrent tests: two at a time keeps both cores busy.
    maxConcurrency: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
