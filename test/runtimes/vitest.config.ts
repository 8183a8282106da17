import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The BUILT package, packed from a clean clone and installed as a user installs it (test/shared/packed.ts), run
// for real in Node 20 and 24 (ESM and CommonJS), Bun, Deno, workerd and a happy-dom window against the shipped
// sandbox (`serveSandbox` and its faults) on loopback. Each runtime is a child process with its own deadline.
export default defineProject({
  test: {
    name: 'runtimes',
    maxWorkers: MAX_WORKERS,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // One worker process runs many files: each runtime is a child process the file starts and ends, and no file stubs
    // a global.
    isolate: false,
    globalSetup: ['./global-setup.ts'],
    // Above the children's own 45 s deadline, so a hang shows as that deadline's message with the output.
    testTimeout: 60_000,
  },
});
