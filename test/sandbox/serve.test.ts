import { connect } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { createSandbox, SANDBOX_IDS, type Sandbox } from '../../src/testing/index.js';
import { serveSandbox, type SandboxServer } from '../../src/testing/node.js';

const ORDER = `/api/order/${SANDBOX_IDS.orders.ada}`;
const servers: SandboxServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A served sandbox whose requests' signals are kept, to see when the server notices a client going away. */
async function startRecordingSignals() {
  const sandbox = createSandbox();
  const signals: AbortSignal[] = [];
  const server = await start({
    ...sandbox,
    fetch: (request: Request) => {
      signals.push(request.signal);
      return sandbox.fetch(request);
    },
  } as Sandbox);
  return { sandbox, signals, server };
}

async function start(sandbox: Sandbox): Promise<SandboxServer> {
  const server = await serveSandbox(sandbox);
  servers.push(server);
  return server;
}

function headers(sandbox: Sandbox): Record<string, string> {
  return { 'x-api-key': sandbox.apiKey, 'x-timestamp': String(Date.now()) };
}

/**
 * Sends one raw HTTP/1.1 request and collects what the server writes until `done(text)` holds, the server closes
 * the socket, or `deadlineMs` passes (then `timedOut`).
 */
function raw(
  server: SandboxServer,
  path: string,
  head: Record<string, string>,
  done: (text: string) => boolean,
  deadlineMs = 5000,
): Promise<{ text: string; closedByServer: boolean; timedOut: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let text = '';
    const finish = (closedByServer: boolean, timedOut: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners('close');
      socket.destroy();
      resolve({ text, closedByServer, timedOut });
    };
    const timer = setTimeout(() => finish(false, true), deadlineMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (done(text)) finish(false, false);
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(true, false));
    socket.on('connect', () => {
      const lines = [`GET ${path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close', ...Object.entries(head).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  });
}

/** The body after the head, once the head is complete and declares a Content-Length. */
function halfBodyArrived(text: string): boolean {
  const [head, body] = text.split('\r\n\r\n');
  const declared = /content-length: (\d+)/i.exec(head ?? '')?.[1];
  return body !== undefined && declared !== undefined && body.length >= Math.floor(Number(declared) / 2);
}

/** Polls `condition` every few milliseconds until it holds; fails after `deadlineMs`. */
async function until(condition: () => boolean, what: string, deadlineMs = 5000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${deadlineMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('serveSandbox', () => {
  test('listens on 127.0.0.1 at a free port and answers like sandbox.fetch', async () => {
    const sandbox = createSandbox();
    const server = await start(sandbox);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const response = await fetch(`${server.url}${ORDER}`, { headers: headers(sandbox) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ code: 0, msg: 'success', data: { orderId: 'ord_ada_1' } });
    const denied = await fetch(`${server.url}${ORDER}`);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ code: 401, msg: 'missing X-API-KEY', data: null });
  });

  test('leaves the global Request and Response alone', async () => {
    const { Request: before, Response: beforeResponse } = globalThis;
    await start(createSandbox());
    expect(globalThis.Request).toBe(before);
    expect(globalThis.Response).toBe(beforeResponse);
  });

  test('drop: closes the socket without writing a byte', async () => {
    const sandbox = createSandbox();
    const server = await start(sandbox);
    sandbox.fault({}, { kind: 'drop' });
    const { text, closedByServer } = await raw(server, ORDER, headers(sandbox), () => false);
    expect(closedByServer).toBe(true);
    expect(text).toBe('');
    await expect(fetch(`${server.url}${ORDER}`, { headers: headers(sandbox) })).rejects.toThrow(TypeError);
  });

  test('stall: sends the headers and half the body, then nothing while the connection stays open', async () => {
    const sandbox = createSandbox();
    const server = await start(sandbox);
    sandbox.fault({}, { kind: 'stall' });
    const { text, closedByServer, timedOut } = await raw(server, ORDER, headers(sandbox), halfBodyArrived);
    expect({ closedByServer, timedOut }).toEqual({ closedByServer: false, timedOut: false });
    const [head, body] = text.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const declared = Number(/content-length: (\d+)/i.exec(head)![1]);
    expect(body.length).toBe(Math.floor(declared / 2));
    // The server's side agrees: half the body produced, the answer still open.
    expect(sandbox.log[0]).toMatchObject({ status: 200, fault: 'stall', bodyBytes: body.length });
  });

  test('stall: the server stops waiting once the client goes away, and close() does not hang', async () => {
    const { sandbox, signals, server } = await startRecordingSignals();
    sandbox.fault({}, { kind: 'stall' });
    const controller = new AbortController();
    const response = await fetch(`${server.url}${ORDER}`, { headers: headers(sandbox), signal: controller.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The stall holds: no more body arrives while the client waits (the next read is still pending after the abort).
    const next = reader.read().then(
      () => 'more body',
      (error: unknown) => (error as Error).name,
    );
    expect(signals[0]!.aborted).toBe(false);
    controller.abort();
    expect(await next).toBe('AbortError');
    // The server learns that the client went away, so nothing of the stalled answer is left waiting on it ...
    await until(() => signals[0]!.aborted, "the server sees the client's abort");
    expect(sandbox.log[0]).toMatchObject({ status: 200, fault: 'stall', bodyBytes: first.value!.byteLength });
    // ... and close() resolves: no connection is left holding it open.
    await expect(server.close()).resolves.toBeUndefined();
    const refused = await fetch(`${server.url}${ORDER}`, { headers: headers(sandbox) }).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');
  });

  test('returns its URL, port and API key as data, and logs one line per request without headers', async () => {
    const sandbox = createSandbox({ apiKey: 'sk_test_serve_data' });
    const lines: string[] = [];
    const server = await serveSandbox(sandbox, { log: (line) => lines.push(line) });
    servers.push(server);
    expect(server).toMatchObject({ url: `http://127.0.0.1:${server.port}`, apiKey: 'sk_test_serve_data' });
    expect(server.port).toBeGreaterThan(0);
    expect((await fetch(`${server.url}${ORDER}`, { headers: headers(sandbox) })).status).toBe(200);
    sandbox.fault({}, { kind: 'drop', times: 1 });
    await expect(fetch(`${server.url}${ORDER}?again=1`, { headers: headers(sandbox) })).rejects.toThrow(TypeError);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/api\/order\/ord_ada_1 -> 200 \(x-request-id req_[0-9a-f]{24}\)$/);
    expect(lines[1]).toMatch(/ GET \/api\/order\/ord_ada_1\?again=1 -> connection dropped$/);
    expect(lines.join('\n')).not.toContain('sk_test_serve_data');
    await expect(serveSandbox(sandbox, { log: 'yes' as never })).rejects.toThrow('"log" must be a function');
  });

  test('oversized: streams lazily, so a client that stops reading stops the production', async () => {
    const { sandbox, signals, server } = await startRecordingSignals();
    const size = 256 * 1024 * 1024;
    sandbox.fault({}, { kind: 'oversized', bytes: size });
    const controller = new AbortController();
    const response = await fetch(`${server.url}${ORDER}`, { headers: headers(sandbox), signal: controller.signal });
    const reader = response.body!.getReader();
    let received = 0;
    while (received < 1024 * 1024) received += (await reader.read()).value!.byteLength;
    controller.abort();
    // The server learns that the client went away; from then on its body stream is errored and produces nothing.
    await until(() => signals[0]!.aborted, "the server sees the client's abort");
    const produced = sandbox.log[0]!.bodyBytes;
    expect(produced).toBeGreaterThanOrEqual(received);
    // Socket buffers hold a few MiB at most; nothing close to the whole body was produced.
    expect(produced).toBeLessThan(size / 8);
  });

  test('rejects bad options with a TypeError naming the option', async () => {
    await expect(serveSandbox(createSandbox(), { port: -1 })).rejects.toThrow(/"port"/);
    await expect(serveSandbox({} as never)).rejects.toThrow(/"sandbox"/);
  });

  test('rejects with the listen error when the port is taken', async () => {
    const server = await start(createSandbox());
    await expect(serveSandbox(createSandbox(), { port: server.port })).rejects.toThrow(/EADDRINUSE/);
  });
});
