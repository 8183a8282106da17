import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { configDefaults, defineProject } from 'vitest/config';
import { MAX_WORKERS } from '../shared/workers.js';

// MSW inside the Workers vitest integration: the tests run in workerd, a Worker calls the global `fetch`, and
// MSW's network API (`defineNetwork` with its FetchInterceptor; msw/node's `setupServer` cannot load in workerd)
// answers it with the sandbox's handlers. Imports the built package: `npm run build` first. docs/testing.md's
// "Testing a Worker" examples run as written from guide-examples.test.ts; the global setup writes them when this
// project runs, never when a config merely loads.
export default defineProject({
  plugins: [
    cloudflareTest({
      miniflare: { compatibilityDate: '2026-11-01', compatibilityFlags: ['nodejs_compat'] },
    }),
  ],
  test: {
    name: 'msw-workers',
    maxWorkers: MAX_WORKERS,
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'docs-examples/**'],
    globalSetup: ['./global-setup.ts'],
  },
});
