import { defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// The SDK's rules with an injected fetch. The type tests (types.test-d.ts) are checked by `npm run typecheck`
// (test/tsconfig.json), not again here.
export default defineProject({
  test: {
    name: 'unit',
    maxWorkers: MAX_WORKERS,
    // One worker process runs many files (no fresh module graph per file): each file restores what it stubs, fakes or
    // listens to. browser-guard.test.ts (happy-dom) still gets a worker of its own: vitest never shares one across
    // environments. Under Stryker (its worker processes carry STRYKER_MUTATOR_WORKER) every run stays isolated, so a
    // mutant in code that runs once at import is loaded afresh, as its vitest runner promises.
    isolate: process.env.STRYKER_MUTATOR_WORKER !== undefined,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
  },
});
