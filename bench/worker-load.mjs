// The worker's own cost, in workerd itself (no wrangler dev proxy): the bundle `wrangler deploy --dry-run` builds,
// served by the workerd binary from a generated config, with the sandbox (in a child process) as its UPSTREAM
// service binding. Prints (1) CPU time per request of workerd's process (/proc, user+system) for the JSON route, the
// order page and the home page (no lookup), and (2) latency at 1, 16 and 64 connections of the sandbox alone and of
// the two routes, in alternating rounds, with the medians of the rounds' p50/p99 and the latency added over the
// sandbox. Only 127.0.0.1; every process started here is stopped here; every wait has a deadline.
//
// (1) also measures a baseline: the worker of another commit of this repository, built from `git archive` and served
// by a second workerd beside the first. The two alternate within each round (which one goes first alternates too),
// and each round gives a ratio. CPU figures differ between machines, and between days on one machine, by more than
// any change of the worker, so the worker is held against its baseline measured in the same run, never against a
// number.
//
// (3) measures the worker's own code without HTTP: a third workerd runs a driver module beside both bundles and the
// sandbox, and each request to it makes n calls of one bundle's fetch handler (the sandbox's fetch as UPSTREAM), so
// the process's CPU time over it is the worker's code and the sandbox's, with no sockets or HTTP parsing; the two
// builds alternate as in (1). Far less noisy than (1): it shows the worker's own cost and the change in it.
//
// Run: npm run build && npx node bench/worker-load.mjs   (Node 24 via npx, as wrangler needs)
//   BENCH_ROUNDS            rounds of (1) and (3) (default 9 with a baseline, 3 without); (2) has 3
//   BENCH_WORKER_BASELINE   the baseline: a git ref (default WORKER_BASELINE_REF), an absolute path of a checkout
//                           with its package built, or `none`
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { SignJWT } from 'jose';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const HOST = '127.0.0.1';
/**
 * The worker whose CPU per request this one must not exceed: the hand-written worker (if-chain routing, no
 * framework) that the worker's CPU target is set by (BENCHMARKS.md at that commit: JSON route 0.33 ms, order page
 * 0.40 ms, home page 0.10 ms, figures of the machine it ran on).
 */
const WORKER_BASELINE_REF = 'bfa367d';
const BASELINE = process.env.BENCH_WORKER_BASELINE ?? WORKER_BASELINE_REF;
export const WORKER_LOAD = Object.freeze({
  levels: [
    { connections: 1, amount: 400 },
    { connections: 16, amount: 1600 },
    { connections: 64, amount: 3200 },
  ],
  rounds: Number(process.env.BENCH_ROUNDS ?? (BASELINE === 'none' ? 3 : 9)),
  latencyRounds: 3,
  cpuRequests: 3000,
  inProcessCalls: 2000,
  warmup: { connections: 16, amount: 300 },
  baseline: BASELINE === 'none' ? undefined : BASELINE,
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** This build's samples over the baseline's, round by round, and their median. */
const ratiosOf = (these, baseline) => {
  const perRound = these.map((value, round) => value / baseline[round]);
  return { median: median(perRound), perRound };
};
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
const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' };

/** The deployable bundle of the worker in `source` (a checkout of this repository), written to `outDir`. */
function bundle(source, outDir) {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), 'deploy', '--dry-run', '--outdir', outDir], {
    cwd: source,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 120_000,
    env: WRANGLER_ENV,
  });
}

/**
 * The baseline's sources at `ref`, with this checkout's node_modules, and its package built: its worker imports the
 * SDK by the package's own name, which resolves to its own dist/.
 */
function checkoutOf(ref, dir) {
  mkdirSync(dir);
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive "$1" | tar -x -C "${dir}"`, 'sh', ref], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 60_000,
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, [join(ROOT, 'node_modules/tsup/dist/cli-default.js')], { cwd: dir, stdio: 'ignore', timeout: 120_000 });
  return dir;
}

export async function measureWorkerLoad(config = WORKER_LOAD) {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-lookup-workerd-'));
  const children = [];
  try {
    const builds = [{ name: 'this worker', bundle: join(dir, 'this') }];
    bundle(ROOT, builds[0].bundle);
    if (config.baseline?.startsWith('/')) {
      // A directory: a checkout of this repository, built as it is (its dist/ included).
      builds.push({ name: `baseline ${config.baseline}`, bundle: join(dir, 'baseline'), commit: config.baseline });
      bundle(config.baseline, join(dir, 'baseline'));
    } else if (config.baseline !== undefined) {
      const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', `${config.baseline}^{commit}`], { encoding: 'utf8' }).trim();
      builds.push({ name: `baseline ${commit}`, bundle: join(dir, 'baseline'), commit });
      bundle(checkoutOf(commit, join(dir, 'baseline-source')), join(dir, 'baseline'));
    }
    const [apiKey, authSecret] = [randomBytes(24).toString('base64url'), randomBytes(32).toString('base64url')];
    const sandboxPort = await freePort();
    // The sandbox in its own process, so it does not share an event loop with autocannon.
    const sandboxCode = `const { createSandbox } = await import(${JSON.stringify(join(ROOT, 'dist/testing/index.js'))});
      const { serveSandbox } = await import(${JSON.stringify(join(ROOT, 'dist/testing/node.js'))});
      await serveSandbox(createSandbox({ apiKey: ${JSON.stringify(apiKey)}, logLimit: 1 }), { hostname: '${HOST}', port: ${sandboxPort} });`;
    children.push(spawn(process.execPath, ['--input-type=module', '-e', sandboxCode], { stdio: 'ignore' }));
    const sandbox = `http://${HOST}:${sandboxPort}`;
    await until(async () => (await fetch(`${sandbox}/api/order/x`)).status > 0, 'the sandbox');

    let runtimeErrors = 0;
    for (const build of builds) {
      const port = await freePort();
      const text = (name, value) => `(name = "${name}", text = ${JSON.stringify(value)})`;
      writeFileSync(
        join(build.bundle, 'config.capnp'),
        `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "worker", worker = .worker), (name = "upstream", external = (address = "${HOST}:${sandboxPort}", http = ())) ],
  sockets = [ (name = "http", address = "${HOST}:${port}", http = (), service = "worker") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "index.js", esModule = embed "index.js") ],
  compatibilityDate = "2026-11-01",
  bindings = [ ${text('API_BASE_URL', sandbox)}, ${text('API_KEY', apiKey)}, ${text('AUTH_SECRET', authSecret)}, (name = "UPSTREAM", service = "upstream") ],
);`,
      );
      // stdout (the worker's log lines) is drained, not kept; the runtime's errors and warnings are counted.
      const workerd = spawn(join(ROOT, 'node_modules/workerd/bin/workerd'), ['serve', join(build.bundle, 'config.capnp')], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      workerd.stderr.on('data', (chunk) => (runtimeErrors += (String(chunk).match(/error|warning/gi) ?? []).length));
      children.push(workerd);
      Object.assign(build, { origin: `http://${HOST}:${port}`, pid: workerd.pid });
      await until(async () => (await fetch(`${build.origin}/`)).status === 200, `workerd (${build.name})`);
    }

    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('cus_ada')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(authSecret));
    // The pages' cookie is a sign-in of the worker's own (its own typ, as POST /sign-in makes it), not a link token.
    const signIn = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'checkout-lookup-session+jwt' })
      .setSubject('cus_ada')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(authSecret));
    const routes = [
      {
        name: 'worker JSON route (GET /api/order/:id, Bearer)',
        kind: 'route',
        path: '/api/order/ord_ada_1',
        headers: () => ({ Authorization: `Bearer ${token}` }),
      },
      {
        name: 'worker HTML page (GET /orders/:id, cookie)',
        kind: 'route',
        path: '/orders/ord_ada_1',
        headers: () => ({ Cookie: `__Host-checkout-lookup=${signIn}`, 'Accept-Language': 'de-DE' }),
      },
      { name: 'worker home page (GET /, no lookup)', kind: 'floor', path: '/', headers: () => ({}) },
    ];
    const at = (build, route) => ({ ...route, url: `${build.origin}${route.path}` });
    const direct = {
      name: 'sandbox directly (GET /api/order/:id, X-API-KEY)',
      kind: 'sandbox',
      url: `${sandbox}/api/order/ord_ada_1`,
      headers: () => ({ 'X-API-KEY': apiKey, 'X-Timestamp': String(Date.now()) }),
    };
    const [current] = builds;
    const targets = [direct, ...routes.map((route) => at(current, route))];
    for (const target of [direct, ...builds.flatMap((build) => routes.map((route) => at(build, route)))]) {
      const probe = await fetch(target.url, { headers: target.headers() });
      if (probe.status !== 200) throw new Error(`${target.name} (${target.url}) answered ${probe.status}`);
      await load(target, config.warmup);
    }

    // (1) CPU per request inside workerd: its process's CPU time over a fixed number of requests. With a baseline, the
    // two builds take turns on each route, the first of a round alternating, and each round gives a ratio.
    const samples = new Map(builds.map((build) => [build, new Map(routes.map((route) => [route, []]))]));
    for (let round = 0; round < config.rounds; round += 1) {
      for (const route of routes) {
        for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
          const before = cpuTicks(build.pid);
          const run = await load(at(build, route), { connections: 16, amount: config.cpuRequests });
          samples
            .get(build)
            .get(route)
            .push(((cpuTicks(build.pid) - before) * TICK_MS) / run.answered);
        }
      }
    }
    const cpuOf = (build) =>
      Object.fromEntries(
        routes.map((route) => [route.name, { cpuMsPerRequest: median(samples.get(build).get(route)), samples: samples.get(build).get(route) }]),
      );
    const cpu = cpuOf(current);
    let baseline;
    if (builds.length > 1) {
      const base = builds[1];
      baseline = {
        ref: config.baseline,
        commit: base.commit,
        cpu: cpuOf(base),
        ratios: Object.fromEntries(routes.map((route) => [route.name, ratiosOf(samples.get(current).get(route), samples.get(base).get(route))])),
      };
    }

    // (2) Latency of this worker, the targets alternating within each round at each level.
    const runs = new Map(targets.map((target) => [target, config.levels.map(() => [])]));
    for (let round = 0; round < config.latencyRounds; round += 1) {
      for (const [index, level] of config.levels.entries()) {
        for (const target of targets.slice(0, 3)) runs.get(target)[index].push(await load(target, level));
      }
    }
    // (3) The worker's own code, in-process.
    const inProcess = await measureInProcess(builds, routes, { apiKey, authSecret }, config, dir);
    const result = {
      config,
      runtime: execFileSync(join(ROOT, 'node_modules/workerd/bin/workerd'), ['--version'], { encoding: 'utf8' }).trim(),
      cpu,
      ...(baseline ? { baseline } : {}),
      inProcess,
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
    const [alone, ...viaWorker] = result.targets;
    for (const target of viaWorker) {
      target.addedP50Ms = target.levels.map((level, index) => level.p50Ms - alone.levels[index].p50Ms);
      target.addedP99Ms = target.levels.map((level, index) => level.p99Ms - alone.levels[index].p99Ms);
    }
    return result;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

// The driver of (3): POST /setup with the secrets, then GET /run?build=&route=&n= makes n calls of that bundle's
// fetch handler and answers the bytes read (every answer must be a 200).
const DRIVER = `import * as builds from './builds.js';
import { createSandbox } from './sandbox.js';
let state;
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/setup') {
      const secrets = await request.json();
      const sandbox = createSandbox({ apiKey: secrets.apiKey, logLimit: 1 });
      const env = { API_BASE_URL: 'http://sandbox.test', API_KEY: secrets.apiKey, AUTH_SECRET: secrets.authSecret, UPSTREAM: { fetch: (r) => sandbox.fetch(r) } };
      state = { env };
      return new Response('ready');
    }
    const { env } = state;
    const app = builds[url.searchParams.get('build')];
    const headers = JSON.parse(url.searchParams.get('headers'));
    const target = 'http://worker.test' + url.searchParams.get('path');
    const context = { waitUntil() {}, passThroughOnException() {} };
    let bytes = 0;
    for (let i = Number(url.searchParams.get('n')); i > 0; i -= 1) {
      const response = await app.fetch(new Request(target, { headers }), env, context);
      if (response.status !== 200) return new Response('status ' + response.status, { status: 500 });
      bytes += (await response.arrayBuffer()).byteLength;
    }
    return new Response(String(bytes));
  },
};`;

/** (3): the builds' fetch handlers called in one workerd, no HTTP; CPU per call, rounds alternating the builds. */
async function measureInProcess(builds, routes, secrets, config, dir) {
  const home = join(dir, 'in-process');
  mkdirSync(home);
  await build({
    entryPoints: [join(ROOT, 'dist/testing/index.js')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    outfile: join(home, 'sandbox.js'),
    logLevel: 'warning',
  });
  const names = builds.map((_, index) => `build${index}`);
  writeFileSync(join(home, 'builds.js'), names.map((name) => `export { default as ${name} } from './${name}.js';`).join('\n'));
  for (const [index, b] of builds.entries()) writeFileSync(join(home, `${names[index]}.js`), readFileSync(join(b.bundle, 'index.js')));
  writeFileSync(join(home, 'driver.js'), DRIVER);
  const port = await freePort();
  const modules = ['driver', 'builds', 'sandbox', ...names].map((name) => `(name = "${name}.js", esModule = embed "${name}.js")`).join(', ');
  writeFileSync(
    join(home, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "driver", worker = .driver) ],
  sockets = [ (name = "http", address = "${HOST}:${port}", http = (), service = "driver") ],
);
const driver :Workerd.Worker = ( modules = [ ${modules} ], compatibilityDate = "2026-11-01" );`,
  );
  const workerd = spawn(join(ROOT, 'node_modules/workerd/bin/workerd'), ['serve', join(home, 'config.capnp')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const origin = `http://${HOST}:${port}`;
    await until(async () => (await fetch(`${origin}/setup`, { method: 'POST', body: JSON.stringify(secrets) })).ok, 'the in-process driver');
    const run = async (index, route, n) => {
      const query = new URLSearchParams({ build: names[index], path: route.path, headers: JSON.stringify(route.headers()), n: String(n) });
      const answer = await fetch(`${origin}/run?${query}`);
      if (!answer.ok) throw new Error(`in-process ${builds[index].name}, ${route.name}: ${await answer.text()}`);
    };
    const samples = builds.map(() => routes.map(() => []));
    for (const [r, route] of routes.entries()) {
      for (const index of builds.keys()) await run(index, route, config.inProcessCalls / 4);
      for (let round = 0; round < config.rounds; round += 1) {
        for (const index of round % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse()) {
          const before = cpuTicks(workerd.pid);
          await run(index, route, config.inProcessCalls);
          samples[index][r].push(((cpuTicks(workerd.pid) - before) * TICK_MS * 1000) / config.inProcessCalls);
        }
      }
    }
    return builds.map((b, index) => ({
      name: b.name,
      routes: Object.fromEntries(
        routes.map((route, r) => [
          route.name,
          {
            cpuUsPerCall: median(samples[index][r]),
            samples: samples[index][r],
            ...(index === 0 ? {} : { ratios: ratiosOf(samples[0][r], samples[index][r]) }),
          },
        ]),
      ),
    }));
  } finally {
    workerd.kill('SIGTERM');
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
  const { readCommandLine, usageFromHeader } = await import('../scripts/command-line.mjs');
  const usage = usageFromHeader(import.meta.url, 'npm run build && npx node bench/worker-load.mjs   (BENCH_ROUNDS, BENCH_WORKER_BASELINE)');
  readCommandLine(process.argv.slice(2), { name: 'bench/worker-load.mjs', usage });
  const result = await measureWorkerLoad();
  const f = (ms) => ms.toFixed(2).padStart(7);
  console.log(
    `${result.runtime}, ${result.config.rounds} rounds, medians of rounds; runtime errors/warnings: ${result.runtimeErrors}\n\nCPU per request inside workerd (process user+system time / requests, 16 connections, ${result.config.cpuRequests} requests a round):`,
  );
  for (const [name, { cpuMsPerRequest, samples }] of Object.entries(result.cpu))
    console.log(`  ${f(cpuMsPerRequest)} ms  ${name}  [${samples.map((s) => s.toFixed(2)).join(', ')}]`);
  if (result.baseline) {
    console.log(
      `\nBaseline ${result.baseline.ref} (${result.baseline.commit}), in the same rounds, and this worker over it (median of the rounds' ratios):`,
    );
    for (const [name, { cpuMsPerRequest, samples }] of Object.entries(result.baseline.cpu)) {
      const ratio = result.baseline.ratios[name];
      console.log(
        `  ${f(cpuMsPerRequest)} ms  ${name}  [${samples.map((s) => s.toFixed(2)).join(', ')}]  ratio ${ratio.median.toFixed(3)}x [${ratio.perRound.map((r) => r.toFixed(2)).join(', ')}]`,
      );
    }
  }
  console.log("\nThe worker's own code in-process (CPU per call of the fetch handler, the sandbox in the same isolate, no HTTP):");
  for (const build of result.inProcess) {
    for (const [name, { cpuUsPerCall, samples, ratios }] of Object.entries(build.routes)) {
      console.log(`  ${f(cpuUsPerCall)} µs  ${build.name}: ${name}  [${samples.map((s) => s.toFixed(0)).join(', ')}]`);
      if (ratios)
        console.log(`           this worker over it: ${ratios.median.toFixed(3)}x [${ratios.perRound.map((r) => r.toFixed(2)).join(', ')}]`);
    }
  }
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
