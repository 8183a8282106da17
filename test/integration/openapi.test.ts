import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { getOrder, getSession, ValidationError } from 'checkout-lookup';
import { createSandbox, SANDBOX_ORDERS, SANDBOX_SESSIONS, type Sandbox } from 'checkout-lookup/testing';
import { type SandboxServer, serveSandbox } from 'checkout-lookup/testing/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// docs/openapi.json: generated from the SDK's valibot schemas by scripts/openapi.mjs. It must be what the sources
// give, accept every answer of the sandbox, and accept and refuse bodies as the SDK does.
const ROOT = resolve(import.meta.dirname, '../..');
const document = JSON.parse(readFileSync(resolve(ROOT, 'docs/openapi.json'), 'utf8')) as {
  openapi: string;
  info: { version: string };
  paths: Record<string, unknown>;
};
// OpenAPI 3.1's schemas are JSON Schema 2020-12. Non-strict: the document's own keys (openapi, paths…) are not
// schema keywords; only its component schemas are compiled, through their JSON pointers.
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(document, 'openapi.json');
const schema = (name: string): ValidateFunction => ajv.getSchema(`openapi.json#/components/schemas/${name}`)!;

let sandbox: Sandbox;
let server: SandboxServer;

beforeAll(async () => {
  sandbox = createSandbox();
  server = await serveSandbox(sandbox);
});
afterAll(() => server.close());

/** GET a path of the document with `{id}` filled in, as the SDK sends it; the status and JSON body. */
async function get(template: string, id: string, apiKey = sandbox.apiKey): Promise<{ status: number; body: unknown }> {
  expect(document.paths).toHaveProperty([template]);
  const url = `${server.url}${template.replace('{id}', encodeURIComponent(id))}`;
  const response = await fetch(url, { headers: { 'x-api-key': apiKey, 'x-timestamp': String(Date.now()), accept: 'application/json' } });
  return { status: response.status, body: await response.json() };
}

function expectValid(validate: ValidateFunction, body: unknown, what: string): void {
  const valid = validate(body);
  expect(valid ? [] : validate.errors, what).toEqual([]);
}

describe('docs/openapi.json', () => {
  test('is an OpenAPI 3.1 document of the package version, and what scripts/openapi.mjs makes of the sources now', async () => {
    const { version } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(version);
    expect(Object.keys(document.paths).sort()).toEqual(['/api/checkout/session/{id}', '/api/order/{id}']);
    const { stdout } = await promisify(execFile)(process.execPath, [resolve(ROOT, 'scripts/openapi.mjs'), '--check'], { cwd: ROOT });
    expect(stdout).toContain('docs/openapi.json is current');
  });

  test("accepts the sandbox's answer for every seeded order and checkout session", async () => {
    for (const { orderId } of SANDBOX_ORDERS) {
      const { status, body } = await get('/api/order/{id}', orderId);
      expect(status).toBe(200);
      expectValid(schema('OrderEnvelope'), body, orderId);
    }
    for (const { sessionId } of SANDBOX_SESSIONS) {
      const { status, body } = await get('/api/checkout/session/{id}', sessionId);
      expect(status).toBe(200);
      expectValid(schema('CheckoutSessionEnvelope'), body, sessionId);
    }
    expect(SANDBOX_ORDERS.length + SANDBOX_SESSIONS.length).toBeGreaterThan(2);
  });

  test("accepts the sandbox's failures as the envelope: an unknown id and a wrong key", async () => {
    const unknown = await get('/api/order/{id}', 'ord_missing');
    expect(unknown.status).toBe(404);
    expectValid(schema('Envelope'), unknown.body, '404');
    const refused = await get('/api/checkout/session/{id}', SANDBOX_SESSIONS[0]!.sessionId, 'sk_wrong');
    expect(refused.status).toBe(401);
    expectValid(schema('Envelope'), refused.body, '401');
  });

  // Each body beside the SDK's own verdict on it: the document must agree with the SDK, both ways.
  const order = { orderId: 'ord_1', createTime: 1_763_600_000_000, amountTotal: 12.5, priceDataList: [{ name: 'Tea', quantity: 2 }] };
  const session = { sessionId: 'cs_1', created: '2026-11-20T10:00:00Z', price: { recurring: { freeTrialDays: 7, interval: 'week' } } };
  const orders: [string, unknown][] = [
    ['a full order', order],
    ['every field null', Object.fromEntries(Object.keys(order).map((key) => [key, null]))],
    ['no field at all', {}],
    ['a field the documentation does not name', { ...order, loyaltyPoints: 3 }],
    ['a date the SDK reads as null', { ...order, createTime: 'yesterday' }],
    ['an amount as text', { ...order, amountTotal: '12.5' }],
    ['a fractional quantity', { ...order, priceDataList: [{ quantity: 1.5 }] }],
    ['an array where an object belongs', { ...order, paymentMethod: ['CARD'] }],
    ['a line item that is an array', { ...order, priceDataList: [['Tea']] }],
    ['metadata as text', { ...order, metadata: 'vip' }],
    ['the order itself an array', [order]],
  ];
  const sessions: [string, unknown][] = [
    ['a session', session],
    ['free trial days as text', { ...session, price: { recurring: { freeTrialDays: '7' } } }],
    ['an e-mail that is a number', { ...session, customer: { email: 1 } }],
    ['a price list entry that is null', { ...session, price: { priceList: [null] } }],
  ];

  /** The SDK's own verdict on `data` as the resource: whether a lookup answered with it resolves, or is a ValidationError. */
  const sdkAccepts = (lookup: typeof getOrder, data: unknown) =>
    lookup('x_1', { baseUrl: 'https://api.test', fetch: async () => Response.json({ code: 0, msg: 'success', data }) }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ValidationError) return false;
        throw error;
      },
    );

  test.each(orders)('judges an order as the SDK does: %s', async (_, data) => {
    expect(schema('OrderEnvelope')({ code: 0, msg: 'success', data })).toBe(await sdkAccepts(getOrder, data));
  });
  test.each(sessions)('judges a checkout session as the SDK does: %s', async (_, data) => {
    expect(schema('CheckoutSessionEnvelope')({ code: 0, msg: 'success', data })).toBe(await sdkAccepts(getSession, data));
  });

  test('refuses an envelope without an integer code, or without data, as the SDK does', () => {
    expect(schema('OrderEnvelope')({ msg: 'success', data: order })).toBe(false);
    expect(schema('OrderEnvelope')({ code: '0', msg: 'success', data: order })).toBe(false);
    expect(schema('OrderEnvelope')({ code: 0, msg: 'success' })).toBe(false);
  });
});
