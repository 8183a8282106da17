// Child process: one round of calls against the sandbox over loopback HTTP, in a fresh process.
// Receives { mode: 'sdk' | 'bare', url, apiKey, id, warmup, calls, concurrency }; answers with the latencies'
// summary. 'sdk' is getOrder of the BUILT package; 'bare' is bench/baselines/bare-fetch.mjs (same URL, headers).
import { distUrl, median, quantile } from '../lib.mjs';

process.once('message', async ({ mode, url, apiKey, id, warmup, calls, concurrency }) => {
  try {
    const { getOrder } = await implementation(mode);
    const options = { baseUrl: url, apiKey };
    const call = () => getOrder(id, options);
    const check = await call();
    if (check?.orderId !== id) throw new Error(`unexpected answer for ${id}`);

    await run(call, warmup, concurrency);
    const { latencies, elapsed } = await run(call, calls, concurrency);
    process.send({
      mode,
      calls,
      concurrency,
      medianMs: median(latencies),
      p99Ms: quantile(latencies, 0.99),
      elapsedMs: elapsed,
      throughput: (calls / elapsed) * 1000,
    });
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) });
  }
});

/** 'sdk': the BUILT package; 'bare': bench/baselines/bare-fetch.mjs. */
function implementation(mode) {
  if (mode === 'sdk') return import(distUrl('index.js'));
  if (mode === 'bare') return import('../baselines/bare-fetch.mjs');
  throw new Error(`unknown mode ${mode}`);
}

/** `count` calls by `concurrency` callers, each awaiting its previous call; latency of every call in ms. */
async function run(call, count, concurrency) {
  const latencies = new Float64Array(count);
  let next = 0;
  const caller = async () => {
    while (next < count) {
      const index = next++;
      const started = performance.now();
      await call();
      latencies[index] = performance.now() - started;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, caller));
  return { latencies, elapsed: performance.now() - started };
}
