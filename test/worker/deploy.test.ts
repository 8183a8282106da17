import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);
let outdir = '';

afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

describe('wrangler deploy --dry-run', () => {
  test('builds the worker into one module with Hono, the SDK, valibot and jose, and nothing of the sandbox', async () => {
    outdir = await mkdtemp(join(tmpdir(), 'checkout-lookup-deploy-'));
    const { stdout, stderr } = await run(
      process.execPath,
      [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', outdir],
      {
        cwd: ROOT,
        timeout: 120_000,
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' },
      },
    );
    expect(`${stdout}${stderr}`).toContain('--dry-run: exiting now.');
    const files = (await readdir(outdir)).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(['index.js']);
    const bundle = await readFile(join(outdir, 'index.js'));
    const text = bundle.toString('utf8');
    // The SDK, its validation and the JWT library are inside; the sandbox and Node-only code are not.
    expect(text).toContain('X-Timestamp');
    expect(text).toContain('looseObject');
    expect(text).toContain('jwtVerify');
    expect(text).toContain('secureHeaders');
    expect(text).not.toContain('createSandbox');
    expect(text).not.toContain('@hono/node-server');
    const gzip = gzipSync(bundle, { level: 9 }).byteLength;
    console.log(`deploy bundle: ${bundle.byteLength} B, ${gzip} B gzip`);
    // worker/README.md states about 60 KiB gzipped (wrangler does not minify: Hono's sources with their comments are
    // about 16 KiB of it, the SDK, valibot and jose about 20 KiB, the pages in four languages most of the rest); a
    // bundle far above it means something unexpected came in.
    expect(gzip).toBeLessThan(64 * 1024);
  });
});
