// Per-call cost of getOrder (the BUILT package) against a careful hand-written client with the same guarantees, and
// what each element of a call costs, in one process per runtime and server placement. Several contenders alternate
// call by call, each cycle calling every contender once in a shuffled order (a seeded generator, so every run
// shuffles alike); part of a call's cost (deferred cleanup, garbage collection) lands on the call after it, so each
// call's time is kept with the contender called just before it (the neighbour effect). Against a loopback node:http
// server answering the typical order with its Content-Length, run in the same process as the calls and in another
// (Node 24) process. In Node 20 (/usr/bin/node, only if it is v20), Node 24, Bun and Deno.
//   node bench/per-call.mjs                                    every runtime x both servers, JSON on stdout
//   <runtime> bench/per-call.mjs --client same|URL [CONFIG]    one runtime, JSON on stdout (after one full run, or
//                                                              `node bench/per-call.mjs --prepare`, built body.mjs);
//                                                              CONFIG is JSON over PER_CALL, such as
//                                                              '{"rounds":2,"variants":{"getOrder, patched":"/tmp/x.mjs"}}'
//                                                              (each variant: a module exporting getOrder, measured
//                                                              as one more contender; with an injected fetch when
//                                                              its name ends in ", injected fetch"); "only": [names]
//                                                              keeps those contenders, by hand and getOrder
//   <runtime> bench/per-call.mjs --ratios same|URL [CONFIG]    the same, as a few lines: medians, ratios, elements
//   node bench/per-call.mjs --serve                            a server for another process: prints its URL (give
//                                                              it and the client one BENCH_API_KEY)
//   node --cpu-prof bench/per-call.mjs --loop NAME [calls]     one contender only, to profile (names: CONTENDERS)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { PAYLOADS } from './fixtures.mjs';
import { DIST, NODE20_MISSING, NODE24, ROOT, RUNTIMES, median, progress, timeCommand } from './lib.mjs';

/**
 * Cycles (each calls every contender once) per round; the seed of the shuffles; the goal: getOrder's median over the
 * hand-written client's (`by hand`) in each runtime.
 */
export const PER_CALL = {
  rounds: 5,
  cycles: 600,
  warmupCycles: 200,
  seed: 15,
  goals: { 'Node 20': 1.05, 'Node 24': 1.05, Bun: 1.05, Deno: 1.05 },
  variants: {},
};
// Made per run and inherited by the processes started here (the server of the other process checks it).
process.env.BENCH_API_KEY ??= `bench_${crypto.randomUUID()}`;
const API_KEY = process.env.BENCH_API_KEY;
const ID = PAYLOADS['typical order'].data.orderId; // the seeded ord_ada_1
const BODY = PAYLOADS['typical order'].json;
const SELF = new URL(import.meta.url).pathname;
/** src/core/body.ts bundled as it is (not minified), so the body-read contenders run the SDK's own readText. */
const BODY_MODULE = join(ROOT, 'test-output', 'bench', 'body.mjs');
const CAP = 1_048_576; // the SDK's default maxBodyBytes
/** What an id must not hold (the SDK's rule): a control character or a line separator. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The contender every getOrder is compared with. */
export const BASELINE = 'by hand';

/** What each contender does; BENCHMARKS.md's element table is built from differences of their medians. */
export const CONTENDERS = {
  bare: 'fetch(url, { headers }) + res.json(): no deadline, no checks',
  schema: "bare + v.safeParse with the SDK's OrderSchema",
  deadline: 'bare + an AbortController, its signal in the init and a 10 s setTimeout cleared after the body',
  'by hand':
    "a careful client with getOrder's guarantees: the id checked (1 to 256 characters, no control, not a dot segment) and encoded, fetch(url, { headers, signal, redirect: 'manual' }), a 10 s deadline timer cleared at the end that also ends the awaited answer and cancels the body (a fetch or body that ignores the signal ends at it), the body under the 1 MiB cap (a stated Content-Length over it refused, the bytes counted as they come, since the length may be absent or untrue), decoded as strict UTF-8, the clock read before JSON.parse and after validating (no answer once the deadline has passed), the envelope check (HTTP 2xx, an object, code 0 or 200, msg a string or null), an array refused and v.safeParse(OrderSchema)",
  'by hand, trusting':
    "by hand as it was measured before it took getOrder's other success-path guarantees: without the id's rule, the deadline over a fetch or body that ignores the signal and over parsing and validating, strict UTF-8, the envelope's types and an array refused",
  'by hand, Request': 'by hand, but fetch(new Request(url, init)) as the SDK calls it',
  'by hand, readText':
    "by hand, but the SDK's readText (the chunks counted against the cap, cancelled by the deadline, decoded once) instead of its own counted read",
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

/** The contenders against `baseUrl` (and one per variant module); each checks its answer, so none can win by failing. */
export async function contenders(baseUrl, variants = {}) {
  const [{ getOrder, OrderSchema }, v, { readText }] = await Promise.all([import(`${DIST}/index.js`), import('valibot'), import(BODY_MODULE)]);
  const url = `${baseUrl}/api/order/${encodeURIComponent(ID)}`;
  const options = { baseUrl, apiKey: API_KEY };
  const injected = { ...options, fetch: (input, init) => fetch(input, init) };
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
  const decoder = new TextDecoder();
  const strictDecoder = new TextDecoder('utf-8', { fatal: true });
  /**
   * The body as a careful client reads it under the cap: a stated length over it refused, the bytes counted as they
   * come, never trusting the header (Bun and Deno deliver more than a Content-Length says on a chunked body). Given
   * `until`, the deadline cancels the body (one that ignores the signal ends at it), and a body that is not UTF-8 is
   * refused (`strict`), as JSON must be.
   */
  const readCapped = async (response, until, strict) => {
    if (Number(response.headers.get('content-length')) > CAP) {
      await response.body?.cancel();
      throw new Error('body too large');
    }
    const reader = response.body.getReader();
    let stopped;
    until?.((reason) => {
      stopped = { reason };
      reader.cancel(reason).catch(() => {});
    });
    const chunks = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (stopped) throw stopped.reason;
      if (done) break;
      size += value.byteLength;
      if (size > CAP) {
        await reader.cancel();
        throw new Error('body too large');
      }
      chunks.push(value);
    }
    return (strict ? strictDecoder : decoder).decode(chunks.length === 1 ? chunks[0] : await new Blob(chunks).arrayBuffer());
  };
  /**
   * The hand-written client; `send` and `read` swap in the SDK's ways of sending and reading. `guarded` (the
   * yardstick) adds what getOrder also guarantees on a success: the id checked before it goes into the path (1 to 256
   * characters, no control, not "." or "..", which encodeURIComponent keeps and the URL parser would resolve out of
   * the order's path), nothing outliving the deadline however the fetch or its body treat the signal (a mocked or
   * patched fetch: the answer raced, the body cancelled) and no answer once it has passed (the clock read before
   * parsing and after validating, which no timer can interrupt), a body that is not UTF-8 refused, the envelope's
   * types checked (an object, not an array; msg a string or null) and an array as the order refused (valibot's
   * looseObject reads one as an object).
   */
  const byHand =
    ({ send = (target, init) => fetch(target, init), read = readCapped, guarded = true } = {}) =>
    async (id = ID) => {
      if (guarded && !(typeof id === 'string' && id.length >= 1 && id.length <= 256 && id !== '.' && id !== '..' && !UNSAFE.test(id))) {
        throw new TypeError('bad id');
      }
      const end = Date.now() + 10_000;
      const late = () => {
        if (guarded && Date.now() >= end) throw new Error('deadline');
      };
      const controller = new AbortController();
      // What the deadline ends besides the request: the answer awaited, then the body's read.
      let interrupt;
      const until = (next) => {
        interrupt = next;
        if (controller.signal.aborted) next(controller.signal.reason);
      };
      const timer = setTimeout(() => {
        controller.abort(new Error('deadline'));
        interrupt?.(controller.signal.reason);
      }, 10_000);
      try {
        const init = { headers: headers(), signal: controller.signal, redirect: 'manual' };
        const sent = send(`${baseUrl}/api/order/${encodeURIComponent(id)}`, init);
        const response = await (guarded
          ? new Promise((resolve, reject) => {
              until(reject);
              sent.then(resolve, reject);
            })
          : sent);
        const text = await read(response, guarded ? until : undefined, guarded);
        late();
        const body = JSON.parse(text);
        if (!response.ok || (body?.code !== 0 && body?.code !== 200)) throw new Error(`HTTP ${response.status}`);
        if (guarded && (Array.isArray(body) || !(body.msg == null || typeof body.msg === 'string') || Array.isArray(body.data))) {
          throw new Error('invalid answer');
        }
        const result = v.safeParse(OrderSchema, body.data);
        if (!result.success) throw new Error('invalid order');
        late();
        return result.output;
      } finally {
        clearTimeout(timer);
      }
    };
  const careful = byHand();
  const trusting = byHand({ guarded: false });
  const request = byHand({ send: (target, init) => fetch(new Request(target, init)) });
  const readCounted = byHand({ read: (response, until) => readText(response, CAP, { until }) });
  const calls = {
    bare: async () => check((await (await fetch(url, { headers: headers() })).json()).data),
    schema: async () => {
      const result = v.safeParse(OrderSchema, (await (await fetch(url, { headers: headers() })).json()).data);
      check(result.success && result.output);
    },
    deadline: () => withDeadline((signal) => fetch(url, { headers: headers(), signal })),
    'by hand': async () => check(await careful()),
    'by hand, trusting': async () => check(await trusting()),
    'by hand, Request': async () => check(await request()),
    'by hand, readText': async () => check(await readCounted()),
    getOrder: async () => check(await getOrder(ID, options)),
    'getOrder, injected fetch': async () => check(await getOrder(ID, injected)),
  };
  // A variant whose name ends in ", injected fetch" is called as that contender is.
  for (const [name, path] of Object.entries(variants)) {
    const variant = (await import(path)).getOrder;
    const given = name.endsWith(', injected fetch') ? injected : options;
    calls[name] = async () => check(await variant(ID, given));
  }
  return calls;
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
 * One runtime's measurement: per round, each contender's median wall time and median CPU time (µs); over every round,
 * each contender's median after each predecessor (µs), with the count of such calls. CPU time is the process's user +
 * system time over the call (process.cpuUsage, read outside the wall-time window): what the call itself costs, which
 * a busy machine inflates far less than the wall time, where waiting for a core counts too.
 */
async function client(where, { rounds, cycles, warmupCycles, seed, variants, only }) {
  const server = where === 'same' ? await serve() : undefined;
  const calls = await contenders(server ? `http://127.0.0.1:${server.address().port}` : where, variants);
  // `only` (a list of names) narrows the contenders while profiling a change; the baseline and getOrder always run.
  const names = Object.keys(calls).filter((name) => !only || only.includes(name) || name === BASELINE || name === 'getOrder' || name in variants);
  const functions = names.map((name) => calls[name]);
  const random = generator(seed);
  const total = rounds * cycles;
  // Per contender: every measured call's time (µs) and the index of the contender called just before it.
  const times = names.map(() => new Float64Array(total));
  const cpu = names.map(() => new Float64Array(total));
  const before = names.map(() => new Uint8Array(total));
  let previous = 0;
  const cycle = async (slot) => {
    for (const index of shuffle([...names.keys()], random)) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await functions[index]();
      const us = (performance.now() - started) * 1000;
      const { user, system } = process.cpuUsage(cpuBefore);
      if (slot >= 0) [times[index][slot], cpu[index][slot], before[index][slot]] = [us, user + system, previous];
      previous = index;
    }
  };
  for (let index = 0; index < warmupCycles; index++) await cycle(-1);
  for (let slot = 0; slot < total; slot++) await cycle(slot);
  server?.close();
  const ofRound = (values, round) => median(values.subarray(round * cycles, (round + 1) * cycles));
  const perRound = Array.from({ length: rounds }, (_, round) => Object.fromEntries(names.map((name, index) => [name, ofRound(times[index], round)])));
  const cpuPerRound = Array.from({ length: rounds }, (_, round) =>
    Object.fromEntries(names.map((name, index) => [name, ofRound(cpu[index], round)])),
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
  const cpuOverall = Object.fromEntries(names.map((name, index) => [name, median(cpu[index])]));
  return { names, perRound, overall, afterEach, cpuPerRound, cpuOverall };
}

/** An element's cost: the first contender's median minus the second's, in the same round. */
const ELEMENTS = {
  'validation (valibot OrderSchema, over bare)': ['schema', 'bare'],
  'deadline (AbortController + timer + signal, over bare)': ['deadline', 'bare'],
  'the careful client over bare (by hand minus bare)': [BASELINE, 'bare'],
  'the guarantees by hand now shares with getOrder (by hand minus by hand, trusting)': [BASELINE, 'by hand, trusting'],
  'a Request object (fetch(new Request(url, init)) over fetch(url, init))': ['by hand, Request', BASELINE],
  "the SDK's readText over text()": ['by hand, readText', BASELINE],
  "the SDK's own overhead (getOrder minus by hand)": ['getOrder', BASELINE],
  'an injected fetch (getOrder with it minus getOrder)': ['getOrder, injected fetch', 'getOrder'],
};

/** Ratios to the baseline, element costs and neighbour effects of one client's figures. */
export function analyse({ names, perRound, overall, afterEach, cpuPerRound }) {
  // Every getOrder contender (a variant too) over the baseline: per round, and the median of the rounds; in wall time
  // and in CPU time.
  const measured = names.filter((name) => name.startsWith('getOrder') || !(name in CONTENDERS));
  const roundRatiosOf = Object.fromEntries(measured.map((name) => [name, perRound.map((round) => round[name] / round[BASELINE])]));
  const ratios = Object.fromEntries(measured.map((name) => [name, median(roundRatiosOf[name])]));
  const cpuRatios = Object.fromEntries(measured.map((name) => [name, median(cpuPerRound.map((round) => round[name] / round[BASELINE]))]));
  // Each element's cost is a difference of two contenders' medians, taken in each round; the median of the rounds'.
  const elements = Object.fromEntries(
    [...Object.entries(ELEMENTS), ...measured.filter((name) => !(name in CONTENDERS)).map((name) => [`${name} minus getOrder`, [name, 'getOrder']])]
      .filter(([, pair]) => pair.every((name) => names.includes(name)))
      .map(([element, [a, b]]) => [element, median(perRound.map((round) => round[a] - round[b]))]),
  );
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
  // getOrder over the baseline when both follow the same predecessor (neither of the two).
  const ratioAfter = Object.fromEntries(
    names
      .filter((p) => p !== 'getOrder' && p !== BASELINE)
      .map((predecessor) => [predecessor, afterEach.getOrder[predecessor].us / afterEach[BASELINE][predecessor].us]),
  );
  const withNextCall = (overall.getOrder + moves.getOrder.us) / (overall[BASELINE] + moves[BASELINE].us);
  return { ratio: ratios.getOrder, roundRatios: roundRatiosOf.getOrder, ratios, cpuRatios, elements, moves, ratioAfter, withNextCall };
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
          `per-call ${runtime}, server in ${server} process: getOrder ${analysis.ratio.toFixed(3)}x by hand (rounds ${analysis.roundRatios.map((r) => r.toFixed(3)).join(' ')}): goal <= ${goal}x ${analysis.ratio <= goal ? 'met' : 'MISSED'}`,
        );
      }
    }
    return { config, contenders: CONTENDERS, payloadBytes: Buffer.byteLength(BODY), results, ...(NODE20_MISSING && { note: NODE20_MISSING }) };
  } finally {
    other.kill();
  }
}

const [flag, where, extra] = process.argv.slice(2);
const MODES = ['client', 'ratios', 'serve', 'prepare', 'loop'];
// --help and -h print the header above; anything but a mode is refused with the mode it is close to.
if (process.argv[1] === SELF && flag !== undefined && !MODES.includes(flag.replace(/^--/, ''))) {
  const { readCommandLine, usageFromHeader } = await import('../scripts/command-line.mjs');
  readCommandLine([flag], {
    name: 'bench/per-call.mjs',
    usage: usageFromHeader(import.meta.url, `node bench/per-call.mjs [${MODES.map((mode) => `--${mode}`).join('|')} ...]`),
    options: Object.fromEntries(MODES.map((mode) => [mode, { type: 'boolean' }])),
  });
}
if (flag === '--serve') {
  const server = await serve();
  console.log(`http://127.0.0.1:${server.address().port}`);
} else if (flag === '--prepare') {
  await prepare();
} else if (flag === '--client' || flag === '--ratios') {
  const measured = await client(where, { ...PER_CALL, ...(extra && JSON.parse(extra)) });
  if (flag === '--client') console.log(JSON.stringify(measured));
  else {
    const { ratios, cpuRatios, roundRatios, elements } = analyse(measured);
    for (const name of measured.names) {
      const ratio = name in ratios ? `  ${ratios[name].toFixed(3)}x ${BASELINE} (CPU ${cpuRatios[name].toFixed(3)}x)` : '';
      console.log(
        `${name.padEnd(28)} ${measured.overall[name].toFixed(1).padStart(7)} µs, CPU ${measured.cpuOverall[name].toFixed(0).padStart(4)} µs${ratio}`,
      );
    }
    console.log(`getOrder / ${BASELINE} per round: ${roundRatios.map((r) => r.toFixed(3)).join(' ')}`);
    for (const [element, us] of Object.entries(elements)) console.log(`${us.toFixed(1).padStart(7)} µs  ${element}`);
  }
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
