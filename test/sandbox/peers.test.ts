import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildIfStale } from './bin.js';

// The built package in a project of its own, as npm installs it (package.json and dist/), with valibot but
// without the optional peers: importing a subpath whose peer is missing names the package and the install command.
const ROOT = resolve(import.meta.dirname, '../..');
const project = mkdtempSync(join(tmpdir(), 'sandbox-peers-'));
const modules = join(project, 'node_modules');
const RUNTIMES = { node: process.execPath, bun: join(ROOT, 'node_modules/.bin/bun') };
const MESSAGES = {
  node: 'checkout-lookup/testing/node needs @hono/node-server, an optional peer dependency that is not installed. Install it with: npm install --save-dev @hono/node-server',
  msw: 'checkout-lookup/testing/msw needs msw, an optional peer dependency that is not installed. Install it with: npm install --save-dev msw',
};

beforeAll(() => {
  buildIfStale();
  mkdirSync(join(modules, 'checkout-lookup'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(modules, 'checkout-lookup/package.json'));
  cpSync(join(ROOT, 'dist'), join(modules, 'checkout-lookup/dist'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/valibot'), join(modules, 'valibot'), 'dir');
  writeFileSync(join(project, 'package.json'), '{ "name": "peers-probe", "private": true }');
  // Each probe prints what the import gave: the exported function's type, or the error's message.
  for (const subpath of ['node', 'msw']) {
    const name = subpath === 'node' ? 'serveSandbox' : 'sandboxHandlers';
    writeFileSync(
      join(project, `${subpath}.mjs`),
      `import('checkout-lookup/testing/${subpath}').then((m) => console.log(typeof m.${name}), (e) => console.log(e.message));\n`,
    );
    writeFileSync(
      join(project, `${subpath}.cjs`),
      `try { console.log(typeof require('checkout-lookup/testing/${subpath}').${name}); } catch (e) { console.log(e.message); }\n`,
    );
  }
}, 120_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

function probe(runtime: keyof typeof RUNTIMES, file: string): string {
  const run = spawnSync(RUNTIMES[runtime], [file], { cwd: project, encoding: 'utf8', timeout: 30_000 });
  return `${run.stdout}${run.stderr}`.trim();
}

describe('optional peers that are not installed', { timeout: 60_000 }, () => {
  test.each([
    ['node', 'node.mjs'],
    ['node', 'node.cjs'],
    ['bun', 'node.mjs'],
    ['bun', 'node.cjs'],
  ] as const)('%s, %s: checkout-lookup/testing/node names @hono/node-server and how to install it', (runtime, file) => {
    expect(probe(runtime, file)).toBe(MESSAGES.node);
  });

  test.each([
    ['node', 'msw.mjs'],
    ['node', 'msw.cjs'],
    ['bun', 'msw.mjs'],
    ['bun', 'msw.cjs'],
  ] as const)('%s, %s: checkout-lookup/testing/msw names msw and how to install it', (runtime, file) => {
    expect(probe(runtime, file)).toBe(MESSAGES.msw);
  });

  test('with the peers installed, the same probes load both subpaths', () => {
    for (const peer of ['@hono/node-server', 'hono', 'msw']) {
      mkdirSync(join(modules, peer, '..'), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', peer), join(modules, peer), 'dir');
    }
    for (const runtime of ['node', 'bun'] as const) {
      expect([probe(runtime, 'node.mjs'), probe(runtime, 'node.cjs'), probe(runtime, 'msw.mjs')]).toEqual(['function', 'function', 'function']);
    }
  });
});
