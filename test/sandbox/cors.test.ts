import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../src/testing/index.js';
import { ORIGIN, signed } from './helpers.js';

const DEV_SERVER = 'http://localhost:5173';
const ORDER = '/api/order/ord_ada_1';

function preflight(headers: Record<string, string>, path = ORDER): Request {
  return new Request(new URL(path, ORIGIN), { method: 'OPTIONS', headers });
}

describe('CORS (opt-in with the cors option)', () => {
  test('without it: no CORS headers, and a preflight gets no permission', async () => {
    const sandbox = createSandbox();
    const answer = await sandbox.fetch(signed(sandbox, ORDER, { headers: { origin: DEV_SERVER } }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const asked = await sandbox.fetch(
      preflight({ origin: DEV_SERVER, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' }),
    );
    expect(asked.status).toBe(405);
    expect(asked.headers.get('access-control-allow-origin')).toBeNull();
    expect(asked.headers.get('access-control-allow-headers')).toBeNull();
  });

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
    expect(ok.headers.get('access-control-expose-headers')).toBe('Retry-After');
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

  test('refuses a cors option that is not a list of origins, naming it', () => {
    expect(() => createSandbox({ cors: DEV_SERVER as never })).toThrow(
      new TypeError('"cors" must be an array of origins, such as ["http://localhost:5173"]'),
    );
    for (const bad of ['localhost:5173', 'http://localhost:5173/', 'ftp://files.example', '*', 5]) {
      expect(() => createSandbox({ cors: [bad as never] })).toThrow(`${JSON.stringify(bad)} is not one`);
    }
  });
});
