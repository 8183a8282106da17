import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { BUN, versionOf } from '../shared/run.js';
import { checkConfig, runChecks } from './checks.js';
import { expectChecksPassed } from './expectations.js';
import { type Service, startService } from './service.js';

const { app } = inject('packed');
let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.close());

describe('Bun (npm package bun)', () => {
  for (const [entry, label, resolved] of [
    ['esm.mjs', 'bun-esm', `file://${app}/node_modules/checkout-lookup/dist/index.js`],
    ['cjs.cjs', 'bun-cjs', `${app}/node_modules/checkout-lookup/dist/index.cjs`],
  ] as const) {
    test(`runs ${entry === 'esm.mjs' ? 'an ESM import' : 'a CommonJS require'} of the package over a real socket`, async () => {
      const from = service.sandbox.log.length;
      // --no-install: the package comes from node_modules, never from Bun's auto-install.
      const facts = await runChecks(BUN, ['--no-install', entry], { cwd: app, config: checkConfig(service, label) });
      expectChecksPassed(facts, service, from, label);
      expect(facts.runtime).toMatchObject({ bun: versionOf(BUN, /^(\d+\.\d+\.\d+)/), deno: null });
      expect(facts.resolved).toBe(resolved);
    });
  }
});
