import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { NODE_24, versionOf } from '../shared/run.js';
import { checkConfig, runChecks } from './checks.js';
import { expectChecksPassed } from './expectations.js';
import { type Service, startService } from './service.js';

const { app, node20 } = inject('packed');
let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.close());

async function check(node: string, entry: 'esm.mjs' | 'cjs.cjs', label: string) {
  const from = service.sandbox.log.length;
  const facts = await runChecks(node, [entry], { cwd: app, config: checkConfig(service, label) });
  expectChecksPassed(facts, service, from, label);
  return facts;
}

// Node 20 is the oldest the package supports (engines ">=20.3", for AbortSignal.any); where it comes from: knownNode20 in test/shared/run.ts.
describe.each([
  { name: `Node 20 (${node20})`, node: node20, major: '20' },
  { name: 'Node 24 (npm package node@24)', node: NODE_24, major: '24' },
])('$name', ({ node, major }) => {
  test('is the Node it says', () => {
    expect(versionOf(node, /^v(\d+)\./)).toBe(major);
  });

  test('imports the package as ESM and looks up over a real socket', async () => {
    const facts = await check(node, 'esm.mjs', `node${major}-esm`);
    expect(facts.runtime).toMatchObject({ node: expect.stringMatching(new RegExp(`^${major}\\.`)), bun: null, deno: null });
    expect(facts.resolved).toBe(`file://${app}/node_modules/checkout-lookup/dist/index.js`);
  });

  test('requires the package as CommonJS and looks up over a real socket', async () => {
    const facts = await check(node, 'cjs.cjs', `node${major}-cjs`);
    expect(facts.runtime).toMatchObject({ node: expect.stringMatching(new RegExp(`^${major}\\.`)) });
    expect(facts.resolved).toBe(`${app}/node_modules/checkout-lookup/dist/index.cjs`);
  });
});
