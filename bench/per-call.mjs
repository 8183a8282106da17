// Per-call cost of getOrder (the BUILT package) against bare fetch + res.json(), and what each element of a call
// costs, in one process per runtime and server placement. Several contenders alternate call by call, each cycle
// calling every contender once in a shuffled order (a seeded generator, so every run shuffles alike); part of a call's
// cost (deferred cleanup, garbage collection) lands on the call after it, so each call's time is kept with the
// contender called just before it (the neighbour effect). Against a loopback node:http server answering the typical
// order with its Content-Length, run in the same process as the calls and in another (Node 24) process. In Node 20
// (/usr/bin/node, only if it is v20), Node 24, Bun and Deno.
//   node bench/per-call.mjs                                    every runtime x both servers, JSON on stdout
//   <runtime> bench/per-call.mjs --client same|URL             one runtime, JSON on stdout (after one full run, or
//                                                              `node bench/per-call.mjs --prepare`, built body.mjs)
//   node bench/per-call.mjs --serve                            a server for another process: prints its URL
//   node --cpu-prof bench/per-call.mjs --loop NAME [calls]     one contender only, to profile (names: CONTENDERS)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { PAYLOADS } from './fixtures.mjs';
import { DIST, NODE20_MISSING, NODE24, ROOT, RUNTIMES, median, progress, timeCommand } from './lib.mjs';

/** Cycles (each calls every contender once) per round; the seed of the shuffles; the goals of issue 15 item 7. */
export const PER_CALL = {
  rounds: 5,
  cycles: 600,
  warmupCycles: 200,
  seed: 15,
  goals: { 'Node 20': 1.1, 'Node 24': 1.1, Bun: 1.15, Deno: 1.2 },
};
// Made per run and inherited by the processes started here (the server of the other process checks it).
const API_KEY = (process.env.BENCH_API_KEY ??= `bench_${crypto.randomUUID()}`);
const ID = PAYLOADS['typical order'].data.orderId; // the seeded ord_ada_1
const BODY = PAYLOADS['typical order'].json;
const SELF = new URL(import.meta.url).pathname;
/** src/core/body.ts bundled as it is (not minified), so the body-read contenders run the SDK's own readText. */
const BODY_MODULE = join(ROOT, 'test-output', 'bench', 'body.mjs');
const CAP = 1_048_576; // the SDK's default maxBodyBytes

/** What each contender does; BENCHMARKS.md's element table is built from differences of their medians. */
export const CONTENDERS = {
  bare: 'fetch(url, { headers }) + res.json()',
  schema: "bare + v.safeParse with the SDK's OrderSchema",
  deadline: 'bare + an AbortController, its signal in the init and a 10 s setTimeout cleared after the body',
  request: 'deadline, but fetch(new Request(url, { headers, signal, redirect: "manual" }))',
  'read, one go': "fetch + the SDK's readText(…, native = true) + JSON.parse instead of res.json()",
  'read, streamed': "fetch + the SDK's readText(…, native = false) + JSON.parse instead of res.json()",
  'by hand': "deadline + the SDK's readText in one go + JSON.parse + the SDK's schema: the elements without the SDK",
  getOrder: 'getOrder(id, { baseUrl, apiKey }) from dist/',
  'getOrder, injected fetch': 'getOrder with fetch: (input, init) => fetch(input, init) (the SDK may not trust its framing)',
};

/** A loopback server answering every GET with the typical order's envelope, with its length (401 without the key). */
export function serve() {
  const server = createServer((request, response) => {
    const body = request.headers['x-api-key'] === API_KEY ? BODY : '{"code":401,"msg":"no key","data":null}';
    response.writeHead(body === BODY ? 200 : 401, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Bundles src/core/body.ts for the contenders (esbuild, the same source the build reads). */
export async function prepare() {
  const esbuild = await import('esbuild');
  mkdirSync(join(ROOT, 'test-output', 'bench'), { recursive: true });
  await esbuild.build({
    entryPoints: [join(ROOT, 'src', 'core', 'body.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outfile: BODY_MODULE,
    logLevel: 'silent',
  });
}

/** The contenders against `baseUrl`; each checks its answer, so none can win by failing. */
async function contenders(baseUrl) {
  const [{ getOrder, OrderSchema }, v, { readText }] = await Promise.all([import(`${DIST}/index.js`), import('valibot'), import(BODY_MODULE)]);
  const url = `${baseUrl}/api/order/${encodeURIComponent(ID)}`;
  const options = { baseUrl, apiKey: API_KEY };
  const injected = { ...options, fetch: (input, init) => fetch(input, init) };
  const never = new Promise(() => {});
  const headers = () => ({ Accept: 'application/json', 'X-API-KEY': API_KEY, 'X-Timestamp': String(Date.now()) });
  const check = (order) => {
    if (order?.orderId !== ID) throw new Error('wrong answer');
  };
  const withDeadline = async (send) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('deadline')), 10_000);
    try {
      check((await (await send(controller.signal)).json()).data);
    } finally {
      clearTimeout(timer);
    }
  };
  const readWith = (native) => async () => {
    const response = await fetch(url, { headers: headers() });
    check(JSON.parse(await readText(response, CAP, never, native)).data);
  };
  return {
    bare: async () => check((await (await fetch(url, { headers: headers() })).json()).data),
    schema: async () => {
      const result = v.safeParse(OrderSchema, (await (await fetch(url, { headers: headers() })).json()).data);
      check(result.success && result.output);
    },
    deadline: () => withDeadline((signal) => fetch(url, { headers: headers(), signal })),
    request: () => withDeadline((signal) => fetch(new Request(url, { headers: headers(), signal, redirect: 'manual' }))),
    'read, one go': readWith(true),
    'read, streamed': readWith(false),
    'by hand': async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('deadline')), 10_000);
      try {
        const response = await fetch(url, { headers: headers(), signal: controller.signal });
        const result = v.safeParse(OrderSchema, JSON.parse(await readText(response, CAP, never, true)).data);
        check(result.success && result.output);
      } finally {
        clearTimeout(timer);
      }
    },
    getOrder: async () => check(await getOrder(ID, options)),
    'getOrder, injected fetch': async () => check(await getOrder(ID, injected)),
  };
}

/** mulberry32: a small seeded generator, so the shuffles are the same in every run and runtime. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(order, random) {
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other], order[index]];
  }
  return order;
}

/**
 * One runtime's measurement: per round, each contender's median (µs); over every round, each contender's median
 * after each predecessor (µs), with the count of such calls.
 */
async function client(where, { rounds, cycles, warmupCycles, seed }) {
  const server = where === 'same' ? await serve() : undefined;
  const calls = await contenders(server ? `http://127.0.0.1:${server.address().port}` : where);
  const names = Object.keys(calls);
  const functions = names.map((name) => calls[name]);
  const random = generator(seed);
  const total = rounds * cycles;
  // Per contender: every measured call's time (µs) and the index of the contender called just before it.
  const times = names.map(() => new Float64Array(total));
  const before = names.map(() => new Uint8Array(total));
  let previous = 0;
  const cycle = async (slot) => {
    for (const index of shuffle([...names.keys()], random)) {
      const started = performance.now();
      await functions[index]();
      const us = (performance.now() - started) * 1000;
      if (slot >= 0) [times[index][slot], before[index][slot]] = [us, previous];
      previous = index;
    }
  };
  for (let index = 0; index < warmupCycles; index++) await cycle(-1);
  for (let slot = 0; slot < total; slot++) await cycle(slot);
  server?.close();
  const perRound = Array.from({ length: rounds }, (_, round) =>
    Object.fromEntries(names.map((name, index) => [name, median(times[index].subarray(round * cycles, (round + 1) * cycles))])),
  );
  const afterEach = Object.fromEntries(
    names.map((name, index) => [
      name,
      Object.fromEntries(
        names.map((predecessor, p) => {
          const picked = times[index].filter((_, slot) => before[index][slot] === p);
          return [predecessor, { us: picked.length > 0 ? median(picked) : null, calls: picked.length }];
        }),
      ),
    ]),
  );
  const overall = Object.fromEntries(names.map((name, index) => [name, median(times[index])]));
  return { names, perRound, overall, afterEach };
}

/** Ratios, element costs and neighbour effects of one client's figures. */
export function analyse({ names, perRound, overall, afterEach }) {
  const ratio = median(perRound.map((round) => round.getOrder / round.bare));
  // Each element's cost is a difference of two contenders' medians, taken in each round; the median of the rounds'.
  const costs = (round) => {
    const us = (name) => round[name];
    return {
      'validation (valibot OrderSchema)': us('schema') - us('bare'),
      'deadline (AbortController + timer + signal)': us('deadline') - us('bare'),
      'a Request object with the signal (over the deadline)': us('request') - us('deadline'),
      'body read in one go (readText native + JSON.parse, over res.json())': us('read, one go') - us('bare'),
      'body read streamed (readText + JSON.parse, over res.json())': us('read, streamed') - us('bare'),
      'fast path gain (streamed minus one go)': us('read, streamed') - us('read, one go'),
      'the elements together (by hand minus bare)': us('by hand') - us('bare'),
      "the SDK's own overhead (getOrder minus by hand)": us('getOrder') - us('by hand'),
      'an injected fetch (getOrder with it minus getOrder)': us('getOrder, injected fetch') - us('getOrder'),
    };
  };
  const byRound = perRound.map(costs);
  const elements = Object.fromEntries(Object.keys(byRound[0]).map((name) => [name, median(byRound.map((round) => round[name]))]));
  // How a call's time moves with the contender before it: per predecessor, the mean over the other contenders of
  // (median after that predecessor - overall median), in µs and as a fraction; a call's overall median holds the
  // average of these, so its own median plus its own move is what it costs with what it leaves for the next call.
  const moves = Object.fromEntries(
    names.map((predecessor) => {
      const others = names.filter((name) => name !== predecessor && afterEach[name][predecessor].us !== null);
      const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
      return [
        predecessor,
        {
          us: mean(others.map((name) => afterEach[name][predecessor].us - overall[name])),
          fraction: mean(others.map((name) => afterEach[name][predecessor].us / overall[name] - 1)),
        },
      ];
    }),
  );
  // getOrder over bare when both follow the same predecessor (neither of the two).
  const ratioAfter = Object.fromEntries(
    names
      .filter((p) => p !== 'getOrder' && p !== 'bare')
      .map((predecessor) => [predecessor, afterEach.getOrder[predecessor].us / afterEach.bare[predecessor].us]),
  );
  const withNextCall = (overall.getOrder + moves.getOrder.us) / (overall.bare + moves.bare.us);
  return { ratio, roundRatios: perRound.map((round) => round.getOrder / round.bare), elements, moves, ratioAfter, withNextCall };
}

/** Every runtime against a server in the same process and in another (Node 24) process. */
export async function measurePerCall(config = PER_CALL) {
  await prepare();
  const other = spawn(NODE24, [SELF, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((resolve, reject) => {
      other.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
      other.once('exit', () => reject(new Error('the server process ended')));
    });
    const results = [];
    for (const [runtime, command] of Object.entries(RUNTIMES)) {
      for (const server of ['same', 'other']) {
        const args = ['--client', server === 'same' ? 'same' : url, JSON.stringify(config)];
        const measured = JSON.parse((await timeCommand([...command, SELF, ...args], { timeoutMs: 300_000 })).stdout);
        const analysis = analyse(measured);
        const goal = config.goals[runtime];
        results.push({ runtime, server, goal, met: analysis.ratio <= goal, ...measured, ...analysis });
        progress(
          `per-call ${runtime}, server in ${server} process: getOrder ${analysis.ratio.toFixed(3)}x bare (rounds ${analysis.roundRatios.map((r) => r.toFixed(3)).join(' ')}): goal <= ${goal}x ${analysis.ratio <= goal ? 'met' : 'MISSED'}`,
        );
      }
    }
    return { config, contenders: CONTENDERS, payloadBytes: Buffer.byteLength(BODY), results, ...(NODE20_MISSING && { note: NODE20_MISSING }) };
  } finally {
    other.kill();
  }
}

const [flag, where, extra] = process.argv.slice(2);
if (flag === '--serve') {
  const server = await serve();
  console.log(`http://127.0.0.1:${server.address().port}`);
} else if (flag === '--prepare') {
  await prepare();
} else if (flag === '--client') {
  console.log(JSON.stringify(await client(where, { ...PER_CALL, ...(extra && JSON.parse(extra)) })));
  process.exit(0);
} else if (flag === '--loop') {
  await prepare();
  const server = await serve();
  const call = (await contenders(`http://127.0.0.1:${server.address().port}`))[where];
  if (!call) throw new Error(`--loop takes one of: ${Object.keys(CONTENDERS).join(', ')}`);
  const count = Number(extra ?? 20_000);
  const started = performance.now();
  for (let index = 0; index < count; index++) await call();
  console.log(`${where}: ${(((performance.now() - started) / count) * 1000).toFixed(1)} µs per call`);
  server.close();
} else if (process.argv[1] === SELF) {
  console.log(JSON.stringify(await measurePerCall(), null, 2));
}
