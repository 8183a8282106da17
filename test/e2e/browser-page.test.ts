import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildIfStale, killAll, startBin } from '../sandbox/bin.js';
import { chromiumAvailable, launch } from './browser.js';

// docs/testing.md's "Load the package in a page": its index.html, as written, served by a plain static server from
// a project where the package is installed (node_modules/checkout-lookup is this checkout's build, valibot its
// dependency), against the sandbox started with the doc's flags. Chromium loads the bare `checkout-lookup` import
// through the page's import map, and the page shows what the doc says it shows.
const repoRoot = resolve(import.meta.dirname, '../..');
const HEADING = '### Load the package in a page';
const DOC = readFileSync(join(repoRoot, 'docs/testing.md'), 'utf8');
const guide = DOC.slice(DOC.indexOf(HEADING), DOC.indexOf('\n## ', DOC.indexOf(HEADING)));
/** The first block of `lang` in the section. */
const block = (lang: string) => new RegExp(`^\`\`\`${lang}\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(guide)?.[1];
const page = { code: block('html') };
const commands = { code: block('sh') };
const shows = /the page shows `([^`]+)`/.exec(guide)?.[1];
const available = chromiumAvailable();

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript' };

/** Any static server: the files under `root` by path, `index.html` for `/`, with the type their extension says. */
async function serveFolder(root: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    readFile(join(root, path === '/' ? 'index.html' : path)).then(
      (body) =>
        response.writeHead(200, { 'Content-Type': TYPES[extname(path === '/' ? 'index.html' : path)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.skipIf(!available)('docs/testing.md: a page that loads checkout-lookup through an import map', { timeout: 60_000 }, () => {
  let dir: string;
  let browser: Browser;
  let site: { origin: string; server: Server };

  beforeAll(async () => {
    buildIfStale();
    dir = await mkdtemp(join(tmpdir(), 'browser-page-'));
    await mkdir(join(dir, 'node_modules'));
    await symlink(repoRoot, join(dir, 'node_modules', 'checkout-lookup'), 'dir');
    await symlink(join(repoRoot, 'node_modules', 'valibot'), join(dir, 'node_modules', 'valibot'), 'dir');
    [site, browser] = await Promise.all([serveFolder(dir), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    killAll();
    site?.server.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the guide has the page, the commands that serve it, and what it shows', () => {
    expect(page.code).toContain('<script type="importmap">');
    expect(page.code).toContain("import { getOrder } from 'checkout-lookup';");
    expect(commands.code).toMatch(/^npx checkout-lookup-sandbox --key sk_sandbox_dev --cors http:\/\/localhost:5173$/m);
    expect(commands.code).toMatch(/^python3 -m http\.server 5173 --bind 127\.0\.0\.1\b/m);
    expect(shows).toBeDefined();
  });

  test('Chromium loads the page as written and shows the order', async () => {
    // The doc's sandbox command, on a free port and for this server's origin instead of localhost:5173.
    const documented = commands.code!.split('\n').find((line) => line.startsWith('npx checkout-lookup-sandbox'))!;
    const args = documented
      .split(/\s+/)
      .slice(2)
      .map((arg) => (arg === 'http://localhost:5173' ? site.origin : arg));
    const bin = startBin(['-p', '0', ...args], dir);
    const [, sandbox] = await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await writeFile(join(dir, 'index.html'), page.code!.replaceAll('http://127.0.0.1:8790', sandbox!));

    const context = await browser.newContext();
    const tab = await context.newPage();
    const problems: string[] = [];
    tab.on('pageerror', (error) => problems.push(error.message));
    // Every file the page loads is found (but the favicon the browser asks for by itself, which no folder here has).
    tab.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') problems.push(`${response.status()} ${response.url()}`);
    });
    await tab.goto(`${site.origin}/`);
    // Until the page shows what the doc says, or 20 s; then the assertion below shows what it has instead.
    await tab.waitForFunction((text) => document.getElementById('order')?.textContent === text, shows, { timeout: 20_000 }).catch(() => {});
    expect({ shown: await tab.textContent('#order'), problems }).toEqual({ shown: shows, problems: [] });
    await context.close();
    // The order came from the sandbox, through the page's preflight and GET.
    await bin.waitFor(/GET \/api\/order\/ord_ada_1 -> 200 /);
  });
});
