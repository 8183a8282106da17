// Measurement 2: cost per call. getOrder of the BUILT package against the sandbox served over loopback HTTP in
// its own process, vs bare fetch + JSON.parse (bench/baselines/bare-fetch.mjs: same URL, same headers). Every
// round runs in a fresh process; rounds alternate SDK/bare (and which goes first), sequential and 16 concurrent
// callers. When the median ratio misses its target: baselines that add the SDK's ingredients one at a time
// (bench/baselines/steps.mjs) are timed without the network, and SDK and bare run under `node --cpu-prof` there
// (on loopback, the profile of the caller is mostly undici, sockets and the wait: the SDK's share is lost in it).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TYPICAL_ORDER_ID } from './fixtures.mjs';
import { BENCH, forkOnce, median, progress, startChild } from './lib.mjs';
import { summarizeProfile } from './profile.mjs';
import { measureCells } from './validation.mjs';

export const PER_CALL = Object.freeze({
  rounds: 12,
  warmup: 500,
  calls: 2000,
  concurrentRounds: 3,
  concurrency: 16,
  concurrentCalls: 4000,
  targetRatio: 1.05,
  ladder: [
    'bare fetch + JSON.parse, in-memory fetch',
    'step:request, in-memory fetch',
    'step:signal, in-memory fetch',
    'step:reader, in-memory fetch',
    'step:schema, in-memory fetch',
    'SDK full path, in-memory fetch',
  ],
});

const ROUND = join(BENCH, 'procs', 'call-round.mjs');

export async function measurePerCall(config = PER_CALL) {
  const apiKey = randomBytes(24).toString('base64url');
  const server = await startChild(join(BENCH, 'procs', 'sandbox-server.mjs'), { apiKey });
  try {
    const base = { url: server.url, apiKey, id: TYPICAL_ORDER_ID, warmup: config.warmup };
    const round = (mode, calls, concurrency) => forkOnce(ROUND, { ...base, mode, calls, concurrency }, { timeoutMs: 120_000 });

    const sequential = { sdk: [], bare: [] };
    for (let index = 0; index < config.rounds; index++) {
      for (const mode of index % 2 === 0 ? ['sdk', 'bare'] : ['bare', 'sdk']) {
        sequential[mode].push(await round(mode, config.calls, 1));
      }
      progress(`per-call: sequential round ${index + 1}/${config.rounds}`);
    }
    const concurrent = { sdk: [], bare: [] };
    for (let index = 0; index < config.concurrentRounds; index++) {
      for (const mode of index % 2 === 0 ? ['sdk', 'bare'] : ['bare', 'sdk']) {
        concurrent[mode].push(await round(mode, config.concurrentCalls, config.concurrency));
      }
      progress(`per-call: ${config.concurrency} concurrent callers, round ${index + 1}/${config.concurrentRounds}`);
    }

    const result = {
      config,
      sequential: summarize(sequential),
      concurrent: summarize(concurrent),
    };
    if (result.sequential.ratio > config.targetRatio) {
      // Which ingredient costs what: from bare fetch to the SDK one step at a time (bench/baselines/steps.mjs),
      // each with a fetch that answers a prebuilt Response at once. Without the network's noise, the steps' CPU
      // costs are measurable; on the network they add to the same per-call time.
      progress('per-call: ratio over target, measuring the steps from bare fetch to the SDK');
      const steps = await measureCells(
        config.ladder.map((method) => ({ method, payload: 'typical order' })),
        { warmupMs: 300, batchMs: 200, batches: 7, passes: 2 },
        'per-call steps',
      );
      result.ladder = steps.map(({ method, usPer }) => ({ method, usPer }));
      progress('per-call: profiling SDK and bare without the network, with --cpu-prof');
      result.profile = {};
      // Without the network in the way: the whole path of each with a fetch that answers at once (as in the
      // validation benchmark), where the caller's own CPU is all there is.
      for (const [mode, method] of [
        ['sdkInMemory', 'SDK full path, in-memory fetch'],
        ['bareInMemory', 'bare fetch + JSON.parse, in-memory fetch'],
      ]) {
        const dir = await mkdtemp(join(tmpdir(), `checkout-lookup-prof-${mode}-`));
        try {
          const reply = await forkOnce(
            join(BENCH, 'procs', 'validate.mjs'),
            { method, payload: 'typical order', warmupMs: 300, batchMs: 200, batches: 5 },
            { execArgv: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '50'], timeoutMs: 60_000 },
          );
          result.profile[mode] = { ...(await summarizeProfile(dir, { calls: reply.operations, top: 15 })), perSecond: median(reply.rates) };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
    }
    return result;
  } finally {
    await server.stop();
  }
}

function summarize({ sdk, bare }) {
  const pick = (rounds, key) => median(rounds.map((round) => round[key]));
  const out = {
    rounds: sdk.length,
    sdk: { medianMs: pick(sdk, 'medianMs'), p99Ms: pick(sdk, 'p99Ms'), throughput: pick(sdk, 'throughput') },
    bare: { medianMs: pick(bare, 'medianMs'), p99Ms: pick(bare, 'p99Ms'), throughput: pick(bare, 'throughput') },
    roundRatios: sdk.map((round, index) => round.medianMs / bare[index].medianMs),
  };
  // Each SDK round is paired with the bare round next to it in time; the median of the pairs' ratios is the
  // headline, as it cancels the load other processes put on the machine from one moment to the next.
  out.ratio = median(out.roundRatios);
  out.ratioOfMedians = out.sdk.medianMs / out.bare.medianMs;
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measurePerCall(), null, 2));
}
