// The worker's own cost, in workerd itself (no wrangler dev proxy): the bundle `wrangler deploy --dry-run` builds,
// served by the workerd binary from a generated config, with the sandbox (in a child process) as its UPSTREAM
// service binding. Prints (1) CPU time per request of workerd's process (/proc, user+system) for the JSON route, the
// order page and the home page (no lookup), and (2) latency at 1, 16 and 64 connections of the sandbox alone and of
// the two routes, in alternating rounds, with the medians of the rounds' p50/p99 and the latency added over the
// sandbox. Only 127.0.0.1; every process started here is stopped here; every wait has a deadline.
// Run: npm run build && npx node bench/worker-load.mjs   (Node 24 via npx, as wrangler needs; BENCH_ROUNDS, default 3)
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const HOST = '127.0.0.1';
export const WORKER_LOAD = Object.freeze({
  levels: [
    { connections: 1, amount: 400 },
    { connections: 16, amount: 1600 },
    { connections: 64, amount: 3200 },
  ],
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  cpuRequests: 3000,
  warmup: { connections: 16, amount: 300 },
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * values.length) - 1)];
const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, HOST, () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
const cpuTicks = (pid) =>
  readFileSync(`/proc/${pid}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ')
    .slice(11, 13)
    .reduce((a, b) => a + Number(b), 0);
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
async function until(check, what, ms = 60_000) {
  for (const deadline = Date.now() + ms; !(await check().catch(() => false)); await new Promise((r) => setTimeout(r, 200))) {
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${ms} ms`);
  }
}

export async function measureWorkerLoad(config = WORKER_LOAD) {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-lookup-workerd-'));
  const children = [];
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', dir], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 120_000,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    });
    const [apiKey, authSecret] = [randomBytes(24).toString('base64url'), randomBytes(32).toString('base64url')];
    const [sandboxPort, workerPort] = [await freePort(), await freePort()];
    // The sandbox in its own process, so it does not share an event loop with autocannon.
    const sandboxCode = `const { createSandbox } = await import(${JSON.stringify(join(ROOT, 'dist/testing/index.js'))});
      const { serveSandbox } = await import(${JSON.stringify(join(ROOT, 'dist/testing/node.js'))});
      await serveSandbox(createSandbox({ apiKey: ${JSON.stringify(apiKey)}, logLimit: 1 }), { hostname: '${HOST}', port: ${sandboxPort} });`;
    children.push(spawn(process.execPath, ['--input-type=module', '-e', sandboxCode], { stdio: 'ignore' }));
    const text = (name, value) => `(name = "${name}", text = ${JSON.stringify(value)})`;
    writeFileSync(
      join(dir, 'config.capnp'),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "worker", worker = .worker), (name = "upstream", external = (address = "${HOST}:${sandboxPort}", http = ())) ],
  sockets = [ (name = "http", address = "${HOST}:${workerPort}", http = (), service = "worker") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "index.js", esModule = embed "index.js") ],
  compatibilityDate = "2026-11-01",
  bindings = [ ${text('API_BASE_URL', `http://${HOST}:${sandboxPort}`)}, ${text('API_KEY', apiKey)}, ${text('AUTH_SECRET', authSecret)}, (name = "UPSTREAM", service = "upstream") ],
);`,
    );
    // stdout (the worker's log lines) is drained, not kept; the runtime's errors and warnings are counted.
    const workerd = spawn(join(ROOT, 'node_modules/workerd/bin/workerd'), ['serve', join(dir, 'config.capnp')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let runtimeErrors = 0;
    workerd.stderr.on('data', (chunk) => (runtimeErrors += (String(chunk).match(/error|warning/gi) ?? []).length));
    children.push(workerd);
    const [sandbox, origin] = [`http://${HOST}:${sandboxPort}`, `http://${HOST}:${workerPort}`];
    await until(async () => (await fetch(`${sandbox}/api/order/x`)).status > 0, 'the sandbox');
    await until(async () => (await fetch(`${origin}/`)).status === 200, 'workerd');

    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('cus_ada')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(authSecret));
    // The pages' cookie is a session of the worker's own (its own typ, as POST /sign-in makes it), not a link token.
    const session = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'checkout-lookup-session+jwt' })
      .setSubject('cus_ada')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(authSecret));
    const targets = [
      {
        name: 'sandbox directly (GET /api/order/:id, X-API-KEY)',
        kind: 'sandbox',
        url: `${sandbox}/api/order/ord_ada_1`,
        headers: () => ({ 'X-API-KEY': apiKey, 'X-Timestamp': String(Date.now()) }),
      },
      {
        name: 'worker JSON route (GET /api/order/:id, Bearer)',
        kind: 'route',
        url: `${origin}/api/order/ord_ada_1`,
        headers: () => ({ Authorization: `Bearer ${token}` }),
      },
      {
        name: 'worker HTML page (GET /orders/:id, cookie)',
        kind: 'route',
        url: `${origin}/orders/ord_ada_1`,
        headers: () => ({ Cookie: `__Host-checkout-lookup=${session}`, 'Accept-Language': 'de-DE' }),
      },
      { name: 'worker home page (GET /, no lookup)', kind: 'floor', url: `${origin}/`, headers: () => ({}) },
    ];
    for (const target of targets) {
      const probe = await fetch(target.url, { headers: target.headers() });
      if (probe.status !== 200) throw new Error(`${target.name} answered ${probe.status}`);
      await load(target, config.warmup);
    }

    // (1) CPU per request inside workerd: its process's CPU time over a fixed number of requests.
    const cpu = {};
    for (const target of targets.filter((t) => t.kind !== 'sandbox')) {
      const samples = [];
      for (let round = 0; round < config.rounds; round += 1) {
        const before = cpuTicks(workerd.pid);
        const run = await load(target, { connections: 16, amount: config.cpuRequests });
        samples.push(((cpuTicks(workerd.pid) - before) * TICK_MS) / run.answered);
      }
      cpu[target.name] = { cpuMsPerRequest: median(samples), samples };
    }

    // (2) Latency, the targets alternating within each round at each level.
    const runs = new Map(targets.map((target) => [target, config.levels.map(() => [])]));
    for (let round = 0; round < config.rounds; round += 1) {
      for (const [index, level] of config.levels.entries()) {
        for (const target of targets.slice(0, 3)) runs.get(target)[index].push(await load(target, level));
      }
    }
    const result = {
      config,
      runtime: execFileSync(join(ROOT, 'node_modules/workerd/bin/workerd'), ['--version'], { encoding: 'utf8' }).trim(),
      cpu,
      runtimeErrors,
      targets: [],
    };
    for (const target of targets.slice(0, 3)) {
      const levels = config.levels.map((level, index) => {
        const of = (key) => runs.get(target)[index].map((r) => r[key]);
        const sum = (key) => of(key).reduce((a, b) => a + b, 0);
        return {
          ...level,
          p50Ms: median(of('p50Ms')),
          p99Ms: median(of('p99Ms')),
          requestsPerSecond: median(of('requestsPerSecond')),
          non2xx: sum('non2xx'),
          errors: sum('errors'),
          timeouts: sum('timeouts'),
        };
      });
      result.targets.push({ name: target.name, kind: target.kind, levels });
    }
    const [direct, ...routes] = result.targets;
    for (const target of routes) {
      target.addedP50Ms = target.levels.map((level, index) => level.p50Ms - direct.levels[index].p50Ms);
      target.addedP99Ms = target.levels.map((level, index) => level.p99Ms - direct.levels[index].p99Ms);
    }
    return result;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One autocannon run; latencies from its per-response timings (its summary rounds to whole ms). */
async function load(target, { connections, amount }) {
  const latencies = [];
  const started = performance.now();
  let last = started; // the last answer, not autocannon's end (which waits for its next 1-second tick)
  const run = await autocannon({ url: target.url, headers: target.headers(), connections, amount, timeout: 10 }).on('response', (_c, _s, _b, ms) => {
    latencies.push(ms);
    last = performance.now();
  });
  const seconds = (last - started) / 1000;
  return {
    answered: latencies.length,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    requestsPerSecond: latencies.length / seconds,
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureWorkerLoad();
  const f = (ms) => ms.toFixed(2).padStart(7);
  console.log(
    `${result.runtime}, ${result.config.rounds} rounds, medians of rounds; runtime errors/warnings: ${result.runtimeErrors}\n\nCPU per request inside workerd (process user+system time / requests, 16 connections, ${result.config.cpuRequests} requests a round):`,
  );
  for (const [name, { cpuMsPerRequest, samples }] of Object.entries(result.cpu))
    console.log(`  ${f(cpuMsPerRequest)} ms  ${name}  [${samples.map((s) => s.toFixed(2)).join(', ')}]`);
  console.log('\nLatency (ms): p50 / p99 at 1, 16, 64 connections; added = route minus the sandbox alone');
  for (const target of result.targets) {
    console.log(`  ${target.name}`);
    target.levels.forEach((level, index) => {
      const added = target.addedP50Ms ? `   added p50 ${f(target.addedP50Ms[index])}  p99 ${f(target.addedP99Ms[index])}` : '';
      console.log(
        `    c=${String(level.connections).padStart(2)}  p50 ${f(level.p50Ms)}  p99 ${f(level.p99Ms)}  ${level.requestsPerSecond.toFixed(0).padStart(6)} req/s  non-2xx ${level.non2xx}, errors ${level.errors}, timeouts ${level.timeouts}${added}`,
      );
    });
  }
}
