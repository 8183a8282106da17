import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { NODE_24, runChecks } from './child.js';
import { expectChecksPassed } from './expectations.js';
import { type LoopbackServer, startServer } from './server.js';

const app = inject('runtimesApp');
const apiKey = `sk_runtime_${randomUUID()}`;
let server: LoopbackServer;

beforeAll(async () => {
  server = await startServer(apiKey);
});
afterAll(() => server?.close());

describe('Cloudflare workerd (wrangler bundles the worker, Miniflare runs it)', () => {
  test('a Worker importing the package looks up over a real socket', async () => {
    const from = server.seen.length;
    const label = 'workerd';
    const facts = await runChecks(NODE_24, [join(import.meta.dirname, 'workerd-runner.mjs'), 'worker.mjs'], {
      cwd: app,
      config: { baseUrl: server.url, apiKey, deadUrl: server.deadUrl, label },
    });
    expectChecksPassed(facts, server.seen.slice(from), label);
    expect(facts['runtime']).toEqual({ node: null, bun: null, deno: null, userAgent: 'Cloudflare-Workers', window: false });
  });
});
