// Runs a module worker in Cloudflare's workerd through wrangler's own dev pipeline: wrangler bundles it and
// 'checkout-lookup' from the cwd's node_modules with esbuild, as `wrangler deploy` would, and Miniflare runs the
// bundle. Bindings: API_KEY from the environment as a secret (as `wrangler secret put` makes it: wrangler never
// prints it) and WORKER_VARS (JSON object) as plain vars. Each path is requested once; the answers
// `[{ path, status, contentType, body }]` are printed as one line after WORKERD-RESULT. A worker that does not build
// fails at once (wrangler's dev server would otherwise wait for a fix).
//
// Usage (cwd: the user's project): node workerd-runner.mjs <entrypoint> <path>...

import { resolve } from 'node:path';

// Offline and loopback only: no download of the `Request.cf` object from workers.cloudflare.com, no telemetry.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';
const { unstable_DevEnv } = await import('wrangler');

const [entry, ...paths] = process.argv.slice(2);
if (!entry || paths.length === 0) throw new Error('usage: node workerd-runner.mjs <entrypoint> <path>...');
const bindings = Object.fromEntries(
  Object.entries(JSON.parse(process.env.WORKER_VARS ?? '{}')).map(([name, value]) => [name, { type: 'plain_text', value: String(value) }]),
);
if (process.env.API_KEY) bindings.API_KEY = { type: 'secret_text', value: process.env.API_KEY };

// unstable_startWorker is `new DevEnv().startWorker(options)`; the DevEnv itself also reports a failed build.
const devEnv = new unstable_DevEnv();
const buildFailed = new Promise((_, reject) => {
  devEnv.once('buildFailed', (event) => reject(new Error(`wrangler could not build ${entry}: ${event.reason}`)));
});
buildFailed.catch(() => {}); // Handled by the race below; unobserved when the build succeeds.
const worker = await devEnv.startWorker({
  name: 'checkout-lookup-test-worker',
  entrypoint: resolve(entry),
  compatibilityDate: '2025-09-01',
  bindings,
  dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, watch: false, persist: false, remote: false },
});
try {
  await Promise.race([worker.ready, buildFailed]);
} catch (error) {
  // worker.dispose() waits for a ready that never comes after a failed build.
  await devEnv.teardown();
  throw error;
}
try {
  const answers = [];
  for (const path of paths) {
    const response = await worker.fetch(new URL(path, 'http://worker.test/'));
    answers.push({ path, status: response.status, contentType: response.headers.get('content-type'), body: await response.text() });
  }
  console.log(`WORKERD-RESULT ${JSON.stringify(answers)}`);
} finally {
  await worker.dispose();
}
