// `npm run test:mutation`: Stryker mutates the SDK's source (src/ without the sandbox in src/testing) and runs the
// unit vitest project against every mutant; the run fails under 95 % killed. Reports land in
// reports/mutation/ (git-ignored).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'test/unit/vitest.config.ts' },
  mutate: ['src/**/*.ts', '!src/testing/**'],
  thresholds: { high: 98, low: 95, break: 95 },
  // Only what the unit tests read: a build or a bench run changing dist/ meanwhile cannot break the copy.
  ignorePatterns: ['dist', 'test-output', '.wrangler', 'reports'],
  incremental: false,
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'reports/.stryker-tmp',
  cleanTempDir: 'always',
};
