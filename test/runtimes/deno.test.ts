import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DENO, versionOf } from '../shared/run.js';
import { checkConfig, runChecks } from './checks.js';
import { expectChecksPassed } from './expectations.js';
import { type Service, startService } from './service.js';

const { app } = inject('packed');
let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.close());

describe('Deno (npm package deno)', () => {
  test('imports the package from node_modules and looks up over a real socket, with only loopback net access', async () => {
    const from = service.sandbox.log.length;
    const label = 'deno-esm';
    const args = [
      'run',
      '--no-prompt',
      '--no-lock',
      '--node-modules-dir=manual',
      '--allow-net=127.0.0.1',
      `--allow-read=${app}`,
      '--allow-env=CHECKOUT_LOOKUP_RUNTIME_CHECK',
      'esm.mjs',
    ];
    const facts = await runChecks(DENO, args, {
      cwd: app,
      config: checkConfig(service, label),
      // Deno's cache in the throwaway project, not in the home directory.
      env: { DENO_DIR: join(app, '.deno'), DENO_NO_UPDATE_CHECK: '1' },
    });
    expectChecksPassed(facts, service, from, label);
    expect(facts.runtime).toMatchObject({ deno: versionOf(DENO, /^deno (\d+\.\d+\.\d+)/), bun: null });
    expect(facts.resolved).toBe(`file://${app}/node_modules/checkout-lookup/dist/index.js`);
  });
});
