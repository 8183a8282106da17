import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The README's quickstarts (Cloudflare Workers, Deno, Bun, Node), read out of README.md and run as written in the
// real runtimes, in a temp project where the packed package is installed as a user installs it
// (test/shared/packed.ts), against the sandbox its documented `npx checkout-lookup-sandbox` starts there.
export default defineProject({
  test: {
    name: 'readme',
    maxWorkers: MAX_WORKERS,
    // One worker process runs many files (no fresh module graph per file): the files stub nothing and fake no timers;
    // the quickstarts run in child processes and temp projects of their own.
    isolate: false,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../shared/packed.ts'],
    // Above each child's own 45 s deadline, so a hang shows as that deadline's message with the output.
    testTimeout: 60_000,
  },
});
