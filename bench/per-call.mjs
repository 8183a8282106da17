// Per-call cost: getOrder of the BUILT package vs bare fetch + JSON.parse (same URL and headers), calls alternating
// one by one in one process (who goes first swaps every pair), after a warm-up, in several rounds; the ratio of the
// medians is reported per round. Against a loopback node:http server answering the typical order, run in the same
// process as the calls and in another (Node 24) process. In Node 20 (/usr/bin/node, only if it is v20), Node 24, Bun and Deno.
//   node bench/per-call.mjs                                      every runtime x both servers, JSON on stdout
//   <runtime> bench/per-call.mjs --client same|URL [rounds calls warmup]   one runtime, JSON on stdout
//   node bench/per-call.mjs --serve                              a server for another process: prints its URL
//   node --cpu-prof bench/per-call.mjs --loop sdk|bare [calls]   one kind of call only, to profile
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { PAYLOADS } from './fixtures.mjs';
import { DIST, NODE20_MISSING, NODE24, RUNTIMES, median, progress, timeCommand } from './lib.mjs';

export const PER_CALL = { rounds: 5, calls: 1500, warmup: 500, target: 1.05 };
// Made per run and inherited by the processes started here (the server of the other process checks it).
const API_KEY = (process.env.BENCH_API_KEY ??= `bench_${crypto.randomUUID()}`);
const ID = PAYLOADS['typical order'].data.orderId; // the seeded ord_ada_1
const BODY = PAYLOADS['typical order'].json;
const SELF = new URL(import.meta.url).pathname;

/** A loopback server answering every GET with the typical order's envelope, with its length (401 without the key). */
export function serve() {
  const server = createServer((request, response) => {
    const body = request.headers['x-api-key'] === API_KEY ? BODY : '{"code":401,"msg":"no key","data":null}';
    response.writeHead(body === BODY ? 200 : 401, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The two contenders against `baseUrl`; each checks its answer, so neither can win by failing. */
async function contenders(baseUrl) {
  const { getOrder } = await import(`${DIST}/index.js`);
  const options = { baseUrl, apiKey: API_KEY };
  const url = `${baseUrl}/api/order/${encodeURIComponent(ID)}`;
  const check = (order) => {
    if (order.orderId !== ID) throw new Error('wrong answer');
  };
  return {
    sdk: async () => check(await getOrder(ID, options)),
    bare: async () => {
      const headers = { Accept: 'application/json', 'X-API-KEY': API_KEY, 'X-Timestamp': String(Date.now()) };
      const response = await fetch(url, { headers });
      check(JSON.parse(await response.text()).data);
    },
  };
}

async function client(where, rounds, calls, warmup) {
  const server = where === 'same' ? await serve() : undefined;
  const { sdk, bare } = await contenders(server ? `http://127.0.0.1:${server.address().port}` : where);
  const time = async (call, into, index) => {
    const started = performance.now();
    await call();
    into[index] = performance.now() - started;
  };
  const round = async (count) => {
    const [s, b] = [new Float64Array(count), new Float64Array(count)];
    for (let index = 0; index < count; index++) {
      if (index % 2) await time(sdk, s, index).then(() => time(bare, b, index));
      else await time(bare, b, index).then(() => time(sdk, s, index));
    }
    return { sdkUs: median(s) * 1000, bareUs: median(b) * 1000 };
  };
  await round(warmup);
  const result = [];
  for (let index = 0; index < rounds; index++) result.push(await round(calls));
  server?.close();
  return result.map((row) => ({ ...row, ratio: row.sdkUs / row.bareUs }));
}

/** Every runtime against a server in the same process and in another (Node 24) process. */
export async function measurePerCall(config = PER_CALL) {
  const other = spawn(NODE24, [SELF, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((resolve, reject) => {
      other.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
      other.once('exit', () => reject(new Error('the server process ended')));
    });
    const results = [];
    for (const [runtime, command] of Object.entries(RUNTIMES)) {
      for (const server of ['same', 'other']) {
        const args = ['--client', server === 'same' ? 'same' : url, config.rounds, config.calls, config.warmup];
        const rounds = JSON.parse((await timeCommand([...command, SELF, ...args.map(String)])).stdout);
        const pick = (key) => median(rounds.map((round) => round[key]));
        results.push({ runtime, server, rounds, ratio: pick('ratio'), sdkUs: pick('sdkUs'), bareUs: pick('bareUs') });
        progress(`per-call ${runtime}, server in ${server} process: ${rounds.map((r) => r.ratio.toFixed(3)).join(' ')}`);
      }
    }
    return { config, results, ...(NODE20_MISSING && { note: NODE20_MISSING }) };
  } finally {
    other.kill();
  }
}

const [flag, where, ...numbers] = process.argv.slice(2);
if (flag === '--serve') {
  const server = await serve();
  console.log(`http://127.0.0.1:${server.address().port}`);
} else if (flag === '--client') {
  const [rounds, calls, warmup] = [PER_CALL.rounds, PER_CALL.calls, PER_CALL.warmup].map((d, i) => Number(numbers[i] ?? d));
  console.log(JSON.stringify(await client(where, rounds, calls, warmup)));
  process.exit(0);
} else if (flag === '--loop') {
  const server = await serve();
  const call = (await contenders(`http://127.0.0.1:${server.address().port}`))[where];
  const count = Number(numbers[0] ?? 20_000);
  const started = performance.now();
  for (let index = 0; index < count; index++) await call();
  console.log(`${where}: ${(((performance.now() - started) / count) * 1000).toFixed(1)} µs per call`);
  server.close();
} else if (process.argv[1] === SELF) {
  console.log(JSON.stringify(await measurePerCall(), null, 2));
}
