import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

// What a user sees with console.log(error) in Node 24 and Bun: the built package, a real runtime, real output.
const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'checkout-lookup-print-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const key = `sk_test_${crypto.randomUUID().replaceAll('-', '')}`;
const script = join(work, 'print.mjs');
writeFileSync(
  script,
  `import { getOrder } from ${JSON.stringify(pathToFileURL(join(root, 'dist/index.js')).href)};
const fetch = async () => Response.json({ code: 503, msg: 'Service Unavailable', data: null }, { status: 503, headers: { 'retry-after': '7' } });
try {
  await getOrder('ord_123', { baseUrl: 'https://checkout.test/', apiKey: process.env.KEY, fetch, maxRetries: 0 });
} catch (error) {
  console.log(error);
}
`,
);

describe.each([
  ['Node 24', join(root, 'node_modules/.bin/node')],
  ['Bun', join(root, 'node_modules/.bin/bun')],
])('console.log of an ApiError in %s', (_, runtime) => {
  test('shows the message, a stack and every field, and not the key', { timeout: 60_000 }, () => {
    const output = execFileSync(runtime, [script], { encoding: 'utf8', env: { ...process.env, KEY: key, NO_COLOR: '1' } });
    expect(output).toMatch(/ApiError: GET \/api\/order\/ord_123: HTTP 503 \(code 503\) "Service Unavailable" after 1 attempt in \d+ ms\n/);
    expect(output).toMatch(/at lookup \(/);
    // Node quotes strings with ' and Bun with ".
    for (const field of [
      /method: (['"])GET\1/,
      /path: (['"])\/api\/order\/ord_123\1/,
      /attempts: 1\b/,
      /elapsedMs: \d+\b/,
      /status: 503\b/,
      /code: 503\b/,
      /retryAfter: 7000\b/,
    ]) {
      expect(output).toMatch(field);
    }
    expect(output).not.toContain(key);
  });
});
