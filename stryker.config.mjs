// Stryker mutates the SDK's source (src/ without the sandbox in src/testing) and runs the unit vitest project against
// every mutant, only the tests that cover it (coverageAnalysis 'perTest'). The run fails under 100 % killed: every
// mutant is killed, or disabled in place with `// Stryker disable next-line <mutator>: <why>` when it changes nothing
// observable.
//
// `npm run test:mutation` is incremental: it reads test/mutation/stryker-incremental.json (kept in git), reuses the
// result of every mutant whose code and covering tests are unchanged, tests only the others, scores the whole, and
// writes the file back. `npm run test:mutation:full` (`--force`) tests every mutant and rewrites the file: run it, and
// commit the file, after a change to src/ or test/unit/. Reports land in reports/mutation/ (git-ignored).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'test/unit/vitest.config.ts' },
  mutate: ['src/**/*.ts', '!src/testing/**'],
  coverageAnalysis: 'perTest',
  thresholds: { high: 100, low: 99, break: 100 },
  // Only what the unit tests read: a build or a bench run changing dist/ meanwhile cannot break the copy.
  ignorePatterns: ['dist', 'test-output', '.wrangler', 'reports'],
  incremental: true,
  incrementalFile: 'test/mutation/stryker-incremental.json',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'reports/.stryker-tmp',
  cleanTempDir: 'always',
};
