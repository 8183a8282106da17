// Measurement 5: the sample worker under load. Starts the sandbox (served over loopback in its own process) and
// `wrangler dev` on 127.0.0.1 with generated secrets in a temp config dir, mints a sign-in token with jose, and
// sends autocannon at the signed-in JSON order route (Bearer token), the HTML order page (cookie) and, for
// comparison, the sandbox directly and the worker's home page (no lookup), at 1, 16 and 64 connections for a
// fixed number of requests each.
// Everything started here is stopped here; every wait has a deadline; only 127.0.0.1 is contacted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { BENCH, DIST, HOST, ROOT, freePort, progress, quantile, startChild, stopProcess } from './lib.mjs';

export const WORKER_LOAD = Object.freeze({
  levels: [
    { connections: 1, amount: 300 },
    { connections: 16, amount: 1000 },
    { connections: 64, amount: 2000 },
  ],
  warmup: { connections: 16, amount: 200 },
  readyTimeoutMs: 90_000,
  requestTimeoutSeconds: 10,
});

const ORDER_ID = 'ord_ada_1';
const CUSTOMER_ID = 'cus_ada';
const COOKIE = '__Host-checkout-lookup';

export async function measureWorkerLoad(config = WORKER_LOAD) {
  const apiKey = randomBytes(24).toString('base64url');
  const authSecret = randomBytes(32).toString('base64url');
  const sandbox = await startChild(join(BENCH, 'procs', 'sandbox-server.mjs'), { apiKey });
  let wrangler;
  const dir = await mkdtemp(join(tmpdir(), 'checkout-lookup-bench-worker-'));
  const result = { config, targets: [] };
  try {
    // The sandbox alone: what the worker's own cost is measured against.
    const sandboxTarget = {
      name: 'sandbox directly (GET /api/order/:id, X-API-KEY)',
      kind: 'sandbox',
      url: `${sandbox.url}/api/order/${ORDER_ID}`,
      headers: () => ({ 'X-API-KEY': apiKey, 'X-Timestamp': String(Date.now()), Accept: 'application/json' }),
      check: (status, body) => status === 200 && JSON.parse(body).data?.orderId === ORDER_ID,
    };

    let origin;
    try {
      ({ wrangler, origin } = await startWorker(dir, { apiBaseUrl: sandbox.url, apiKey, authSecret }, config));
    } catch (error) {
      result.notMeasured = `the worker could not be started: ${error.message}`;
    }

    const targets = [sandboxTarget];
    if (origin !== undefined) {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(CUSTOMER_ID)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(authSecret));
      targets.push(
        {
          name: 'worker JSON route (GET /api/order/:id, Bearer)',
          kind: 'route',
          url: `${origin}/api/order/${ORDER_ID}`,
          headers: () => ({ Authorization: `Bearer ${token}`, Accept: 'application/json' }),
          check: (status, body) => status === 200 && JSON.parse(body).data?.orderId === ORDER_ID,
        },
        {
          name: 'worker HTML page (GET /orders/:id, cookie)',
          kind: 'route',
          url: `${origin}/orders/${ORDER_ID}`,
          headers: () => ({ Cookie: `${COOKIE}=${token}`, Accept: 'text/html' }),
          check: (status, body) => status === 200 && body.includes(ORDER_ID) && body.includes('<html'),
        },
        {
          // No sign-in, no lookup: what wrangler dev's local proxy and workerd cost before the worker does any work.
          name: 'worker home page (GET /, no token, no lookup): the floor',
          kind: 'floor',
          url: `${origin}/`,
          headers: () => ({ Accept: 'text/html' }),
          check: (status, body) => status === 200 && body.includes('<html'),
        },
      );
    }

    for (const target of targets) {
      const headers = target.headers();
      // One request first: a target that does not answer as expected is reported, not loaded.
      const probe = await fetch(target.url, { headers, signal: AbortSignal.timeout(10_000) });
      const body = await probe.text();
      if (!target.check(probe.status, body)) {
        result.targets.push({ name: target.name, kind: target.kind, error: `answered HTTP ${probe.status} with an unexpected body` });
        continue;
      }
      await load(target.url, target.headers(), config.warmup, config);
      const levels = [];
      for (const level of config.levels) {
        // Fresh headers per level: the sandbox refuses an X-Timestamp older than its clock skew.
        levels.push(await load(target.url, target.headers(), level, config));
      }
      result.targets.push({ name: target.name, kind: target.kind, levels });
      progress(`worker load: ${target.name}`);
    }

    const direct = result.targets.find((target) => target.kind === 'sandbox' && target.levels);
    if (direct) {
      for (const target of result.targets) {
        if (target.kind !== 'route' || !target.levels) continue;
        target.addedP99Ms = target.levels.map((level, index) => level.p99Ms - direct.levels[index].p99Ms);
        target.addedP50Ms = target.levels.map((level, index) => level.p50Ms - direct.levels[index].p50Ms);
      }
    }
    return result;
  } finally {
    if (wrangler) await stopProcess(wrangler, 10_000);
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One autocannon run of `amount` requests over `connections`. Latencies and throughput come from its 'response'
 * events (hrtime precision): its own summary rounds latencies to whole ms, and with `amount` it only notices
 * the end at its next 1-second sample, which would understate requests/s.
 */
async function load(url, headers, { connections, amount }, config) {
  const latencies = [];
  const started = performance.now();
  let last = started;
  const instance = autocannon({ url, headers, connections, amount, timeout: config.requestTimeoutSeconds });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
    last = performance.now();
  });
  const run = await instance;
  return {
    connections,
    amount,
    answered: latencies.length,
    requestsPerSecond: (latencies.length / (last - started)) * 1000,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: Math.max(...latencies),
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
    statusCodes: Object.fromEntries(Object.entries(run.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)])),
  };
}

/**
 * `wrangler dev` of the project's worker, configured from a temp dir: a copy of wrangler.toml whose `main` is the
 * worker's absolute path, and a .dev.vars with the generated secrets (wrangler reads .dev.vars beside its config,
 * so the project's own .dev.vars, if any, is left alone and unused).
 */
async function startWorker(dir, { apiBaseUrl, apiKey, authSecret }, config) {
  const configFile = join(ROOT, 'wrangler.toml');
  if (!existsSync(configFile)) throw new Error('wrangler.toml does not exist');
  const toml = await readFile(configFile, 'utf8');
  const main = /^main\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!main || !existsSync(join(ROOT, main))) throw new Error(`wrangler.toml has no main, or ${main} does not exist`);
  await writeFile(join(dir, 'wrangler.toml'), toml.replace(/^main\s*=.*$/m, `main = ${JSON.stringify(join(ROOT, main))}`));
  await writeFile(
    join(dir, '.dev.vars'),
    [`API_BASE_URL="${apiBaseUrl}"`, `API_KEY="${apiKey}"`, `AUTH_SECRET="${authSecret}"`, ''].join('\n'),
    { mode: 0o600 },
  );
  const port = await freePort();
  const inspectorPort = await freePort();
  const wrangler = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js'),
      'dev',
      '--config',
      join(dir, 'wrangler.toml'),
      '--ip',
      HOST,
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      join(dir, 'state'),
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
      // The worker bundles the same copy of the built package as everything else measured.
      '--alias',
      `checkout-lookup:${join(DIST, 'index.js')}`,
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    },
  );
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4000));
  wrangler.stdout.on('data', keep);
  wrangler.stderr.on('data', keep);

  const origin = `http://${HOST}:${port}`;
  const deadline = Date.now() + config.readyTimeoutMs;
  try {
    for (;;) {
      if (wrangler.exitCode !== null || wrangler.signalCode !== null) {
        throw new Error(`wrangler dev exited (${wrangler.signalCode ?? wrangler.exitCode}): ${lastLines(output)}`);
      }
      if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within ${config.readyTimeoutMs} ms: ${lastLines(output)}`);
      try {
        const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
        throw new Error(`GET / answered HTTP ${response.status}: ${lastLines(output)}`);
      } catch (error) {
        if (error.message?.startsWith('GET /')) throw error;
        await new Promise((resolveWait) => setTimeout(resolveWait, 500));
      }
    }
  } catch (error) {
    await stopProcess(wrangler, 10_000);
    throw error;
  }
  progress(`worker load: wrangler dev answering on ${origin}`);
  return { wrangler, origin };
}

// wrangler's output never holds the secrets' values (it prints "(hidden)"), but it is trimmed all the same.
const lastLines = (text) => {
  const tail = text.trim().split('\n').slice(-4).join(' | ').replace(/\u001b\[[0-9;]*m/g, '').slice(0, 600);
  return tail === '' ? '(no output)' : tail;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureWorkerLoad(), null, 2));
}
