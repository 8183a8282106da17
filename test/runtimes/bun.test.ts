import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { BUN, runChecks, versionOf } from './child.js';
import { expectChecksPassed } from './expectations.js';
import { type LoopbackServer, startServer } from './server.js';

const app = inject('runtimesApp');
const apiKey = `sk_runtime_${randomUUID()}`;
let server: LoopbackServer;

beforeAll(async () => {
  server = await startServer(apiKey);
});
afterAll(() => server?.close());

describe('Bun (npm package bun)', () => {
  for (const [entry, label, resolved] of [
    ['esm.mjs', 'bun-esm', `file://${app}/node_modules/checkout-lookup/dist/index.js`],
    ['cjs.cjs', 'bun-cjs', `${app}/node_modules/checkout-lookup/dist/index.cjs`],
  ] as const) {
    test(`runs ${entry === 'esm.mjs' ? 'an ESM import' : 'a CommonJS require'} of the package over a real socket`, async () => {
      const from = server.seen.length;
      // --no-install: the package comes from node_modules, never from Bun's auto-install.
      const facts = await runChecks(BUN, ['--no-install', entry], {
        cwd: app,
        config: { baseUrl: server.url, apiKey, deadUrl: server.deadUrl, label },
      });
      expectChecksPassed(facts, server.seen.slice(from), label);
      expect(facts['runtime']).toMatchObject({ bun: versionOf(BUN, /^(\d+\.\d+\.\d+)/), deno: null });
      expect(facts['resolved']).toBe(resolved);
    });
  }
});
