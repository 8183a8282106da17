import { join } from 'node:path';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineProject } from 'vitest/config';
import { writeDocExamples } from '../sandbox/docs-examples.js';

// docs/testing.md's "Testing a Worker" examples run here as written, beside this project's own tests.
writeDocExamples(join(import.meta.dirname, 'docs-examples'), (code) => code.startsWith('// worker'));

// MSW inside the Workers vitest integration: the tests run in workerd, a Worker calls the global `fetch`, and
// MSW's network API (`defineNetwork` with its FetchInterceptor; msw/node's `setupServer` cannot load in workerd)
// answers it with the sandbox's handlers. Imports the built package: `npm run build` first.
export default defineProject({
  plugins: [
    cloudflareTest({
      miniflare: { compatibilityDate: '2026-11-01', compatibilityFlags: ['nodejs_compat'] },
    }),
  ],
  test: {
    name: 'msw-workers',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
  },
});
