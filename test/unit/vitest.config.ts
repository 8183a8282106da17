import { defineProject } from 'vitest/config';

// The SDK's rules with an injected fetch. The type tests (types.test-d.ts) are checked by `npm run typecheck`
// (test/tsconfig.json), not again here.
export default defineProject({
  test: {
    name: 'unit',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
  },
});
