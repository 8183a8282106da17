import { defineProject } from 'vitest/config';

// The built package (dist, through its exports map) against the sandbox on real loopback HTTP.
// Run `npm run build` first; `npm test` does.
export default defineProject({
  test: {
    name: 'integration',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
