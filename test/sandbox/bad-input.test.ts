import { validateHeaderName, validateHeaderValue } from 'node:http';
import { describe, expect, test } from 'vitest';
import { getOrder, getSession, InvalidIdError } from '../../src/index.js';
import { idRefusal } from '../../src/testing/ids.js';
import { createSandbox, type Sandbox, type SandboxOrder } from '../../src/testing/index.js';
import { ORIGIN, signed } from './helpers.js';

/** One control API call with the sandbox's key: status and the parsed body (null when there is none). */
async function control(sandbox: Sandbox, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { 'x-api-key': sandbox.apiKey, ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' || body instanceof ReadableStream ? (body as BodyInit) : JSON.stringify(body);
  if (body instanceof ReadableStream) (init as { duplex?: string }).duplex = 'half';
  const response = await sandbox.fetch(`${ORIGIN}/__sandbox${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** `{ a: { a: ... } }`, `levels` objects deep. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

describe('records are checked with the SDK schemas', () => {
  test('createSandbox({ seed }) refuses a wrongly typed field, naming the record and the field', () => {
    expect(() => createSandbox({ seed: { orders: [{ orderId: 'ord_1' }, { orderId: 'ord_2', amountTotal: '12.50' as never }] } })).toThrow(
      new TypeError('order "ord_2": "seed.orders[1].amountTotal" must be a finite number, not the string "12.50"; the SDK would reject it'),
    );
    expect(() => createSandbox({ seed: { sessions: [{ sessionId: 'cs_1', customer: { email: 5 as never } }] } })).toThrow(
      'session "cs_1": "seed.sessions[0].customer.email" must be a string, not number 5',
    );
    expect(() =>
      createSandbox({ seed: { orders: [{ orderId: 'ord_1', priceDataList: [{ quantity: 1 }, { unitAmount: null, quantity: 'two' as never }] }] } }),
    ).toThrow('"seed.orders[0].priceDataList[1].quantity" must be an integer, not the string "two"');
  });

  test('createSandbox({ seed }) refuses an id used twice', () => {
    expect(() => createSandbox({ seed: { sessions: [{ sessionId: 'cs_1' }, { sessionId: 'cs_1' }] } })).toThrow(
      '"seed.sessions[1].sessionId" repeats "cs_1", the id of "seed.sessions[0]"; each session needs its own id',
    );
    // The same id as an order and as a session is two records, not a repeat.
    expect(createSandbox({ seed: { orders: [{ orderId: 'x_1' }], sessions: [{ sessionId: 'x_1' }] } }).getOrder('x_1')).toEqual({ orderId: 'x_1' });
  });

  test('putOrder and putSession refuse what the SDK would reject, and store nothing', () => {
    const sandbox = createSandbox({ seed: false });
    expect(() => sandbox.putOrder({ orderId: 'ord_1', customerId: 5 as never })).toThrow('"order.customerId" must be a string, not number 5');
    expect(() => sandbox.putSession({ sessionId: 'cs_1', price: { recurring: { freeTrialDays: '14' as never } } })).toThrow(
      '"session.price.recurring.freeTrialDays" must be an integer, not the string "14"',
    );
    expect([sandbox.getOrder('ord_1'), sandbox.getSession('cs_1')]).toEqual([undefined, undefined]);
  });

  test('PUT /__sandbox/... answers 400 naming the record and the field, and stores nothing', async () => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'PUT', '/orders/ord_bad', { amountTotal: '12.50' })).toEqual({
      status: 400,
      body: { error: 'order "ord_bad": "order.amountTotal" must be a finite number, not the string "12.50"; the SDK would reject it' },
    });
    expect(await control(sandbox, 'PUT', '/sessions/cs_bad', { status: 'open', priceDataList: { name: 'beans' } })).toEqual({
      status: 400,
      body: { error: 'session "cs_bad": "session.priceDataList" must be an array, not an object; the SDK would reject it' },
    });
    expect([sandbox.getOrder('ord_bad'), sandbox.getSession('cs_bad')]).toEqual([undefined, undefined]);
    // What the SDK accepts still goes in: unknown fields are kept, as the SDK keeps them.
    expect(await control(sandbox, 'PUT', '/orders/ord_good', { amountTotal: 12.5, newField: { any: ['thing'] } })).toMatchObject({ status: 201 });
  });

  test('a record or body nested deeper than 32 levels is refused with a 400, even 3,000 levels deep', async () => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'PUT', '/orders/ord_deep', { metadata: nested(3000) })).toEqual({
      status: 400,
      body: { error: '"order" is nested more than 32 levels deep' },
    });
    expect(await control(sandbox, 'POST', '/faults', { fault: { kind: 'status', status: 503 }, extra: nested(40) })).toEqual({
      status: 400,
      body: { error: '"fault" is nested more than 32 levels deep' },
    });
    // 32 levels in all (the body is the first) is still fine.
    expect(await control(sandbox, 'PUT', '/orders/ord_deep', { metadata: nested(31) })).toMatchObject({ status: 201 });
    expect(() => sandbox.putOrder({ orderId: 'ord_deeper', metadata: nested(32) })).toThrow('"order" is nested more than 32 levels deep');
  });
});

describe('control API bodies over 1 MiB', () => {
  test('a declared Content-Length over the limit is answered 413 before any of the body is read', async () => {
    const sandbox = createSandbox();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const answer = await control(sandbox, 'PUT', '/orders/ord_big', body, { 'content-length': String(600 * 1024 * 1024) });
    expect(answer).toEqual({ status: 413, body: { error: "the body is larger than 1048576 bytes (1 MiB), the control API's limit" } });
    expect(pulled).toBeLessThanOrEqual(1); // a stream may fill its queue once when it starts; nothing is read
  });

  test('an undeclared body is read only until it passes the limit, then answered 413', async () => {
    const sandbox = createSandbox();
    const chunk = 64 * 1024;
    let produced = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        produced += chunk;
        controller.enqueue(new Uint8Array(chunk).fill(0x20));
      },
    });
    const answer = await control(sandbox, 'POST', '/faults', body);
    expect(answer).toEqual({ status: 413, body: { error: "the body is larger than 1048576 bytes (1 MiB), the control API's limit" } });
    // The stream would go on for ever; what was read stops a chunk or two past 1 MiB.
    expect(produced).toBeLessThanOrEqual(1024 * 1024 + 2 * chunk);
  });

  test('a body of exactly 1 MiB is still read', async () => {
    const sandbox = createSandbox();
    const json = JSON.stringify({ status: 'success', padding: '' });
    const text = json.replace('""', `"${'x'.repeat(1024 * 1024 - json.length)}"`);
    expect(new TextEncoder().encode(text).byteLength).toBe(1024 * 1024);
    expect((await control(sandbox, 'PUT', '/orders/ord_full', text)).status).toBe(201);
  });
});

describe('faults and scenarios are checked when they are set', () => {
  test.each([
    [{ kind: 'status', status: 503, headers: { 'bad name': 'x' } }, '"fault.headers" has "bad name", which is not a valid header name'],
    [{ kind: 'status', status: 503, headers: { '': 'x' } }, '"fault.headers" has "", which is not a valid header name'],
    [
      { kind: 'status', status: 503, headers: { 'x-ok': 'line\r\nset-cookie: a=b' } },
      '"fault.headers.x-ok" must be a valid header value, a string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+000D at index 4',
    ],
    [
      { kind: 'status', status: 503, headers: { 'x-ok': 5 } },
      '"fault.headers.x-ok" must be a valid header value, a string of visible ASCII or Latin-1 characters, spaces and tabs',
    ],
    // Beyond U+00FF: Headers refuse it (a ByteString), so it would throw when the answer is built.
    [
      { kind: 'status', status: 503, headers: { 'x-ok': 'snow \u2603' } },
      '"fault.headers.x-ok" must be a valid header value, a string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+2603 at index 5',
    ],
    // Controls that Headers let through, but Node's HTTP server refuses when it writes the answer.
    [
      { kind: 'status', status: 503, headers: { 'x-debug': 'a\u0001b' } },
      '"fault.headers.x-debug" must be a valid header value, a string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+0001 at index 1',
    ],
    [
      { kind: 'status', status: 503, headers: { 'x-debug': 'a\u007fb' } },
      '"fault.headers.x-debug" must be a valid header value, a string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+007F at index 1',
    ],
    [
      { kind: 'status', status: 503, retryAfter: 'bald \u{1F552}' },
      '"fault.retryAfter" must be a non-negative integer of seconds or an HTTP date string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+1F552 at index 5',
    ],
    [
      { kind: 'status', status: 503, retryAfter: '5\u0001' },
      '"fault.retryAfter" must be a non-negative integer of seconds or an HTTP date string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+0001 at index 1',
    ],
    [{ kind: 'status', status: 503, headers: ['x'] }, '"fault.headers" must be an object of header names and values'],
    [
      { kind: 'status', status: 503, retryAfter: 'soon\n' },
      '"fault.retryAfter" must be a non-negative integer of seconds or an HTTP date string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+000A at index 4',
    ],
    [{ kind: 'status', status: 503, msg: 5 }, '"fault.msg" must be a string'],
    [{ kind: 'status', status: 503, code: 1.5 }, '"fault.code" must be an integer'],
    [{ kind: 'latency', ms: 2 ** 31 }, '"fault.ms" must be a number of ms from 0 to 3600000'],
    [{ kind: 'latency', ms: 3_600_001 }, '"fault.ms" must be a number of ms from 0 to 3600000'],
    [{ kind: 'html', delayMs: 2 ** 31 }, '"fault.delayMs" must be a number of ms from 0 to 3600000'],
    // Beyond 2^53 an integer has neighbours it cannot be told from: no count of uses.
    [{ kind: 'drop', times: 2 ** 60 }, '"fault.times" must be a positive integer'],
    // A misspelt field would otherwise be left out, and the fault armed without it.
    [
      { kind: 'status', status: 503, retryafter: 5 },
      '"fault.retryafter" is not a field; with "kind": "status" the fields are kind, status, code, msg, retryAfter, headers, times, delayMs',
    ],
    [{ kind: 'latency', ms: 5, delay: 100 }, '"fault.delay" is not a field; with "kind": "latency" the fields are kind, ms, times, delayMs'],
  ])('fault %j: 400 %s', async (fault, error) => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'POST', '/faults', { fault })).toEqual({ status: 400, body: { error } });
    // Nothing was armed: the order answers normally.
    expect((await sandbox.fetch(signed(sandbox, '/api/order/ord_ada_1'))).status).toBe(200);
  });

  test.each([
    [
      'a fault that is no object',
      () => createSandbox().fault({}, null as never),
      '"fault" must be an object such as { "kind": "status", "status": 503 }',
    ],
    ['a latency without ms', () => createSandbox().fault({}, { kind: 'latency' } as never), '"fault.ms" must be a number of ms from 0 to 3600000'],
    [
      'a status fault without status',
      () => createSandbox().fault({}, { kind: 'status' } as never),
      '"fault.status" must be an integer from 200 to 599',
    ],
    [
      'a contentLength that is no boolean',
      () => createSandbox().fault({}, { kind: 'oversized', contentLength: 'yes' as never }),
      '"fault.contentLength" must be true or false',
    ],
    [
      'a header a copy would leave out',
      () => createSandbox().fault({}, { kind: 'status', status: 503, headers: JSON.parse('{"x-fine": "1", "__proto__": "x"}') }),
      '"fault.headers" has "__proto__", which the sandbox cannot set',
    ],
    [
      'a scenario that is no object',
      () => createSandbox().scenario('flaky' as never),
      '"scenario" must be an object such as { "kind": "rate-limited", "times": 2 }',
    ],
    [
      'a checkout without its session',
      () => createSandbox().scenario({ kind: 'checkout-completes' } as never),
      '"scenario.sessionId" must be a non-empty string',
    ],
    // A misspelt target field would otherwise be left out, and the fault armed for every request.
    [
      'a misspelt target field',
      () => createSandbox().fault({ rout: 'order' } as never, { kind: 'drop' }),
      '"target.rout" is not a field; the fields are route, id',
    ],
    [
      'a misspelt scenario field',
      () => createSandbox().scenario({ kind: 'flaky', failevery: 3 } as never),
      '"scenario.failevery" is not a field; with "kind": "flaky" the fields are kind, target, failEvery, status',
    ],
  ])('%s: a TypeError naming the field', (_, run, message) => {
    expect(run).toThrow(new TypeError(message));
  });

  test('a fault with target null over the control API: 400 naming it, nothing armed', async () => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'POST', '/faults', { target: null, fault: { kind: 'drop' } })).toEqual({
      status: 400,
      body: { error: '"target" must be an object such as { "route": "order", "id": "ord_ada_1" }' },
    });
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: [] } });
  });

  test('a misspelt field of the control API body: 400 naming it, nothing armed', async () => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'POST', '/faults', { targets: { route: 'order' }, fault: { kind: 'drop' } })).toEqual({
      status: 400,
      body: { error: '"targets" is not a field; the fields are target, fault' },
    });
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: [] } });
  });

  test('a header value of Latin-1 characters (obs-text) is accepted and sent', async () => {
    const sandbox = createSandbox();
    sandbox.fault({ route: 'order' }, { kind: 'status', status: 503, headers: { 'x-note': 'caf\u00e9' } });
    const answer = await sandbox.fetch(signed(sandbox, '/api/order/ord_ada_1'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('x-note')).toBe('caf\u00e9');
  });

  test('the longest latency, one hour, is accepted', () => {
    const sandbox = createSandbox();
    expect(() => sandbox.fault({}, { kind: 'latency', ms: 3_600_000 })).not.toThrow();
    expect(() => sandbox.fault({}, { kind: 'latency', ms: 3_600_001 })).toThrow(TypeError);
  });

  test.each([
    ['target', { kind: 'flaky' }],
    ['retryAfter', { kind: 'rate-limited' }],
    ['status', { kind: 'flaky' }],
    ['orderId', { kind: 'checkout-completes', sessionId: 'cs_open_ada' }],
    ['afterMs', { kind: 'checkout-completes', sessionId: 'cs_open_ada' }],
  ])('a scenario with %s null over the control API: 400 naming it, nothing added', async (field, scenario) => {
    const sandbox = createSandbox();
    const answer = await control(sandbox, 'POST', '/scenarios', { ...scenario, [field]: null });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(new RegExp(`^"scenario\\.${field}" must be `));
    expect(await control(sandbox, 'GET', '/scenarios')).toEqual({ status: 200, body: { ids: [] } });
  });

  test('a scenario with a Retry-After that cannot be a header: 400', async () => {
    const sandbox = createSandbox();
    expect(await control(sandbox, 'POST', '/scenarios', { kind: 'rate-limited', retryAfter: 'Wed, 21 Oct 2026\r\nx: y' })).toEqual({
      status: 400,
      body: {
        error:
          '"scenario.retryAfter" must be a non-negative integer of seconds or an HTTP date string of visible ASCII or Latin-1 characters, spaces and tabs; it has U+000D at index 16',
      },
    });
  });
});

describe('fault headers are what a server can send', () => {
  const accepts = (run: () => unknown) => {
    try {
      run();
      return true;
    } catch {
      return false;
    }
  };
  // Every character from U+0000 to U+03FF, line separators, a BOM, lone surrogates, U+FFFF.
  const characters = [...Array.from({ length: 0x400 }, (_, code) => code), 0x2028, 0x2029, 0xfeff, 0xd800, 0xdfff, 0xffff].map((code) =>
    String.fromCharCode(code),
  );

  test("a header value is accepted exactly when the Headers constructor and Node's HTTP server both accept it, and retryAfter likewise", () => {
    const sandbox = createSandbox();
    const refused: string[] = [];
    for (const character of characters) {
      const value = `a${character}b`;
      const sendable = accepts(() => new Headers({ 'x-value': value })) && accepts(() => validateHeaderValue('x-value', value));
      const label = `U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
      expect(
        accepts(() => sandbox.fault({}, { kind: 'status', status: 503, headers: { 'x-value': value } })),
        `${label} in a header`,
      ).toBe(sendable);
      expect(
        accepts(() => sandbox.fault({}, { kind: 'status', status: 503, retryAfter: value })),
        `${label} in retryAfter`,
      ).toBe(sendable);
      if (!sendable) refused.push(label);
    }
    // Both refuse the controls but tab, and everything beyond U+00FF; both keep Latin-1.
    expect(refused).toContain('U+0001');
    expect(refused).toContain('U+007f');
    expect(refused).not.toContain('U+0009');
    expect(refused).not.toContain('U+00e9');
    expect(refused).toHaveLength(0x20 - 1 + 1 + (characters.length - 0x100));
  });

  test("a header name is accepted exactly when the Headers constructor and Node's HTTP server both accept it", () => {
    const sandbox = createSandbox();
    for (const character of characters.slice(0, 0x100)) {
      const name = `x-${character}`;
      const sendable = accepts(() => new Headers({ [name]: '1' })) && accepts(() => validateHeaderName(name));
      expect(
        accepts(() => sandbox.fault({}, { kind: 'status', status: 503, headers: { [name]: '1' } })),
        JSON.stringify(name),
      ).toBe(sendable);
    }
  });

  test.each(['Content-Length', 'content-encoding', 'Transfer-Encoding', 'connection', 'Keep-Alive', 'proxy-connection', 'TE', 'trailer', 'Upgrade'])(
    'a fault that sets %s, a header framing the body or the connection: 400 naming it, nothing armed',
    async (header) => {
      const sandbox = createSandbox();
      const fault = {
        kind: 'status',
        status: 503,
        headers: { 'x-fine': '1', [header]: header.toLowerCase() === 'content-length' ? '9999' : 'gzip' },
      };
      expect(await control(sandbox, 'POST', '/faults', { fault })).toEqual({
        status: 400,
        body: {
          error: `"fault.headers" has "${header}", which frames the body or the connection; the sandbox sets those from the answer it sends (refused: connection, content-encoding, content-length, keep-alive, proxy-connection, te, trailer, transfer-encoding, upgrade)`,
        },
      });
      expect(() => sandbox.fault({}, fault as never)).toThrow(`"fault.headers" has "${header}", which frames the body or the connection`);
      expect((await sandbox.fetch(signed(sandbox, '/api/order/ord_ada_1'))).status).toBe(200);
    },
  );

  test('other headers of the answer, Content-Type and Cache-Control among them, may still be set', async () => {
    const sandbox = createSandbox();
    sandbox.fault(
      {},
      { kind: 'status', status: 503, headers: { 'content-type': 'text/plain', 'cache-control': 'max-age=60', 'x-request-id': 'req_1' } },
    );
    const answer = await sandbox.fetch(signed(sandbox, '/api/order/ord_ada_1'));
    expect([answer.status, answer.headers.get('content-type'), answer.headers.get('cache-control'), answer.headers.get('x-request-id')]).toEqual([
      503,
      'text/plain',
      'max-age=60',
      'req_1',
    ]);
  });
});

describe('ids the SDK would refuse to request are refused', () => {
  const base = { baseUrl: ORIGIN, apiKey: 'sk_test_unused', fetch: () => Promise.reject(new Error('no request expected')) };
  /** The message of the InvalidIdError the SDK itself throws for `id`. */
  async function sdkRefusal(id: string): Promise<string> {
    const error = await getOrder(id, base).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidIdError);
    await expect(getSession(id, base)).rejects.toThrow((error as Error).message);
    return (error as Error).message;
  }
  /** The rule and what was received, as a field's refusal states them after its name: the SDK's message without `"id" `. */
  const ruleOf = (message: string) => {
    expect(message).toMatch(/^"id" must be /);
    return message.slice('"id" '.length);
  };
  const IDS: [string, string, string][] = [
    ['a line break', 'a\nb', 'a%0Ab'],
    ['300 characters', 'o'.repeat(300), 'o'.repeat(300)],
    ['U+2028, a line separator', 'a\u2028b', 'a%E2%80%A8b'],
    ['a C1 control', 'a\u0085b', 'a%C2%85b'],
  ];

  test.each(IDS)('PUT /__sandbox/orders|sessions/{id} with %s: 400 with the message of InvalidIdError, nothing stored', async (_, id, encoded) => {
    const sandbox = createSandbox();
    const message = await sdkRefusal(id);
    expect(await control(sandbox, 'PUT', `/orders/${encoded}`, { status: 'success' })).toEqual({ status: 400, body: { error: message } });
    expect(await control(sandbox, 'PUT', `/sessions/${encoded}`, { status: 'open' })).toEqual({ status: 400, body: { error: message } });
    expect([sandbox.getOrder(id), sandbox.getSession(id)]).toEqual([undefined, undefined]);
    // Even before a body that is itself wrong: the id is what cannot work.
    expect(await control(sandbox, 'PUT', `/orders/${encoded}`, 'not json')).toEqual({ status: 400, body: { error: message } });
  });

  test.each(IDS)('putOrder, putSession and a seed with %s throw the InvalidIdError, storing nothing', async (_, id) => {
    const sandbox = createSandbox({ seed: false });
    const message = await sdkRefusal(id);
    expect(() => sandbox.putOrder({ orderId: id })).toThrow(new InvalidIdError(message));
    expect(() => sandbox.putOrder({ orderId: id })).toThrow(InvalidIdError);
    expect(() => sandbox.putSession({ sessionId: id })).toThrow(InvalidIdError);
    expect([sandbox.getOrder(id), sandbox.getSession(id)]).toEqual([undefined, undefined]);
    expect(() => createSandbox({ seed: { sessions: [{ sessionId: 'cs_1' }, { sessionId: id }] } })).toThrow(
      new TypeError(`"seed.sessions[1].sessionId": ${message}`),
    );
  });

  test('a scenario with orderId "x\ny", or a sessionId or target id the SDK refuses: 400 naming the field, with the message of InvalidIdError', async () => {
    const sandbox = createSandbox();
    const lineBreak = await sdkRefusal('x\ny');
    expect(await control(sandbox, 'POST', '/scenarios', { kind: 'checkout-completes', sessionId: 'cs_open_ada', orderId: 'x\ny' })).toEqual({
      status: 400,
      body: { error: `"scenario.orderId" ${ruleOf(lineBreak)}` },
    });
    expect(await control(sandbox, 'POST', '/scenarios', { kind: 'checkout-completes', sessionId: 'cs_\u2028' })).toEqual({
      status: 400,
      body: { error: `"scenario.sessionId" ${ruleOf(await sdkRefusal('cs_\u2028'))}` },
    });
    expect(await control(sandbox, 'POST', '/scenarios', { kind: 'rate-limited', target: { id: 'x\ny' } })).toEqual({
      status: 400,
      body: { error: `"scenario.target.id" ${ruleOf(lineBreak)}` },
    });
    expect(await control(sandbox, 'POST', '/faults', { target: { id: 'x\ny' }, fault: { kind: 'drop' } })).toEqual({
      status: 400,
      body: { error: `"target.id" ${ruleOf(lineBreak)}` },
    });
    expect(() => sandbox.fault({ id: 'x\ny' }, { kind: 'drop' })).toThrow(new TypeError(`"target.id" ${ruleOf(lineBreak)}`));
    expect(await control(sandbox, 'GET', '/scenarios')).toEqual({ status: 200, body: { ids: [] } });
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: [] } });
  });

  test('a scenario whose default order id would be over 256 characters is refused, so no order is created under it', async () => {
    const long = `cs_${'x'.repeat(254)}`; // 257 characters; the order would be ord_ + 254 = 258
    const sandbox = createSandbox({ seed: false });
    expect(() => sandbox.putSession({ sessionId: long })).toThrow(InvalidIdError);
    const session = 'x'.repeat(254); // a valid session id; its order would be "ord_" + 254 characters
    sandbox.putSession({ sessionId: session });
    const refused = () => sandbox.scenario({ kind: 'checkout-completes', sessionId: session });
    expect(refused).toThrow(ruleOf(await sdkRefusal(`ord_${session}`)));
    expect(refused).toThrow(/^"scenario.orderId" must be given/);
    // An order id of its own makes it a checkout that can complete.
    expect(() => sandbox.scenario({ kind: 'checkout-completes', sessionId: session, orderId: 'ord_long' })).not.toThrow();
  });

  test('a checkout of a session that is not stored says so, even when its default order id would be refused', () => {
    const session = 'x'.repeat(254);
    expect(() => createSandbox({ seed: false }).scenario({ kind: 'checkout-completes', sessionId: session })).toThrow(
      new TypeError(`"scenario.sessionId" must name a stored session; there is no ${JSON.stringify(session)}`),
    );
  });

  test('only the InvalidIdError is a refusal: another error from the check is thrown as it is', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    // Not a string: the check asks whether it is an array, which throws for a revoked proxy.
    expect(() => idRefusal(proxy as never)).toThrow(/revoked/);
  });

  test('the longest id the SDK requests, 256 characters, is stored and served', async () => {
    const sandbox = createSandbox();
    const id = 'o'.repeat(256);
    expect((await control(sandbox, 'PUT', `/orders/${id}`, { status: 'success' })).status).toBe(201);
    const order = await getOrder(id, { baseUrl: ORIGIN, apiKey: sandbox.apiKey, fetch: sandbox.fetch });
    expect(order.orderId).toBe(id);
  });
});

describe('a key the SDK would refuse to send is refused', () => {
  /** The TypeError the SDK throws for `apiKey` before any request, or `undefined` when it sends the key. */
  async function sdkRefusal(apiKey: unknown): Promise<TypeError | undefined> {
    const sent = () => Promise.resolve(Response.json({ code: 0, msg: 'success', data: { orderId: 'ord_1' } }));
    const error = await getOrder('ord_1', { baseUrl: ORIGIN, apiKey: apiKey as string, fetch: sent }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (error !== undefined) expect(error).toBeInstanceOf(TypeError);
    return error as TypeError | undefined;
  }

  test.each([
    ['a space', 'sk_test bad'],
    ['a line break', 'sk_test\nbad'],
    ['a character beyond ASCII', 'sk_test_caf\u00e9'],
    ['an empty string', ''],
    ['a number', 5],
  ])('createSandbox({ apiKey }) with %s throws the TypeError the SDK throws for it', async (_, apiKey) => {
    const refusal = await sdkRefusal(apiKey);
    expect(refusal).toBeDefined();
    expect(() => createSandbox({ apiKey: apiKey as string })).toThrow(new TypeError(refusal!.message));
  });

  test('a key is accepted exactly when the SDK sends it, character by character: the visible ASCII ones', async () => {
    const accepted: number[] = [];
    for (let code = 0; code < 0x180; code++) {
      const apiKey = `sk_test_${String.fromCharCode(code)}`;
      const sent = (await sdkRefusal(apiKey)) === undefined;
      let taken = true;
      try {
        createSandbox({ apiKey });
      } catch {
        taken = false;
      }
      expect(taken, `U+${code.toString(16).padStart(4, '0')}`).toBe(sent);
      if (taken) accepted.push(code);
    }
    // The rule as the README states it ("a string of visible ASCII characters"): "!" (0x21) to "~" (0x7e).
    expect(accepted).toEqual(Array.from({ length: 0x7e - 0x21 + 1 }, (_, index) => 0x21 + index));
  });
});

describe('used-up faults and scenarios leave the id map', () => {
  test('a fault with times: 1 is gone from GET /__sandbox/faults once used; one without times stays', async () => {
    const sandbox = createSandbox();
    const once = await control(sandbox, 'POST', '/faults', { fault: { kind: 'status', status: 503, times: 1 }, target: { route: 'order' } });
    const always = await control(sandbox, 'POST', '/faults', { fault: { kind: 'status', status: 502 }, target: { route: 'session' } });
    expect([once.body, always.body]).toEqual([{ id: 'f1' }, { id: 'f2' }]);
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: ['f1', 'f2'] } });
    expect((await sandbox.fetch(signed(sandbox, '/api/order/ord_ada_1'))).status).toBe(503);
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: ['f2'] } });
    expect((await control(sandbox, 'DELETE', '/faults/f1')).status).toBe(404);
    // Ids are not reused.
    expect((await control(sandbox, 'POST', '/faults', { fault: { kind: 'empty' } })).body).toEqual({ id: 'f3' });
  });

  test('faults and scenarios added in code are listed, and removed, by id like those added over HTTP', async () => {
    const sandbox = createSandbox();
    const remove = sandbox.fault({ route: 'order' }, { kind: 'status', status: 503 });
    await control(sandbox, 'POST', '/faults', { fault: { kind: 'status', status: 502 } });
    sandbox.scenario({ kind: 'flaky', target: { id: 'ord_grace_1' } });
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: ['f1', 'f2'] } });
    expect(await control(sandbox, 'GET', '/scenarios')).toEqual({ status: 200, body: { ids: ['s1'] } });
    remove();
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: ['f2'] } });
    // A fault's id names no scenario, and the other way round.
    expect((await control(sandbox, 'DELETE', '/scenarios/f2')).status).toBe(404);
    expect((await control(sandbox, 'DELETE', '/faults/s1')).status).toBe(404);
    expect((await control(sandbox, 'DELETE', '/scenarios/s1')).status).toBe(204);
    sandbox.clearFaults();
    expect(await control(sandbox, 'GET', '/faults')).toEqual({ status: 200, body: { ids: [] } });
    expect((await sandbox.fetch(signed(sandbox, '/api/order/ord_ada_1'))).status).toBe(200);
  });

  test('a rate limit used up and a completed checkout are gone from GET /__sandbox/scenarios', async () => {
    const sandbox = createSandbox();
    await control(sandbox, 'POST', '/scenarios', { kind: 'rate-limited', times: 1, target: { route: 'order' } });
    await control(sandbox, 'POST', '/scenarios', { kind: 'checkout-completes', sessionId: 'cs_open_ada', afterRequests: 1 });
    await control(sandbox, 'POST', '/scenarios', { kind: 'flaky', target: { id: 'ord_grace_1' } });
    expect(await control(sandbox, 'GET', '/scenarios')).toEqual({ status: 200, body: { ids: ['s1', 's2', 's3'] } });
    expect((await sandbox.fetch(signed(sandbox, '/api/order/ord_ada_1'))).status).toBe(429);
    expect(await control(sandbox, 'GET', '/scenarios')).toEqual({ status: 200, body: { ids: ['s2', 's3'] } });
    expect((await sandbox.fetch(signed(sandbox, '/api/checkout/session/cs_open_ada'))).status).toBe(200);
    expect(await control(sandbox, 'GET', '/scenarios')).toEqual({ status: 200, body: { ids: ['s3'] } });
    expect((await control(sandbox, 'POST', '/reset')).status).toBe(204);
    expect(await control(sandbox, 'GET', '/scenarios')).toEqual({ status: 200, body: { ids: [] } });
  });
});

// Typed records stay assignable: a checked SandboxOrder is still a plain object.
const _typed: SandboxOrder = { orderId: 'ord_typed' };
void _typed;
