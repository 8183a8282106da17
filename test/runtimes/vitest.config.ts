import { defineProject } from 'vitest/config';

// The BUILT package, packed and installed as a user installs it (global-setup.ts), run for real in Node 20,
// Node 24 (ESM and CommonJS), Bun, Deno, workerd and a happy-dom window against a loopback server.
// Each runtime is a child process with its own deadline; `npm run build` must have run first.
export default defineProject({
  test: {
    name: 'runtimes',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Above the children's own 45 s deadline, so a hang shows as that deadline's message with the output.
    testTimeout: 60_000,
    // npm pack + npm install (valibot from the registry) in the global setup.
    hookTimeout: 180_000,
  },
});
