import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

const ROOT = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);

describe('Env', () => {
  test('worker/worker-configuration.d.ts is what `wrangler types` makes of wrangler.toml today (`npm run types:worker`)', async () => {
    const args = pkg.scripts['types:worker'].split(' ').slice(1);
    expect(args[0]).toBe('types');
    const { stdout } = await run(process.execPath, [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), ...args, '--check'], {
      cwd: ROOT,
      timeout: 60_000,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    });
    expect(stdout).toContain('up to date');
  });
});
