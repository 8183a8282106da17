import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DENO, runChecks, versionOf } from './child.js';
import { expectChecksPassed } from './expectations.js';
import { type LoopbackServer, startServer } from './server.js';

const app = inject('runtimesApp');
const apiKey = `sk_runtime_${randomUUID()}`;
let server: LoopbackServer;

beforeAll(async () => {
  server = await startServer(apiKey);
});
afterAll(() => server?.close());

describe('Deno (npm package deno)', () => {
  test('imports the package from node_modules and looks up over a real socket, with only loopback net access', async () => {
    const from = server.seen.length;
    const label = 'deno-esm';
    const facts = await runChecks(
      DENO,
      [
        'run',
        '--no-prompt',
        '--no-lock',
        '--node-modules-dir=manual',
        '--allow-net=127.0.0.1',
        `--allow-read=${app}`,
        '--allow-env=CHECKOUT_LOOKUP_RUNTIME_CHECK',
        'esm.mjs',
      ],
      {
        cwd: app,
        config: { baseUrl: server.url, apiKey, deadUrl: server.deadUrl, label },
        // Deno's cache in the throwaway project, not in the home directory.
        env: { DENO_DIR: join(app, '.deno'), DENO_NO_UPDATE_CHECK: '1' },
      },
    );
    expectChecksPassed(facts, server.seen.slice(from), label);
    expect(facts['runtime']).toMatchObject({ deno: versionOf(DENO, /^deno (\d+\.\d+\.\d+)/), bun: null });
    expect(facts['resolved']).toBe(`file://${app}/node_modules/checkout-lookup/dist/index.js`);
  });
});
