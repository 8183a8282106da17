import { defineConfig } from 'vitest/config';

// Each test area owns its own config (environment, pool, setup): unit, sandbox, integration, package, readme,
// runtimes, worker (in-process), workerd, msw-workers, e2e. `vitest run` runs them all.
export default defineConfig({
  test: {
    projects: ['test/*/vitest.config.ts', 'test/worker/vitest.workerd.config.ts'],
  },
});
