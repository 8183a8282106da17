#!/usr/bin/env node
// What calls leave in memory on Node 20 and Node 24, with and without one long-lived caller's signal shared by all of
// them: for 20,000, 40,000 and 60,000 calls (each count, each case in a fresh process), the heap growth after full
// garbage collections, in bytes per call. Beside the SDK (getOrder with an injected fetch, and with the runtime's fetch
// over loopback), the runtime alone doing what every call does: a Request that follows a signal, that signal joined to
// the shared one by AbortSignal.any or not. Run `npx tsup`, then `node bench/signal-trend.mjs`; not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readCommandLine, usageFromHeader } from '../scripts/command-line.mjs';
import { NODE20, NODE20_MISSING, NODE24, ROOT } from './lib.mjs';

const COUNTS = [20_000, 40_000, 60_000];
const CASES = {
  'SDK, injected fetch, shared signal': 'sdk signal',
  'SDK, injected fetch, no signal': 'sdk none',
  "SDK, the runtime's fetch over loopback, shared signal": 'global signal',
  "SDK, the runtime's fetch over loopback, no signal": 'global none',
  'runtime alone: new Request with a signal joined to the shared one': 'request signal',
  'runtime alone: new Request with a signal of its own': 'request none',
  'runtime alone: AbortSignal.any with the shared signal': 'any signal',
};

// One measurement in its own process (--expose-gc): warm up, collect until the heap settles (finalizers run between
// collections), make `calls` calls 200 at a time, collect again, and print the growth.
const CHILD = `
import { createServer } from 'node:http';
const { getOrder } = await import(${JSON.stringify(`${ROOT}/dist/index.js`)});
const [calls, what, mode] = [Number(process.argv[1]), process.argv[2], process.argv[3]];
const body = JSON.stringify({ code: 0, msg: 'ok', data: { orderId: 'ord_1' } });
const shared = new AbortController();
const server = createServer((_, response) => response.end(body));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const options = {
  baseUrl: what === 'global' ? 'http://127.0.0.1:' + server.address().port + '/' : 'https://checkout.test/',
  apiKey: 'sk_test_trend_0000',
  ...(what === 'global' ? {} : { fetch: async () => new Response(body) }),
  ...(mode === 'signal' ? { signal: shared.signal } : {}),
};
const own = () => new AbortController().signal;
// The SDK's call, on an injected fetch (sdk) or the runtime's own (global): \`options\` above says which.
const lookUp = () => getOrder('ord_1', options);
const one = {
  sdk: lookUp,
  global: lookUp,
  request: async () => new Request('https://checkout.test/', { signal: mode === 'signal' ? AbortSignal.any([own(), shared.signal]) : own() }),
  any: async () => AbortSignal.any([own(), shared.signal]),
}[what];
const settle = async () => {
  for (let i = 0; i < 8; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return process.memoryUsage().heapUsed;
};
for (let i = 0; i < 2000; i += 200) await Promise.all(Array.from({ length: 200 }, one));
const before = await settle();
for (let i = 0; i < calls; i += 200) await Promise.all(Array.from({ length: 200 }, one));
const after = await settle();
server.close();
console.log((after - before) / calls);
`;

// --help and -h print the header above; it takes no argument, and refuses any.
readCommandLine(process.argv.slice(2), { name: 'bench/signal-trend.mjs', usage: usageFromHeader(import.meta.url, 'node bench/signal-trend.mjs') });
const runtimes = { ...(NODE20_MISSING ? {} : { 'Node 20': NODE20 }), 'Node 24': NODE24 };
console.log(`bytes per call left after garbage collection, for ${COUNTS.join(' / ')} calls\n`);
for (const [name, node] of Object.entries(runtimes)) {
  for (const [label, args] of Object.entries(CASES)) {
    const figures = COUNTS.map((calls) => {
      const child = spawnSync(node, ['--expose-gc', '--input-type=module', '-e', CHILD, String(calls), ...args.split(' ')], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(child.stderr);
      return Number(child.stdout).toFixed(0).padStart(4);
    });
    console.log(`${name}  ${figures.join(' / ')}  ${label}`);
  }
}
