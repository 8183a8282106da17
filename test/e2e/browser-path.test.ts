import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildIfStale, killAll, startBin, type Bin } from '../sandbox/bin.js';
import { chromiumAvailable, launch, sdkForBrowsers } from './browser.js';

// The front-end dev path of docs/testing.md: a page on its own origin (a dev server's) calls the sandbox bin
// directly, with the SDK and the sandbox key (`dangerouslyAllowBrowser`, for a trusted page in development).
// By default (any origin) and with --cors <that origin> the preflight for X-API-KEY passes; with --no-cors, or --cors
// for another origin, the browser refuses the answer.
const KEY = 'sk_sandbox_browser_path';
const available = chromiumAvailable();

async function servePage(sdk: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === '/sdk.js') response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(sdk);
    else response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Dev server</title><h1>Shop in development</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

// Kept as text: it runs in the page, not in Node.
const IN_PAGE = `async ({ baseUrl, apiKey }) => {
  const sdk = await import('/sdk.js');
  try {
    const order = await sdk.getOrder('ord_ada_1', { baseUrl, apiKey, dangerouslyAllowBrowser: true, maxRetries: 0 });
    return { ok: true, orderId: order.orderId, amountTotal: order.amountTotal };
  } catch (error) {
    return { ok: false, name: error.name };
  }
}`;

describe.skipIf(!available)('a browser page on another origin calling the sandbox bin', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'browser-path-'));
  let browser: Browser;
  let devServer: { origin: string; server: Server };
  let stranger: { origin: string; server: Server };
  let open: { bin: Bin; url: string };
  let plain: { bin: Bin; url: string };
  let withCors: { bin: Bin; url: string };

  async function sandbox(args: string[]): Promise<{ bin: Bin; url: string }> {
    const bin = startBin(['-p', '0', ...args], dir, { SANDBOX_API_KEY: KEY });
    const [, url] = await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await bin.waitFor(/Ctrl-C stops/);
    return { bin, url: url! };
  }

  beforeAll(async () => {
    buildIfStale();
    const sdk = await sdkForBrowsers();
    [devServer, stranger] = await Promise.all([servePage(sdk), servePage(sdk)]);
    [open, plain, withCors, browser] = await Promise.all([sandbox([]), sandbox(['--no-cors']), sandbox(['--cors', devServer.origin]), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    killAll();
    devServer?.server.close();
    stranger?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function lookUp(origin: string, baseUrl: string): Promise<unknown> {
    // No request routing here (stayOnLoopback): with routing on, Playwright answers CORS preflights itself and the
    // sandbox would never see them. The page loads nothing but loopback, and the browser resolves no other host.
    const context = await browser.newContext();
    const page: Page = await context.newPage();
    await page.goto(`${origin}/`);
    const result = await page.evaluate(`(${IN_PAGE})(${JSON.stringify({ baseUrl, apiKey: KEY })})`);
    await context.close();
    return result;
  }

  test('by default, any origin: the preflight gets 204 with Access-Control-Allow-Origin: *, then the order arrives', async () => {
    expect(await lookUp(stranger.origin, open.url)).toEqual({ ok: true, orderId: 'ord_ada_1', amountTotal: 73.27 });
    await open.bin.waitFor(
      /OPTIONS \/api\/order\/ord_ada_1 -> 204 \(x-request-id req_[0-9a-f]{24}\)\n(?:.*\n)*.*GET \/api\/order\/ord_ada_1 -> 200 \(x-request-id req_[0-9a-f]{24}\)\n/,
    );
  });

  test('with --no-cors: the preflight for X-API-KEY gets no permission, so the request is never sent', async () => {
    expect(await lookUp(devServer.origin, plain.url)).toEqual({ ok: false, name: 'NetworkError' });
    await plain.bin.waitFor(/OPTIONS \/api\/order\/ord_ada_1 -> 405 \(x-request-id req_[0-9a-f]{24}\)\n/);
    expect(plain.bin.output()).not.toMatch(/GET \/api\/order\/ord_ada_1/);
  });

  test('with --cors <the page origin>: the preflight gets 204, then the order arrives', async () => {
    expect(await lookUp(devServer.origin, withCors.url)).toEqual({ ok: true, orderId: 'ord_ada_1', amountTotal: 73.27 });
    await withCors.bin.waitFor(
      /OPTIONS \/api\/order\/ord_ada_1 -> 204 \(x-request-id req_[0-9a-f]{24}\)\n(?:.*\n)*.*GET \/api\/order\/ord_ada_1 -> 200 \(x-request-id req_[0-9a-f]{24}\)\n/,
    );
  });

  test('with --cors for another origin: a page on this one is still refused', async () => {
    const before = withCors.bin.output().split('\n').length;
    expect(await lookUp(stranger.origin, withCors.url)).toEqual({ ok: false, name: 'NetworkError' });
    await withCors.bin.waitFor(/OPTIONS \/api\/order\/ord_ada_1 -> 405 \(x-request-id req_[0-9a-f]{24}\)\n/);
    const after = withCors.bin
      .output()
      .split('\n')
      .slice(before - 1)
      .join('\n');
    expect(after).not.toMatch(/GET \/api\/order\/ord_ada_1/);
  });
});
