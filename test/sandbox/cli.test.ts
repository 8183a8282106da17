import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildIfStale, killAll, startBin } from './bin.js';

// The built `checkout-lookup-sandbox` bin, as `npx` runs it: a real process on a real port, driven over HTTP.
const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
const start = (args: string[], env: Record<string, string> = {}) => startBin(args, dir, env);

beforeAll(buildIfStale, 120_000);
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// Each test starts bins of its own on ports of their own (0: the system picks) and files of its own, so the tests run
// side by side: the bins mostly wait on their start and on each other's requests.
describe.concurrent('checkout-lookup-sandbox', { timeout: 30_000 }, () => {
  test('--port 0 serves on a free port, prints URL, key and ids, is driven over HTTP, and stops cleanly on SIGINT', async () => {
    const bin = start(['--port', '0']);
    const [, url] = await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    const [, key] = await bin.waitFor(/API key: (sk_sandbox_[0-9a-f]{32})/);
    await bin.waitFor(/Ctrl-C stops/);
    expect(bin.output()).toMatch(/customers +cus_ada, cus_grace/);
    expect(bin.output()).toMatch(/orders +ord_ada_1 \(ada\), ord_grace_1 \(grace\)/);
    expect(bin.output()).toMatch(/sessions +cs_open_ada \(open\), cs_complete_ada \(complete\), cs_open_grace \(grace\)/);
    const port = Number(new URL(url!).port);
    expect(port).toBeGreaterThan(0);

    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${url}/__sandbox${path}`, { method, headers: { 'x-api-key': key! }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const api = (path: string) => fetch(`${url}${path}`, { headers: { 'x-api-key': key!, 'x-timestamp': String(Date.now()) } });

    expect((await api('/api/order/ord_ada_1')).status).toBe(200);
    expect((await control('PUT', '/orders/ord_cli', { status: 'success' })).status).toBe(201);
    expect(await (await api('/api/order/ord_cli')).json()).toEqual({ code: 0, msg: 'success', data: { orderId: 'ord_cli', status: 'success' } });
    expect(await (await control('POST', '/faults', { target: { route: 'order' }, fault: { kind: 'status', status: 503, times: 1 } })).json()).toEqual(
      { id: 'f1' },
    );
    expect((await api('/api/order/ord_ada_1')).status).toBe(503);
    expect(await (await control('POST', '/scenarios', { kind: 'checkout-completes', sessionId: 'cs_open_ada', afterRequests: 1 })).json()).toEqual({
      id: 's1',
    });
    expect(((await (await api('/api/checkout/session/cs_open_ada')).json()) as { data: { status: string } }).data.status).toBe('open');
    expect((await api('/api/order/ord_open_ada')).status).toBe(200);
    const bad = await control('POST', '/faults', { fault: { kind: 'status', status: 42 } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: '"fault.status" must be an integer from 200 to 599' });
    expect((await fetch(`${url}/__sandbox/log`)).status).toBe(401);

    const log = (await (await control('GET', '/log')).json()) as { entries: { path: string; status: number }[] };
    expect(log.entries.map(({ path, status }) => `${path} ${status}`)).toEqual([
      '/api/order/ord_ada_1 200',
      '/api/order/ord_cli 200',
      '/api/order/ord_ada_1 503',
      '/api/checkout/session/cs_open_ada 200',
      '/api/order/ord_open_ada 200',
    ]);
    expect(JSON.stringify(log)).not.toContain(key);
    expect((await control('POST', '/reset')).status).toBe(204);
    expect((await api('/api/order/ord_cli')).status).toBe(404);

    // One line per request, without headers: the key shows once, in the banner.
    await bin.waitFor(/GET \/api\/order\/ord_cli -> 404/);
    expect(bin.output().split(key!).length - 1).toBe(3); // the banner's key line and its two curl examples

    bin.child.kill('SIGINT');
    expect(await bin.exit).toEqual({ code: 0, signal: null });
    expect(bin.output()).toMatch(/Sandbox stopped \(SIGINT\)\.\n$/);
    expect(await portIsFree(port)).toBe(true);
  });

  test('a fault or record the server could not send is refused with 400, and every request after it is answered as before', async () => {
    const bin = start(['--port', '0', '--key', 'sk_test_cli_refusals']);
    const [, url] = await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await bin.waitFor(/Ctrl-C stops/);
    const headers = { 'x-api-key': 'sk_test_cli_refusals', 'x-timestamp': String(Date.now()) };
    const control = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${url}/__sandbox${path}`, { method, headers, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { error?: string } };
    };
    const refused = [
      await control('POST', '/faults', { fault: { kind: 'status', status: 503, headers: { 'x-debug': 'a\u0001b' } } }),
      await control('POST', '/faults', { fault: { kind: 'status', status: 503, retryAfter: '1\u0001' } }),
      await control('POST', '/faults', { fault: { kind: 'status', status: 503, headers: { 'content-length': '9999' } } }),
      await control('POST', '/faults', { fault: { kind: 'status', status: 503, headers: { 'content-encoding': 'gzip' } } }),
      await control('POST', '/scenarios', { kind: 'rate-limited', retryAfter: '\u001b[2J' }),
      await control('PUT', '/orders/a%0Ab', { status: 'success' }),
      await control('POST', '/scenarios', { kind: 'checkout-completes', sessionId: 'cs_open_ada', orderId: 'x\ny' }),
    ];
    expect(refused.map(({ status }) => status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(refused[0]!.body.error).toContain('"fault.headers.x-debug" must be a valid header value');
    expect(refused[2]!.body.error).toContain('"fault.headers" has "content-length", which frames the body or the connection');
    expect(refused[5]!.body.error).toMatch(/^"id" must be 1 to 256 characters/);
    for (const path of [
      '/api/order/ord_ada_1',
      '/api/checkout/session/cs_open_ada',
      '/api/checkout/session/cs_open_ada',
      '/api/checkout/session/cs_open_ada',
      '/api/checkout/session/cs_open_ada',
    ]) {
      expect((await fetch(`${url}${path}`, { headers })).status).toBe(200);
    }
    await bin.waitFor(/GET \/api\/order\/ord_ada_1 -> 200 \(x-request-id req_[0-9a-f]{24}\)\n/);
    expect(bin.output()).not.toMatch(/^\s+at /m); // no stack trace
    expect(bin.output()).not.toContain('-> 500');
    bin.child.kill('SIGINT');
    expect((await bin.exit).code).toBe(0);
  });

  test('--key and --seed: the given key, only the seeded records, and SIGTERM stops it too', async () => {
    const seedFile = join(dir, 'seed.json');
    writeFileSync(
      seedFile,
      JSON.stringify({ orders: [{ orderId: 'ord_mine', status: 'success' }], sessions: [{ sessionId: 'cs_mine', status: 'open' }] }),
    );
    const bin = start(['--port', '0', '--key', 'sk_test_cli_given', '--seed', seedFile]);
    const [, url] = await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await bin.waitFor(/Ctrl-C stops/);
    expect(bin.output()).toContain('API key: sk_test_cli_given\n');
    expect(bin.output()).toMatch(/orders +ord_mine\n/);
    expect(bin.output()).toMatch(/sessions +cs_mine\n/);
    const headers = { 'x-api-key': 'sk_test_cli_given', 'x-timestamp': String(Date.now()) };
    expect((await fetch(`${url}/api/order/ord_mine`, { headers })).status).toBe(200);
    expect((await fetch(`${url}/api/order/ord_ada_1`, { headers })).status).toBe(404);
    await fetch(`${url}/__sandbox/orders/ord_mine`, { method: 'DELETE', headers });
    await fetch(`${url}/__sandbox/reset`, { method: 'POST', headers });
    expect((await fetch(`${url}/api/order/ord_mine`, { headers })).status).toBe(200); // reset goes back to this seed
    bin.child.kill('SIGTERM');
    expect(await bin.exit).toEqual({ code: 0, signal: null });
  });

  test('SANDBOX_API_KEY sets the key and keeps it out of the output', async () => {
    const bin = start(['--port', '0'], { SANDBOX_API_KEY: 'sk_test_from_env_0123456789' });
    const [, url] = await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await bin.waitFor(/Ctrl-C stops/);
    const response = await fetch(`${url}/api/order/ord_ada_1`, {
      headers: { 'x-api-key': 'sk_test_from_env_0123456789', 'x-timestamp': String(Date.now()) },
    });
    expect(response.status).toBe(200);
    expect(bin.output()).toContain('API key: (from SANDBOX_API_KEY)');
    expect(bin.output()).toContain('-H "X-API-KEY: $SANDBOX_API_KEY"');
    bin.child.kill('SIGINT');
    await bin.exit;
    expect(bin.output()).not.toContain('sk_test_from_env');
  });

  test('a SANDBOX_API_KEY the SDK would refuse exits 2 naming the variable, never showing the key', async () => {
    const bin = start(['--port', '0'], { SANDBOX_API_KEY: 'sk_test secret_part' });
    expect((await bin.exit).code).toBe(2);
    expect(bin.output()).toMatch(/SANDBOX_API_KEY must be a string of visible ASCII characters; received a string with a space/);
    expect(bin.output()).not.toContain('secret_part');
  });

  test.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, not "abc"/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--nope'], /^checkout-lookup-sandbox: unknown option --nope\n/],
    [['--prot', '0'], /^checkout-lookup-sandbox: unknown option --prot; did you mean --port\?\n/],
    [['--no-cros'], /^checkout-lookup-sandbox: unknown option --no-cros; did you mean --no-cors\?\n/],
    [['--seeds', 'x.json'], /^checkout-lookup-sandbox: unknown option --seeds; did you mean --seed\?\n/],
    [['--seed', 'missing.json'], /--seed: cannot read missing\.json \(ENOENT\)/],
    [['--key', ''], /--key must be a string of visible ASCII characters; received an empty string/],
    [['--key', 'sk_test bad'], /--key must be a string of visible ASCII characters; received a string with a space/],
    [['--cors', 'localhost:5173'], /--cors must be origins separated by commas, such as http:\/\/localhost:5173, not "localhost:5173"/],
    [['-c', 'http://localhost:5173/app'], /--cors must be origins separated by commas/],
    [['--cors', 'http://localhost:5173', '--no-cors'], /--cors and --no-cors do not go together: pick one/],
  ])('%j exits 2 with a clear message and the usage', async (args, message) => {
    const bin = start(args);
    expect((await bin.exit).code).toBe(2);
    expect(bin.output()).toMatch(message);
    expect(bin.output()).toContain('Usage: checkout-lookup-sandbox [-p N] [-k K] [-s file.json] [-c origins | --no-cors]');
  });

  test('--help lists every flag, short and long, the port story and where the docs are', async () => {
    for (const flag of ['--help', '-h']) {
      const bin = start([flag]);
      expect((await bin.exit).code).toBe(0);
      const help = bin.output();
      for (const line of ['-p, --port N', '-k, --key K', '-s, --seed file.json', '-c, --cors origins', '--no-cors', '-h, --help'])
        expect(help).toContain(line);
      expect(help).toContain('(default 8790; 0 picks a free one)');
      expect(help).toContain('The sample worker (npm start) listens on 8787 and calls this sandbox on 8790.');
      expect(help).toContain('node_modules/checkout-lookup/docs/testing.md');
    }
  });

  test('CORS: any origin by default, over a real socket; --no-cors turns it off', async () => {
    const preflight = (url: string) =>
      fetch(`${url}/api/order/ord_ada_1`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key,x-timestamp',
        },
      });
    const open = start(['--port', '0']);
    const [, openUrl] = await open.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await open.waitFor(/Ctrl-C stops/);
    expect(open.output()).toContain('Browser pages on any origin may call it (CORS); --cors <origins> narrows that, --no-cors turns it off.');
    const allowed = await preflight(openUrl!);
    expect([allowed.status, allowed.headers.get('access-control-allow-origin'), allowed.headers.get('access-control-allow-headers')]).toEqual([
      204,
      '*',
      'x-api-key,x-timestamp',
    ]);

    const closed = start(['--port', '0', '--no-cors']);
    const [, closedUrl] = await closed.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await closed.waitFor(/Ctrl-C stops/);
    expect(closed.output()).toContain('No CORS (--no-cors): browsers refuse its answers to pages on other origins.');
    const refused = await preflight(closedUrl!);
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([405, null]);
    for (const bin of [open, closed]) {
      bin.child.kill('SIGINT');
      expect((await bin.exit).code).toBe(0);
    }
  });

  test('the short flags -p, -k, -s and -c work as the long ones', async () => {
    const seedFile = join(dir, 'short-seed.json');
    writeFileSync(seedFile, JSON.stringify({ orders: [{ orderId: 'ord_short' }] }));
    const bin = start(['-p', '0', '-k', 'sk_test_short_flags', '-s', seedFile, '-c', 'http://localhost:5173,http://127.0.0.1:4173']);
    const [, url] = await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/);
    await bin.waitFor(/Ctrl-C stops/);
    expect(bin.output()).toContain('Browser pages on http://localhost:5173, http://127.0.0.1:4173 may call it (CORS).');
    const response = await fetch(`${url}/api/order/ord_short`, {
      headers: { 'x-api-key': 'sk_test_short_flags', 'x-timestamp': String(Date.now()), origin: 'http://127.0.0.1:4173' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    bin.child.kill('SIGINT');
    expect((await bin.exit).code).toBe(0);
  });

  test('a bad seed file is refused, naming the record at fault', async () => {
    const cases: [string, RegExp][] = [
      ['{"orders": [', /is not valid JSON/],
      ['[]', /must hold an object \{ "orders": \[\.\.\.\], "sessions": \[\.\.\.\] \}/],
      ['{"orders": {}}', /--seed: .*bad-seed\.json: "orders" must be an array/],
      ['{"orders": [{"orderId": "ord_1"}, {"status": "x"}]}', /--seed: .*bad-seed\.json: "orders\[1\]\.orderId" must be a non-empty string/],
      [
        '{"orders": [{"orderId": "ord_1", "amountTotal": "12.50"}]}',
        /--seed: .*bad-seed\.json: order "ord_1": "orders\[0\]\.amountTotal" must be a finite number, not the string "12\.50"; the SDK would reject it/,
      ],
      [
        '{"sessions": [{"sessionId": "cs_1", "price": {"priceList": [{"amount": true}]}}]}',
        /session "cs_1": "sessions\[0\]\.price\.priceList\[0\]\.amount" must be a finite number, not boolean true/,
      ],
      [
        '{"orders": [{"orderId": "ord_1"}, {"orderId": "ord_2"}, {"orderId": "ord_1"}]}',
        /"orders\[2\]\.orderId" repeats "ord_1", the id of "orders\[0\]"; each order needs its own id/,
      ],
      ['{"order": []}', /has "order"; only "orders" and "sessions" are read/],
    ];
    // One folder per case, so the bins start side by side, each with its own bad-seed.json.
    const bins = cases.map(([content], index) => {
      const file = join(dir, `bad-seed-${index}`, 'bad-seed.json');
      mkdirSync(join(dir, `bad-seed-${index}`));
      writeFileSync(file, content);
      return start(['--seed', file, '--port', '0']);
    });
    for (const [index, [, message]] of cases.entries()) {
      const bin = bins[index]!;
      expect((await bin.exit).code).toBe(2);
      expect(bin.output()).toMatch(message);
    }
  });

  test('a taken port exits 1 naming the port', async () => {
    const first = start(['--port', '0']);
    const [, port] = await first.waitFor(/127\.0\.0\.1:(\d+)\n/);
    const second = start(['--port', port!]);
    expect((await second.exit).code).toBe(1);
    expect(second.output()).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE); pick another --port, or 0 for a free one`);
    first.child.kill('SIGINT');
    expect((await first.exit).code).toBe(0);
  });
});
