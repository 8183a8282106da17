import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { NODE_24, repoRoot, run } from '../shared/run.js';
import { shippedDocs } from './readme.js';

// One port story, decided once: the sandbox on 8790, the worker on 8787, the same in the CLI, the scripts and
// every document, all read from this checkout. (0 asks for a free port; 5173 (Vite's default) is a front-end dev
// server's origin in examples; 3000 is happy-dom's default page origin; 9229 is the worker's debugger, which npm start
// sets explicitly.)
const constants = readFileSync(join(repoRoot, 'scripts/dev-vars.mjs'), 'utf8');
const DOCUMENTS = [...shippedDocs(), 'worker/README.md', 'CONTRIBUTING.md', '.dev.vars.example', 'scripts/checkout-lookup.mjs', 'scripts/create.mjs'];

describe('ports', () => {
  test('the scripts default to the sandbox on 8790 and the worker on 8787', () => {
    expect(constants).toMatch(/^export const SANDBOX_PORT = 8790;$/m);
    expect(constants).toMatch(/^export const WORKER_PORT = 8787;$/m);
  });

  test('the sandbox CLI (the build of this checkout) says 8790 is its default', async () => {
    const result = await run(NODE_24, [join(repoRoot, 'dist/testing/cli.js'), '--help'], { cwd: repoRoot, secrets: [] });
    expect(result.code, result.report).toBe(0);
    expect(result.stdout).toContain('8790');
    expect(result.stdout).not.toMatch(/\b878[89]\b/);
  });

  test.each(DOCUMENTS)('%s names no other port', (file) => {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const ports = [...text.matchAll(/(?:127\.0\.0\.1|localhost):(\d+)|--port[ =](\d+)|-p (\d+)\b/g)].map((m) => Number(m[1] ?? m[2] ?? m[3]));
    for (const port of ports) expect([0, 3000, 5173, 8787, 8790, 9229], `${file} names port ${port}`).toContain(port);
  });
});
