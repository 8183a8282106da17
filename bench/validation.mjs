// Measurement 3: validation throughput of the typical order, the large order and the session: the SDK's own
// validation (v.safeParse with its schema) and its whole path from body to typed object (getOrder with a fetch
// that answers a prebuilt Response at once), vs JSON.parse alone, the bare fetch path and the zod baselines.
// Each case runs in a fresh process: a warm-up, then batches of a fixed time; the median batch is reported (the
// better of two passes).
// When the typical order misses its target, the SDK schema case runs again under `node --cpu-prof`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAYLOADS } from './fixtures.mjs';
import { BENCH, forkOnce, median, progress } from './lib.mjs';
import { summarizeProfile } from './profile.mjs';

export const VALIDATION = Object.freeze({
  methods: [
    'JSON.parse',
    'SDK schema (v.safeParse)',
    'JSON.parse + SDK schema',
    'zod v4 schema (safeParse)',
    'zod/mini schema (safeParse)',
    'SDK full path, in-memory fetch',
    'bare fetch + JSON.parse, in-memory fetch',
  ],
  payloads: Object.keys(PAYLOADS),
  warmupMs: 300,
  batchMs: 200,
  batches: 7,
  passes: 2,
  target: { method: 'SDK schema (v.safeParse)', payload: 'typical order', perSecond: 100_000 },
});

const CASE = join(BENCH, 'procs', 'validate.mjs');

/**
 * Throughput of each { method, payload } cell (see procs/validate.mjs). Each cell runs once per pass, the passes in
 * opposite orders; the better pass's median is kept, so a cell that happened to run while other processes took
 * the cores does not stand for the code.
 */
export async function measureCells(cells, { warmupMs, batchMs, batches, passes }, label) {
  const medians = cells.map(() => []);
  const order = cells.map((_, index) => index);
  for (let pass = 0; pass < passes; pass++) {
    for (const index of pass % 2 === 0 ? order : [...order].reverse()) {
      const { method, payload } = cells[index];
      const { rates } = await forkOnce(CASE, { method, payload, warmupMs, batchMs, batches }, { timeoutMs: 60_000 });
      medians[index].push(median(rates));
    }
    progress(`${label}: pass ${pass + 1}/${passes}`);
  }
  return cells.map(({ method, payload }, index) => {
    const perSecond = Math.max(...medians[index]);
    return { method, payload, perSecond, usPer: 1e6 / perSecond, passes: medians[index] };
  });
}

export async function measureValidation(config = VALIDATION) {
  const { warmupMs, batchMs, batches } = config;
  const cells = config.payloads.flatMap((payload) => config.methods.map((method) => ({ method, payload })));
  const results = await measureCells(cells, config, 'validation');
  const payloads = Object.fromEntries(
    config.payloads.map((name) => [name, { bytes: Buffer.byteLength(PAYLOADS[name].json), items: PAYLOADS[name].data.priceDataList.length }]),
  );
  const { target } = config;
  const measured = results.find((row) => row.method === target.method && row.payload === target.payload);
  const result = { config, payloads, results };
  if (measured.perSecond < target.perSecond) {
    progress('validation: typical order under target, profiling with --cpu-prof');
    const dir = await mkdtemp(join(tmpdir(), 'checkout-lookup-prof-validate-'));
    try {
      await forkOnce(CASE, { method: target.method, payload: target.payload, warmupMs, batchMs, batches }, {
        execArgv: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '50'],
        timeoutMs: 60_000,
      });
      result.profile = await summarizeProfile(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureValidation(), null, 2));
}
