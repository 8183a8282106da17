import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { COMPILE_CACHE } from '../shared/compile-cache.js';
import { deadAddress, NODE_24, run } from '../shared/run.js';

// `npx checkout-lookup create` from the packed tarball, as a user with nothing but npm would: scaffold, install (the
// tarball in place of the registry version, which does not exist yet; the other dependencies from the registry),
// its own `npm test`, `npm start`, sign in with the printed link and read the order page.
const { tarball, files, app, bin, node20 }: Packed = inject('packed');
const work = mkdtempSync(join(tmpdir(), 'checkout-lookup-create-'));
const project = join(work, 'my-worker');
// wrangler needs Node 22.12 or later: Node 24 first on PATH, for npm's scripts and the `checkout-lookup` bin.
const env = {
  ...COMPILE_CACHE,
  PATH: `${dirname(NODE_24)}:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_LOG_PATH: join(work, 'wrangler-logs'),
};
// `create` below goes through npx itself; the other calls start the bin npx would run (`bin`) directly: npx costs a
// second of CPU per call to find what is already installed.
let start: ChildProcess | undefined;
let output = '';

afterAll(async () => {
  if (start?.pid !== undefined && start.exitCode === null) {
    process.kill(-start.pid, 'SIGKILL');
  }
  rmSync(work, { recursive: true, force: true });
  // The project's node_modules (wrangler, vitest) takes a while to delete on a busy machine.
}, 60_000);

/** Whether `port` on 127.0.0.1 can be listened on again within 15 s. */
async function freed(port: number): Promise<boolean> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return true;
  }
  return false;
}

const devVars = () => readFileSync(join(project, '.dev.vars'), 'utf8');
const secretsOf = (text: string) => [...text.matchAll(/^(?:API_KEY|AUTH_SECRET)="(.+)"$/gm)].map((m) => m[1]!);

describe('npx checkout-lookup', () => {
  test('--help names the commands and docs inside the installed package, each of which exists, and the web page', async () => {
    const result = await run(bin, ['--help'], { cwd: app, env, secrets: [], timeoutMs: 60_000 });
    expect(result.code, result.report).toBe(0);
    expect(result.stdout).toMatch(/checkout-lookup create <folder>/);
    const paths = [...result.stdout.matchAll(/node_modules\/checkout-lookup\/\S+\.md/g)].map((m) => m[0]);
    expect(paths).toEqual(expect.arrayContaining(['node_modules/checkout-lookup/README.md', 'node_modules/checkout-lookup/worker/README.md']));
    for (const path of paths) expect(() => readFileSync(join(app, path)), path).not.toThrow();
    expect(result.stdout).toContain('https://github.com/checkout-lookup/checkout-lookup');
  });

  test('an unknown command exits 2 with the command it is close to, and the usage', async () => {
    const result = await run(bin, ['creat', 'x'], { cwd: app, env, secrets: [], timeoutMs: 60_000 });
    expect(result.code, result.report).toBe(2);
    expect(result.stderr).toContain('unknown command creat; did you mean create?');
    expect(result.stderr).toContain('Usage:');
  });
});

describe('npx checkout-lookup create my-worker', () => {
  test('writes the worker, package.json, wrangler.toml, tsconfig.json, vitest.config.ts, README.md, .gitignore, .dev.vars and .dev.vars.example', async () => {
    const result = await run('npx', ['checkout-lookup', 'create', project], { cwd: app, env, secrets: [], timeoutMs: 60_000 });
    expect(result.code, result.report).toBe(0);
    expect(result.stdout).toContain('npm install');

    type Manifest = { scripts: Record<string, string>; devDependencies: Record<string, string>; version: string };
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Manifest;
    const shipped = JSON.parse(readFileSync(join(app, 'node_modules/checkout-lookup/package.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({
      name: 'my-worker',
      private: true,
      type: 'module',
      scripts: { start: 'checkout-lookup start', test: 'vitest run' },
      dependencies: { 'checkout-lookup': `^${shipped.version}`, hono: shipped.devDependencies.hono },
      devDependencies: {
        wrangler: shipped.devDependencies.wrangler,
        '@cloudflare/vitest-plugin': shipped.devDependencies['@cloudflare/vitest-plugin'],
        '@cloudflare/workers-types': expect.any(String),
      },
    });
    // vitest held to the minor this repository tests with: patches only.
    expect(manifest.devDependencies.vitest).toBe(shipped.devDependencies.vitest!.replace(/^[\^~]?/, '~'));
    // Every file of the shipped worker/ but its README (the project has its own), whatever worker/ holds: its tests
    // in worker/test/ included.
    expect(files).toContain('worker/test/worker.test.ts');
    const template = files.filter((file) => file.startsWith('worker/') && file !== 'worker/README.md').sort();
    const written = readdirSync(join(project, 'worker'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(project, join(entry.parentPath, entry.name)))
      .sort();
    expect(written).toEqual(template);
    for (const file of template) {
      expect(readFileSync(join(project, file), 'utf8'), file).toBe(readFileSync(join(app, 'node_modules/checkout-lookup', file), 'utf8'));
    }
    expect(readFileSync(join(project, 'wrangler.toml'), 'utf8')).toMatch(/^name = "my-worker"$/m);
    expect(readFileSync(join(project, 'wrangler.toml'), 'utf8')).toMatch(/^main = "worker\/index.ts"$/m);
    expect(JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8'))).toEqual({ extends: './worker/tsconfig.json' });
    expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('npm start');
    // The project's README sends its reader to the shipped worker/README.md: each `npm run` of its Deploy steps is a
    // script here too (the other sections' are the repository's: its build, screenshots and bench).
    const guide = readFileSync(join(app, 'node_modules/checkout-lookup/worker/README.md'), 'utf8');
    const deploy = /^## Deploy\n([\s\S]*?)^## /m.exec(guide)?.[1] ?? '';
    const named = [...deploy.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named).toContain('deploy:dry-run');
    for (const script of named) expect(manifest.scripts, `npm run ${script}`).toHaveProperty([script]);
    expect(readFileSync(join(project, '.gitignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['.dev.vars', 'node_modules/']));
    expect(devVars()).toContain('API_BASE_URL="http://127.0.0.1:8790"');
    expect(devVars()).toMatch(/^API_KEY="[\w-]{32}"$/m);
    expect(devVars()).toMatch(/^AUTH_SECRET="[\w-]{43}"$/m);
    for (const secret of secretsOf(devVars())) expect(result.stdout).not.toContain(secret);
    // .dev.vars.example: every setting of wrangler.toml's [vars] and both secrets, with placeholders for the secrets.
    const example = readFileSync(join(project, '.dev.vars.example'), 'utf8');
    const vars = /^\[vars\]\n([\s\S]*?)^\[/m.exec(readFileSync(join(project, 'wrangler.toml'), 'utf8'))![1]!;
    const names = [...vars.matchAll(/^([A-Z_]+) = /gm)].map((m) => m[1]!);
    expect(names).toContain('SHOP_URL');
    for (const name of [...names, 'API_KEY', 'AUTH_SECRET']) expect(example, name).toMatch(new RegExp(`^(# )?${name}="`, 'm'));
    expect(secretsOf(example)).toEqual(['<the service API key>', '<at least 32 random characters>']);
    expect(readFileSync(join(project, '.gitignore'), 'utf8').split('\n')).not.toContain('.dev.vars.example');
  });

  test('refuses a folder that is not empty, and exits 1 saying so', async () => {
    const result = await run(bin, ['create', project], { cwd: app, env, secrets: [], timeoutMs: 60_000 });
    expect(result.code, result.report).toBe(1);
    expect(result.stderr).toMatch(/exists and is not empty/);
  });

  test('installs with the tarball in place of the registry version, and type-checks with the Workers types', { timeout: 300_000 }, async () => {
    const install = await run('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: project,
      env,
      secrets: secretsOf(devVars()),
      timeoutMs: 280_000,
    });
    expect(install.code, install.report).toBe(0);
    // worker/README.md's Deploy step 4, as written, in the project: with API_BASE_URL still empty, as the scaffold
    // writes it, every route would answer 500, so the dry run refuses before wrangler builds anything. It reads what
    // the type check reads and writes nothing, so the two run side by side.
    const [typecheck, refused] = await Promise.all([
      run('npm', ['run', 'typecheck'], { cwd: project, env, secrets: secretsOf(devVars()), timeoutMs: 120_000 }),
      run('npm', ['run', 'deploy:dry-run'], { cwd: project, env, secrets: secretsOf(devVars()), timeoutMs: 120_000 }),
    ]);
    expect(typecheck.code, typecheck.report).toBe(0);
    expect(refused.code, refused.report).toBe(1);
    expect(refused.stderr).toContain('API_BASE_URL');
    expect(refused.stderr).toContain('every route would answer 500');
    expect(refused.stdout).not.toMatch(/--dry-run: exiting now/);
    // With the address set as the README's production steps set it, the same command bundles the worker offline:
    // the last test of the production steps below runs it.
  });

  test("the project's own npm test passes inside workerd, with the vitest the plugin supports", { timeout: 180_000 }, async () => {
    // npm ls fails on a peer dependency out of range: the plugin's on vitest among them.
    const tree = await run('npm', ['ls', '@cloudflare/vitest-plugin', 'vitest'], { cwd: project, env, secrets: [], timeoutMs: 60_000 });
    expect(tree.code, tree.report).toBe(0);
    const result = await run('npm', ['test'], { cwd: project, env: { ...env, NO_COLOR: '1' }, secrets: secretsOf(devVars()), timeoutMs: 170_000 });
    expect(result.code, result.report).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+6 passed \(6\)/);
    // The plugin warns when it runs under a vitest it does not support.
    expect(result.stdout + result.stderr).not.toMatch(/only officially supports/);
    // A quiet run: the sign-in form is read as a form (workerd warns of a form's body read as text), and nothing says
    // the tests use .dev.vars, whose every setting the vitest config replaces.
    expect(result.stdout + result.stderr).not.toMatch(/Called \.text\(\) on an HTTP body/);
    expect(result.stdout + result.stderr).not.toMatch(/\.dev\.vars/);
  });

  test("the README's steps to production: its AUTH_SECRET command makes a secret, its wrangler.toml additions deploy", {
    timeout: 120_000,
  }, async () => {
    const guide = readFileSync(join(project, 'README.md'), 'utf8');
    for (const command of [
      'npx wrangler login',
      'npx wrangler secret put AUTH_SECRET',
      'npx wrangler secret put API_KEY',
      'npx wrangler kv namespace create SIGN_OUTS',
      'npx wrangler tail',
    ]) {
      expect(guide).toContain(command);
    }
    const make = /^\s*node -e "(.+)"$/m.exec(guide)![1]!;
    const made = await run(NODE_24, ['-e', make], { cwd: project, secrets: [], timeoutMs: 30_000 });
    expect(made.code, made.report).toBe(0);
    expect(made.stdout.trim()).toMatch(/^[\w-]{43}$/);

    // The TOML blocks as the README places them: the route's keys above the first table, the observability table at
    // the end, the namespace's id in its block, and the service's address of step 2, in wrangler.toml; its Deploy
    // step's `npm run deploy:dry-run`, as written, bundles the worker and checks the whole configuration offline.
    const tomlBlocks = [...guide.matchAll(/^( *)```toml\n([\s\S]*?)^\1```/gm)].map((m) => m[2]!.replace(new RegExp(`^${m[1]}`, 'gm'), ''));
    const [route, observability] = tomlBlocks;
    expect(route).toMatch(/custom_domain = true/);
    expect(observability).toMatch(/^redact_query_string = true$/m);
    const address = /set `API_BASE_URL` \(the checkout\s+service's address, e\.g\. `"([^"]+)"`/.exec(guide)![1]!;
    const toml = readFileSync(join(project, 'wrangler.toml'), 'utf8');
    const production = toml
      .replace(/^API_BASE_URL = ""$/m, `API_BASE_URL = "${address}"`)
      .replace('[secrets]', `${route}workers_dev = false\n\n[secrets]`)
      .replace('binding = "SIGN_OUTS"', 'binding = "SIGN_OUTS"\nid = "0123456789abcdef0123456789abcdef"')
      .concat(`\n${observability}`);
    expect(production).toContain(`API_BASE_URL = "${address}"`);
    writeFileSync(join(project, 'wrangler.toml'), production);
    const dryRun = await run('npm', ['run', 'deploy:dry-run'], { cwd: project, env, secrets: secretsOf(devVars()), timeoutMs: 110_000 }).finally(() =>
      writeFileSync(join(project, 'wrangler.toml'), toml),
    );
    expect(dryRun.code, dryRun.report).toBe(0);
    expect(dryRun.stdout).toMatch(/--dry-run: exiting now/);
    expect(dryRun.stdout + dryRun.stderr).not.toMatch(/warn|error/i);
  });

  test('on Node 20, npm start says that wrangler needs Node 22.12, and starts nothing', async () => {
    const result = await run(node20, [join(project, 'node_modules/.bin/checkout-lookup'), 'start'], { cwd: project, secrets: secretsOf(devVars()) });
    expect(result.code, result.report).toBe(1);
    expect(result.stdout).toMatch(/^\[start\] wrangler needs Node 22\.12 or later; this is Node 20\.\d+\.\d+$/m);
  });

  test("the README's `npx checkout-lookup start --help` lists npm start's settings, and starts nothing", async () => {
    expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('`npx checkout-lookup start --help`');
    const result = await run(join(project, 'node_modules/.bin/checkout-lookup'), ['start', '--help'], {
      cwd: project,
      env,
      secrets: secretsOf(devVars()),
    });
    expect(result.code, result.report).toBe(0);
    for (const setting of ['PORT=N', 'INSPECTOR_PORT=N', 'SANDBOX_PORT=N', 'API_BASE_URL in .dev.vars']) expect(result.stdout).toContain(setting);
  });

  test('npm start serves the signed-in order page against the sandbox, and Ctrl-C stops it', { timeout: 150_000 }, async () => {
    // Free ports here instead of the documented 8790 and 8787, which other tests on this machine may hold.
    const sandboxPort = new URL(await deadAddress()).port;
    const workerPort = new URL(await deadAddress()).port;
    const inspectorPort = new URL(await deadAddress()).port;
    writeFileSync(join(project, '.dev.vars'), devVars().replace('http://127.0.0.1:8790', `http://127.0.0.1:${sandboxPort}`));
    const secrets = secretsOf(devVars());
    start = spawn('npm', ['start'], {
      cwd: project,
      env: { ...process.env, ...env, PORT: workerPort, INSPECTOR_PORT: inspectorPort },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    start.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const hidden = () => secrets.reduce((text, secret) => text.split(secret).join('[secret]'), output);

    let link: string | undefined;
    for (const deadline = Date.now() + 120_000; link === undefined; await new Promise((resolve) => setTimeout(resolve, 100))) {
      link = /(http:\/\/localhost:\d+\/sign-in\?\S+next=%2Forders%2Ford_ada_1)/.exec(output)?.[1];
      if (start.exitCode !== null || Date.now() > deadline) throw new Error(`npm start printed no sign-in link:\n${hidden()}`);
    }
    expect(hidden()).toContain(`sandbox (the checkout service stand-in) on http://127.0.0.1:${sandboxPort}`);
    const origin = new URL(link).origin;
    expect(origin).toBe(`http://localhost:${workerPort}`);
    expect(hidden()).toContain(`chrome://inspect with the target 127.0.0.1:${inspectorPort}`);
    // What it prints for curl is the commands themselves, and every file it names is one this project has: none of
    // the repository's own (worker/README.md is in node_modules/checkout-lookup/ here).
    expect(hidden()).toContain(`--data-urlencode "token=$TOKEN" --data-urlencode 'next=/orders/ord_ada_1' ${origin}/sign-in`);
    const named = [...hidden().matchAll(/(?<![\w/:.-])((?:[\w.-]+\/)+[\w.-]+\.(?:md|ts|toml|json|mjs))(?![\w/])/g)].map((m) => m[1]!);
    for (const path of named) expect(existsSync(join(project, path)), `npm start's output names ${path}`).toBe(true);

    // The link keeps its token in a cookie and sends the browser on to the Continue page without it in the address;
    // that page's form posts back, which sets the session cookie.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const continuePage = await fetch(new URL(opened.headers.get('Location')!, link), {
      headers: { Cookie: opened.headers.get('Set-Cookie')!.split(';')[0]! },
    });
    expect(continuePage.status).toBe(200);
    const form = new URL(link).searchParams;
    const signIn = await fetch(`${origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: form.get('token')!, next: form.get('next')! }),
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('Location')).toBe('/orders/ord_ada_1');
    const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    const orderPage = await fetch(`${origin}/orders/ord_ada_1`, { headers: { Cookie: cookie, 'Accept-Language': 'en-US' } });
    expect(orderPage.status).toBe(200);
    const html = await orderPage.text();
    expect(html).toMatch(/<h1[^>]*>Your order<\/h1>/);
    // The number to quote is the merchant's reference, in the page's facts and its title.
    expect(html).toMatch(/<dd>ADA-2026-0042<\/dd>/);
    expect(html).toContain('<title>Order ADA-2026-0042</title>');
    // The sandbox served the lookup: the worker's request to it is in the output, the key is not.
    expect(output).toMatch(/^\[sandbox\] \S+Z GET \/api\/order\/ord_ada_1 -> 200 \(x-request-id req_[0-9a-f]{24}\)$/m);
    for (const secret of secrets) expect(output).not.toContain(secret);

    // A link minted as the README tells the shop to, run as written with this project's jose and AUTH_SECRET, signs in.
    const mintCode = /^( *)```ts\n([\s\S]*?)^\1```/m.exec(readFileSync(join(project, 'README.md'), 'utf8'))!;
    const snippet = mintCode[2]!.replace(new RegExp(`^${mintCode[1]}`, 'gm'), '');
    writeFileSync(join(project, 'mint.mjs'), `const customer = { id: 'cus_ada' };\nconst orderId = 'ord_ada_1';\n${snippet}console.log(link);\n`);
    const minted = await run(NODE_24, ['mint.mjs'], {
      cwd: project,
      env: { AUTH_SECRET: /^AUTH_SECRET="(.+)"$/m.exec(devVars())![1]! },
      secrets,
      timeoutMs: 30_000,
    });
    expect(minted.code, minted.report).toBe(0);
    const shopLink = new URL(minted.stdout.trim());
    expect(shopLink.pathname).toBe('/sign-in');
    const fromShop = await fetch(`${origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: shopLink.searchParams,
    });
    expect(fromShop.status).toBe(303);
    expect(fromShop.headers.get('Location')).toBe('/orders/ord_ada_1');

    const exited = new Promise<string>((resolve) => start!.once('exit', (code, signal) => resolve(`${code ?? signal}`)));
    process.kill(-start.pid!, 'SIGINT'); // Ctrl-C in the terminal reaches the whole group
    // npm itself ends by the signal; the script under it closes the sandbox and stops wrangler, freeing both ports.
    expect(await exited, hidden()).toMatch(/^(0|SIGINT)$/);
    for (const port of [sandboxPort, workerPort, inspectorPort]) expect(await freed(Number(port)), `port ${port} after Ctrl-C`).toBe(true);
    expect(output).not.toMatch(/stopped \(|did not answer/);
  });
});
