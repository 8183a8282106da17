#!/usr/bin/env node
// `node scripts/test-summary.mjs`: the closing count of a test run, from vitest's JSON report that `npm test` writes
// (test-output/vitest.json), as one line: `vitest: N passed, N failed, N skipped`. Exits 1 when the report counts
// no test or a failed one, so a run that tested nothing cannot pass.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const report = JSON.parse(readFileSync(resolve(import.meta.dirname, '../test-output/vitest.json'), 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
process.stdout.write(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped\n`);
if (report.numTotalTests === 0 || report.numFailedTests > 0) process.exit(1);
