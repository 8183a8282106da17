import { defineProject } from 'vitest/config';

// The tarball `npm pack` makes from a clean clone (test/shared/packed.ts): what a user downloads from npm.
export default defineProject({
  test: {
    name: 'package',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../shared/packed.ts'],
    testTimeout: 60_000,
  },
});
