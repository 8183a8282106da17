import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { NODE_24, run } from '../shared/run.js';
import { checkConfig, type Facts, marked } from './checks.js';
import { expectChecksPassed } from './expectations.js';
import { type Service, startService } from './service.js';

const { app } = inject('packed');
let service: Service;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service?.close());

describe('Cloudflare workerd (wrangler bundles the worker, Miniflare runs it)', () => {
  test('a Worker importing the package looks up over a real socket', async () => {
    const from = service.sandbox.log.length;
    const label = 'workerd';
    const { baseUrl, apiKey, deadUrl } = checkConfig(service, label);
    const result = await run(NODE_24, [join(import.meta.dirname, '../shared/workerd-runner.mjs'), 'worker.mjs', '/'], {
      cwd: app,
      env: { API_KEY: apiKey, WORKER_VARS: JSON.stringify({ API_BASE_URL: baseUrl, DEAD_URL: deadUrl, LABEL: label }) },
      secrets: [apiKey],
    });
    expect(result.code, result.report).toBe(0);
    const [answer] = marked(result.stdout, 'WORKERD-RESULT ', result.report) as [{ status: number; body: string }];
    expect(answer.status, answer.body).toBe(200);
    const facts = JSON.parse(answer.body) as Facts;
    expectChecksPassed(facts, service, from, label);
    expect(facts.runtime).toEqual({ node: null, bun: null, deno: null, userAgent: 'Cloudflare-Workers', window: false });
  });
});
