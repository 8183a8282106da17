import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, launch, stayOnLoopback } from './browser.js';
import { freePort, portIsFree } from './ports.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const available = chromiumAvailable();

// `npm start` itself, the project's main job: the printed link must open a working order page, and Ctrl-C must
// stop the worker and the sandbox. Its settings go to a temporary file, so a developer's .dev.vars is untouched.
describe.skipIf(!available)('npm start', () => {
  let directory: string;
  let child: ChildProcess;
  let output = '';
  let browser: Browser;
  let ports: { worker: number; sandbox: number; inspector: number };

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'checkout-lookup-start-'));
    ports = { worker: await freePort(), sandbox: await freePort(), inspector: await freePort() };
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(ports.worker),
        SANDBOX_PORT: String(ports.sandbox),
        INSPECTOR_PORT: String(ports.inspector),
        DEV_VARS_FILE: join(directory, 'dev.vars'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    browser = await launch();
  });
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await browser?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  test('prints a sign-in link that opens the order page of ord_ada_1', async () => {
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /(http:\/\/localhost:\d+\/sign-in\?\S+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`npm start exited early:\n${output}`));
        }
      }, 100);
    });
    expect(new URL(link).port).toBe(String(ports.worker));
    // The debugger's port is the one set, not wrangler's pick, and it answers.
    expect(output).toContain(`chrome://inspect with the target 127.0.0.1:${ports.inspector}`);
    expect((await fetch(`http://127.0.0.1:${ports.inspector}/json`)).status).toBe(200);
    // The sandbox runs in npm start's own process, through the package's API (createSandbox + serveSandbox), on
    // the address of .dev.vars: not the CLI, whose banner nothing reads any more.
    expect(output).toContain(`[start] sandbox (the checkout service stand-in) on http://127.0.0.1:${ports.sandbox}`);
    expect(output).not.toContain('Checkout service sandbox on');

    // The generated settings: random secrets, the sandbox on loopback.
    const vars = readFileSync(join(directory, 'dev.vars'), 'utf8');
    expect(vars).toContain(`API_BASE_URL="http://127.0.0.1:${ports.sandbox}"`);
    expect(vars).toMatch(/API_KEY="[A-Za-z0-9_-]{32}"/);
    expect(vars).toMatch(/AUTH_SECRET="[A-Za-z0-9_-]{43}"/);
    // The output never shows them.
    for (const line of vars.split('\n')) {
      const value = /^(?:API_KEY|AUTH_SECRET)="(.+)"$/.exec(line)?.[1];
      if (value) expect(output).not.toContain(value);
    }

    const context = await browser.newContext({ locale: 'en-US' });
    await stayOnLoopback(context);
    const page = await context.newPage();
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    // The link shows the worker's Continue page; its button signs in (no sign-in without a click).
    // The Continue page's script took the token out of the address bar (and its history entry) at once.
    expect(page.url()).toBe(new URL('/sign-in', link).href);
    await Promise.all([page.waitForURL(/\/orders\/ord_ada_1$/), page.getByRole('button', { name: 'Continue' }).click()]);
    expect(await page.locator('h1').innerText()).toBe('Your order');
    // The order replaced the Continue page: Back leaves to where the customer came from, never to the link.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    expect(page.url()).toMatch(/\/orders\/ord_ada_1$/);
    expect(await page.locator('main').innerText()).toContain('ADA-2026-0042');
    expect(await page.locator('tbody tr').count()).toBe(2);
    // The printed open checkout is open for the demo (its seeded `expire` has passed): not paid yet, never expired.
    expect((await page.goto(new URL('/sessions/cs_open_ada', link).href))?.status()).toBe(200);
    const checkout = await page.locator('main').innerText();
    expect(checkout).toContain('Not paid yet');
    expect(checkout).not.toContain('expired');
    await context.close();
    // The sandbox's request log, through serveSandbox's `log` option: the worker's lookup of the order.
    expect(output).toMatch(/^\[sandbox\] \d{4}-\d\d-\d\dT\S+Z GET \/api\/order\/ord_ada_1 -> 200 \(x-request-id req_[0-9a-f]{24}\)$/m);
  });

  // Before the README's commands, whose last signs out on every device: the printed token is refused after it.
  test('says that a link opens a Continue page, and the curl commands it prints sign in and read the order as printed', async () => {
    expect(output).toMatch(/Each link opens the worker's Continue page in a browser; its Continue button signs in/);
    // The commands as printed, the token's assignment included: from `TOKEN=` to the line before the JSON route's.
    const printed = /^( {2}TOKEN=\S+\n[\s\S]*?)^ {2}The JSON routes need no sign-in: (curl .+)$/m.exec(output);
    expect(printed, output).not.toBeNull();
    const [, signIn, json] = printed!;
    expect(signIn).toContain(`http://localhost:${ports.worker}/sign-in`);
    const jar = mkdtempSync(join(tmpdir(), 'checkout-lookup-printed-curl-'));
    try {
      const shell = (script: string) => promisify(execFile)('bash', ['-e', '-c', script], { cwd: jar, timeout: 30_000 });
      const { stdout } = await shell(signIn!);
      expect(stdout).toContain('<dd>ADA-2026-0042</dd>');
      expect(stdout).toMatch(/<h1[^>]*>Your order<\/h1>/);
      expect(readFileSync(join(jar, 'cookies.txt'), 'utf8')).toMatch(/__Host-/);
      // The JSON route's command, after the sign-in's, in the same shell: TOKEN is the one assigned above.
      const answer: unknown = JSON.parse((await shell(`${/^ {2}(TOKEN=\S+)$/m.exec(signIn!)![1]}\n${json}`)).stdout);
      expect(answer).toMatchObject({ data: { orderId: 'ord_ada_1' } });
    } finally {
      rmSync(jar, { recursive: true, force: true });
    }
  });

  test("worker/README.md's curl sign-in works as written, with the token npm start prints", async () => {
    const token = /^ {2}TOKEN=(\S+)$/m.exec(output)?.[1];
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const readme = readFileSync(join(ROOT, 'worker/README.md'), 'utf8');
    const commands = /<!-- curl-sign-in -->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(commands).toContain('curl');
    // As written, but for the port: this test's worker listens on a free one instead of 8787.
    const script = commands!.replaceAll('localhost:8787', `localhost:${ports.worker}`);
    const jar = mkdtempSync(join(tmpdir(), 'checkout-lookup-curl-'));
    try {
      // Each command's output, in order: the sign-in's empty 303, the order page, the signed-out page.
      const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script], {
        cwd: jar,
        env: { ...process.env, TOKEN: token },
        timeout: 30_000,
      });
      expect(stdout).toContain('<dd>ADA-2026-0042</dd>');
      expect(stdout).toContain('Signed out');
      expect(readFileSync(join(jar, 'cookies.txt'), 'utf8')).not.toContain('eyJ');
    } finally {
      rmSync(jar, { recursive: true, force: true });
    }
  });

  test('Ctrl-C stops the worker and the sandbox', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await portIsFree(ports.worker)).toBe(true);
    expect(await portIsFree(ports.sandbox)).toBe(true);
    expect(await portIsFree(ports.inspector)).toBe(true);
  });
});
