import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The SDK's rules with an injected fetch. The type tests (types.test-d.ts) are checked by `npm run typecheck`
// (test/tsconfig.json), not again here.
export default defineProject({
  test: {
    name: 'unit',
    maxWorkers: MAX_WORKERS,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
  },
});
