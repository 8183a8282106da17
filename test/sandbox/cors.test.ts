import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../src/testing/index.js';
import { ORIGIN, signed } from './helpers.js';

const DEV_SERVER = 'http://localhost:5173';
const ORDER = '/api/order/ord_ada_1';
const EXPOSED = '*, X-Request-Id, Request-Id, CF-Ray, Retry-After, Content-Length, Content-Type';

function preflight(headers: Record<string, string>, path = ORDER): Request {
  return new Request(new URL(path, ORIGIN), { method: 'OPTIONS', headers });
}

describe('CORS for any origin (the default)', () => {
  test('every answer carries Access-Control-Allow-Origin: *, with an Origin or without, errors and the control API included', async () => {
    for (const sandbox of [createSandbox(), createSandbox({ cors: true })]) {
      for (const headers of [{ origin: DEV_SERVER }, { origin: 'null' }, {}]) {
        const ok = await sandbox.fetch(signed(sandbox, ORDER, { headers }));
        expect(ok.status).toBe(200);
        expect(ok.headers.get('access-control-allow-origin')).toBe('*');
        expect(ok.headers.get('access-control-expose-headers')).toBe(EXPOSED);
        expect(ok.headers.get('vary')).toBeNull(); // the same answer for every origin
      }
      const missing = await sandbox.fetch(signed(sandbox, '/api/order/ord_none'));
      expect([missing.status, missing.headers.get('access-control-allow-origin')]).toEqual([404, '*']);
      const control = await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/log`, { headers: { 'x-api-key': sandbox.apiKey } }));
      expect([control.status, control.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
    }
  });

  test('a preflight gets 204 with the methods and the headers it asked for, unlogged, using no fault', async () => {
    const sandbox = createSandbox();
    sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, times: 1 });
    const asked = await sandbox.fetch(
      preflight({
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key,x-timestamp',
      }),
    );
    expect(asked.status).toBe(204);
    expect(Object.fromEntries(asked.headers)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, PUT, POST, DELETE',
      'access-control-allow-headers': 'x-api-key,x-timestamp',
      'access-control-max-age': '600',
      vary: 'Access-Control-Request-Headers',
      'x-request-id': expect.stringMatching(/^req_/),
    });
    expect(sandbox.log).toEqual([]);
    expect((await sandbox.fetch(signed(sandbox, ORDER))).status).toBe(503);
  });

  test('an OPTIONS without Origin or Access-Control-Request-Method is a preflight too: MSW in a DOM environment drops them', async () => {
    const sandbox = createSandbox();
    const asked = await sandbox.fetch(preflight({}));
    expect([asked.status, asked.headers.get('access-control-allow-origin'), asked.headers.get('access-control-allow-methods')]).toEqual([
      204,
      '*',
      'GET, PUT, POST, DELETE',
    ]);
    expect(sandbox.log).toEqual([]);
  });
});

describe('CORS off (cors: false)', () => {
  test('no CORS headers, and a preflight gets no permission', async () => {
    const sandbox = createSandbox({ cors: false });
    const answer = await sandbox.fetch(signed(sandbox, ORDER, { headers: { origin: DEV_SERVER } }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('vary')).toBeNull();
    const asked = await sandbox.fetch(
      preflight({ origin: DEV_SERVER, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' }),
    );
    expect(asked.status).toBe(405);
    expect(asked.headers.get('access-control-allow-origin')).toBeNull();
    expect(asked.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('CORS for listed origins only (cors: [origins])', () => {
  test('a preflight from a listed origin gets 204 with the methods and the headers it asked for, unlogged, using no fault', async () => {
    const sandbox = createSandbox({ cors: [DEV_SERVER] });
    sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, times: 1 });
    const asked = await sandbox.fetch(
      preflight({ origin: DEV_SERVER, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key,x-timestamp' }),
    );
    expect(asked.status).toBe(204);
    expect(Object.fromEntries(asked.headers)).toEqual({
      'access-control-allow-origin': DEV_SERVER,
      'access-control-allow-methods': 'GET, PUT, POST, DELETE',
      'access-control-allow-headers': 'x-api-key,x-timestamp',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers',
      'x-request-id': expect.stringMatching(/^req_/),
    });
    expect(sandbox.log).toEqual([]);
    // The fault is still there for the request itself.
    expect((await sandbox.fetch(signed(sandbox, ORDER, { headers: { origin: DEV_SERVER } }))).status).toBe(503);
  });

  test('answers to a listed origin carry Access-Control-Allow-Origin, errors and the control API included', async () => {
    const sandbox = createSandbox({ cors: [DEV_SERVER, 'https://shop.example'] });
    const ok = await sandbox.fetch(signed(sandbox, ORDER, { headers: { origin: 'https://shop.example' } }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(ok.headers.get('access-control-expose-headers')).toBe(EXPOSED);
    expect(ok.headers.get('vary')).toBe('Origin');
    const missing = await sandbox.fetch(signed(sandbox, '/api/order/ord_none', { headers: { origin: DEV_SERVER } }));
    expect([missing.status, missing.headers.get('access-control-allow-origin')]).toEqual([404, DEV_SERVER]);
    const control = await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/log`, { headers: { origin: DEV_SERVER, 'x-api-key': sandbox.apiKey } }));
    expect([control.status, control.headers.get('access-control-allow-origin')]).toEqual([200, DEV_SERVER]);
  });

  test('an origin not listed is answered as without CORS (the browser refuses it), varying by Origin', async () => {
    const sandbox = createSandbox({ cors: [DEV_SERVER] });
    const other = await sandbox.fetch(signed(sandbox, ORDER, { headers: { origin: 'http://localhost:5174' } }));
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toBe('Origin');
    const asked = await sandbox.fetch(preflight({ origin: 'http://localhost:5174', 'access-control-request-method': 'GET' }));
    expect([asked.status, asked.headers.get('access-control-allow-origin')]).toEqual([405, null]);
    // A plain OPTIONS (no Access-Control-Request-Method) from a listed origin is no preflight either.
    const plain = await sandbox.fetch(preflight({ origin: DEV_SERVER }));
    expect(plain.status).toBe(405);
  });

  test('refuses a cors option that is not true, false or a list of origins, naming it', () => {
    for (const bad of [DEV_SERVER, 'true', 1, null]) {
      expect(() => createSandbox({ cors: bad as never })).toThrow(
        new TypeError('"cors" must be true (any origin, the default), false (none) or an array of origins, such as ["http://localhost:5173"]'),
      );
    }
    for (const bad of ['localhost:5173', 'http://localhost:5173/', 'ftp://files.example', '*', 5]) {
      expect(() => createSandbox({ cors: [bad as never] })).toThrow(`${JSON.stringify(bad)} is not one`);
    }
  });
});
