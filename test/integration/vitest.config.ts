import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The built package (dist, through its exports map) against the sandbox on real loopback HTTP.
// Run `npm run build` first; `npm test` does.
export default defineProject({
  test: {
    name: 'integration',
    maxWorkers: MAX_WORKERS,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
