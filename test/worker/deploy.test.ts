import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { deployProblem } from '../../scripts/deploy.mjs';
import { readSettings } from '../../worker/settings.js';
import { COMPILE_CACHE } from '../shared/compile-cache.js';

// `npm run deploy:dry-run` builds the worker's deploy bundle with `wrangler deploy --dry-run`. Without the checkout
// service's address every route answers 500: a deploy, and its dry run, refuse the settings before wrangler builds or
// uploads anything, and say which setting to set and where.

const ROOT = new URL('../../', import.meta.url).pathname;
const SCRATCH = join(ROOT, '.wrangler', 'deploy-check-test');
const run = promisify(execFile);

afterAll(() => rm(SCRATCH, { recursive: true, force: true }));

/** `npm run <name>` as package.json says, less its leading `npm run build &&` (the built package is not needed to refuse). */
async function runScript(name: string, extra: string[] = []) {
  const scripts = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const command = `${scripts[name]!.replace(/^npm run build && /, '')} ${extra.join(' ')}`;
  try {
    const { stdout, stderr } = await run('bash', ['-c', command], {
      cwd: ROOT,
      timeout: 120_000,
      env: {
        ...process.env,
        ...COMPILE_CACHE,
        PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        CI: 'true',
      },
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** wrangler.toml with API_BASE_URL set to `value`, in a scratch folder whose `main` points back at the worker. */
async function configWith(value: string): Promise<string> {
  await mkdir(SCRATCH, { recursive: true });
  const toml = (await readFile(join(ROOT, 'wrangler.toml'), 'utf8'))
    .replace(/^main = ".*"$/m, 'main = "../../worker/index.ts"')
    .replace(/^API_BASE_URL = ".*"$/m, `API_BASE_URL = ${JSON.stringify(value)}`);
  const file = join(SCRATCH, `wrangler-${Buffer.from(value).toString('hex')}.toml`);
  await writeFile(file, toml);
  return file;
}

/**
 * The dry run of the repository's wrangler.toml with the service's address given as wrangler's --var: its bundle in
 * `.wrangler/dry-run` (the script's --outdir) is the one `npm run deploy` would upload, so the bundle's checks read it
 * too rather than building it again. Started by the first test that needs it.
 */
let addressGiven: Promise<{ code: number; output: string }> | undefined;
const OUTDIR = join(ROOT, '.wrangler', 'dry-run');
function buildWithAddressGiven() {
  addressGiven ??= rm(OUTDIR, { recursive: true, force: true }).then(() =>
    runScript('deploy:dry-run', ['--var', 'API_BASE_URL:https://checkout.example.com']),
  );
  return addressGiven;
}

describe('npm run deploy:dry-run', () => {
  test('refuses the repository\'s wrangler.toml, whose API_BASE_URL is "", naming the setting and exiting 1', async () => {
    const { code, output } = await runScript('deploy:dry-run');
    expect(code).toBe(1);
    expect(output).toContain('API_BASE_URL');
    expect(output).toContain('every route would answer 500');
    expect(output).not.toContain('--dry-run: exiting now');
  });

  test.each(['checkout.example.com'])('refuses API_BASE_URL = %j', async (value) => {
    const { code, output } = await runScript('deploy:dry-run', ['--config', await configWith(value)]);
    expect(code).toBe(1);
    expect(output).toContain('API_BASE_URL');
    expect(output).not.toContain('--dry-run: exiting now');
  });

  test("builds with the service's address given as wrangler's --var, over the empty value in [vars]", { timeout: 120_000 }, async () => {
    const { code, output } = await buildWithAddressGiven();
    expect(code, output).toBe(0);
    expect(output).toContain('--dry-run: exiting now');
  });

  test('builds the worker into one module with Hono, the SDK, valibot and jose, and nothing of the sandbox', { timeout: 120_000 }, async () => {
    const { code, output } = await buildWithAddressGiven();
    expect(code, output).toBe(0);
    expect(output).toContain('--dry-run: exiting now.');
    const files = (await readdir(OUTDIR)).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(['index.js']);
    const bundle = await readFile(join(OUTDIR, 'index.js'));
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
    // worker/README.md states about 64 KiB gzipped (wrangler does not minify: Hono's sources with their comments are
    // about 16 KiB of it, the SDK, valibot and jose about 20 KiB, the pages in four languages most of the rest); a
    // bundle far above it means something unexpected came in.
    expect(gzip).toBeLessThan(72 * 1024);
  });

  test.each(['--var API_BASE_URL:', '--var=API_BASE_URL:checkout.example.com'])('refuses %s', async (flags) => {
    const { code, output } = await runScript('deploy:dry-run', flags.split(' '));
    expect(code).toBe(1);
    expect(output).toContain('API_BASE_URL');
    expect(output).toContain('--var');
    expect(output).not.toContain('--dry-run: exiting now');
  });

  test("builds with the service's address set", { timeout: 120_000 }, async () => {
    const { code, output } = await runScript('deploy:dry-run', ['--config', await configWith('https://checkout.example.com')]);
    expect(code, output).toBe(0);
    expect(output).toContain('--dry-run: exiting now');
  });
});

test('npm run deploy refuses it the same way, before wrangler uploads anything', async () => {
  const { code, output } = await runScript('deploy');
  expect(code).toBe(1);
  expect(output).toContain('every route would answer 500');
});

// The deploy check and the worker read API_BASE_URL by one rule: a deploy is refused exactly when the deployed worker
// would refuse the setting and answer 500.
test.each([
  '',
  '   ',
  'checkout.example.com',
  'ftp://checkout.example.com',
  'https://',
  'https://checkout.example.com',
  ' https://checkout.example.com/v1/ ',
  'http://127.0.0.1:8790',
  'https://checkout.example.com/#fragment',
  'https://checkout.example.com/?',
  'https://checkout.example.com/?version=1',
  'https://user:password@checkout.example.com',
])('the deploy check and the worker agree on API_BASE_URL = %j', (value) => {
  const worker = readSettings({ API_BASE_URL: value, API_KEY: 'key', AUTH_SECRET: 'x'.repeat(32) });
  expect(deployProblem({ API_BASE_URL: value }) === undefined).toBe('settings' in worker);
});
