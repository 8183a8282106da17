import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { deployProblem } from '../../scripts/deploy.mjs';
import { readSettings } from '../../worker/settings.js';

// Without the checkout service's address every route answers 500: a deploy, and its dry run, refuse the settings
// before wrangler builds or uploads anything, and say which setting to set and where.

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
      env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
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
    const { code, output } = await runScript('deploy:dry-run', ['--var', 'API_BASE_URL:https://checkout.example.com']);
    expect(code, output).toBe(0);
    expect(output).toContain('--dry-run: exiting now');
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
