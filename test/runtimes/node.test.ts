import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { NODE_24, runChecks, systemNode } from './child.js';
import { expectChecksPassed } from './expectations.js';
import { type LoopbackServer, startServer } from './server.js';

const app = inject('runtimesApp');
const apiKey = `sk_runtime_${randomUUID()}`;
let server: LoopbackServer;

beforeAll(async () => {
  server = await startServer(apiKey);
});
afterAll(() => server?.close());

async function check(node: string, entry: 'esm.mjs' | 'cjs.cjs', label: string) {
  const from = server.seen.length;
  const facts = await runChecks(node, [entry], {
    cwd: app,
    config: { baseUrl: server.url, apiKey, deadUrl: server.deadUrl, label },
  });
  expectChecksPassed(facts, server.seen.slice(from), label);
  return facts;
}

describe('Node 20 (the machine\'s own node)', () => {
  test('imports the package as ESM and looks up over a real socket', async () => {
    const node = systemNode();
    const facts = await check(node.path, 'esm.mjs', 'node20-esm');
    expect(facts['runtime']).toMatchObject({ node: node.version.slice(1), bun: null, deno: null });
    expect(facts['resolved']).toBe(`file://${app}/node_modules/checkout-lookup/dist/index.js`);
  });

  test('requires the package as CommonJS and looks up over a real socket', async () => {
    const node = systemNode();
    const facts = await check(node.path, 'cjs.cjs', 'node20-cjs');
    expect(facts['runtime']).toMatchObject({ node: node.version.slice(1) });
    expect(facts['resolved']).toBe(`${app}/node_modules/checkout-lookup/dist/index.cjs`);
  });
});

describe('Node 24 (npm package node@24)', () => {
  test('imports the package as ESM and looks up over a real socket', async () => {
    const facts = await check(NODE_24, 'esm.mjs', 'node24-esm');
    expect(facts['runtime']).toMatchObject({ node: expect.stringMatching(/^24\./), bun: null, deno: null });
    expect(facts['resolved']).toBe(`file://${app}/node_modules/checkout-lookup/dist/index.js`);
  });

  test('requires the package as CommonJS and looks up over a real socket', async () => {
    const facts = await check(NODE_24, 'cjs.cjs', 'node24-cjs');
    expect(facts['runtime']).toMatchObject({ node: expect.stringMatching(/^24\./) });
    expect(facts['resolved']).toBe(`${app}/node_modules/checkout-lookup/dist/index.cjs`);
  });
});
