import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// Real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) against the worker in workerd
// and the sandbox, all on loopback. Screenshots go to test-output/ (git-ignored).
export default defineProject({
  test: {
    name: 'e2e',
    maxWorkers: MAX_WORKERS,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // One worker process runs many files, one after another (wrangler and playwright-core are loaded once, not per
    // file): each file closes its browser connection, contexts, stacks and children, and stubs no global.
    isolate: false,
    globalSetup: ['../worker/global-setup.ts', './browser-server.ts'],
    // One Chromium for the run (browser-server.ts), each file in contexts of its own; every file starts its own worker
    // and sandbox on ports the system picks, so files run side by side with each other and with the other projects'
    // files. page-states.test.ts runs its four languages as concurrent tests, all at once: one language's waits
    // (navigation, images) overlap another's axe run. order-page.test.ts and sign-in-link-history.test.ts run their tests
    // side by side too, so the tests that wait on a page's timers wait beside the others.
    maxConcurrency: 4,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
