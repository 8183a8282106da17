// Validation throughput, in one Node process: per payload, JSON.parse alone, the SDK's schema alone (v.safeParse),
// both, and (typical order) the whole getOrder path with a fetch that answers a prebuilt Response at once vs bare
// fetch + JSON.parse with the same fetch. The methods alternate batch by batch (each batch about `batchMs`); the
// median batch of each is reported, in operations per second.
//   node bench/validation.mjs     JSON on stdout
import * as v from 'valibot';
import { PAYLOADS } from './fixtures.mjs';
import { DIST, median, progress } from './lib.mjs';

export const VALIDATION = { batches: 9, batchMs: 150, target: { payload: 'typical order', method: 'SDK schema', perSecond: 100_000 } };

async function methods({ kind, data, json }) {
  const sdk = await import(`${DIST}/index.js`);
  const schema = kind === 'order' ? sdk.OrderSchema : sdk.CheckoutSessionSchema;
  const valid = (result) => {
    if (!result.success) throw new Error(`the ${kind} did not validate`);
  };
  const sync = {
    'JSON.parse': () => JSON.parse(json),
    'SDK schema': () => valid(v.safeParse(schema, data)),
    'JSON.parse + SDK schema': () => valid(v.safeParse(schema, JSON.parse(json).data)),
  };
  if (kind !== 'order') return { sync, async: {} };
  const bytes = new TextEncoder().encode(json);
  const fetch = async () => new Response(bytes, { headers: { 'content-type': 'application/json' } });
  return {
    sync,
    async: {
      'getOrder, in-memory fetch': () => sdk.getOrder(data.orderId, { baseUrl: 'https://service.test', apiKey: 'bench-key', fetch }),
      'fetch + JSON.parse, in-memory fetch': async () => JSON.parse(await (await fetch('https://service.test/')).text()),
    },
  };
}

/** Operations per second of one batch of about `ms`; the clock is read every 32 operations. */
async function batch(operation, isAsync, ms) {
  let count = 0;
  const started = performance.now();
  do {
    for (let index = 0; index < 32; index++) isAsync ? await operation() : operation();
    count += 32;
  } while (performance.now() - started < ms);
  return (count / (performance.now() - started)) * 1000;
}

export async function measureValidation(config = VALIDATION) {
  const results = [];
  for (const [payload, fixture] of Object.entries(PAYLOADS)) {
    const { sync, async } = await methods(fixture);
    const all = [...Object.entries(sync).map(([name, op]) => [name, op, false]), ...Object.entries(async).map(([name, op]) => [name, op, true])];
    const rates = all.map(() => []);
    for (const [, op, isAsync] of all) await batch(op, isAsync, config.batchMs); // warm-up
    for (let round = 0; round < config.batches; round++) {
      for (const [index, [, op, isAsync]] of all.entries()) rates[index].push(await batch(op, isAsync, config.batchMs));
    }
    for (const [index, [method]] of all.entries()) results.push({ payload, bytes: fixture.json.length, method, perSecond: median(rates[index]) });
    progress(`validation: ${payload}`);
  }
  return { config, results };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { readCommandLine, usageFromHeader } = await import('../scripts/command-line.mjs');
  readCommandLine(process.argv.slice(2), { name: 'bench/validation.mjs', usage: usageFromHeader(import.meta.url, 'node bench/validation.mjs') });
  console.log(JSON.stringify(await measureValidation(), null, 2));
}
