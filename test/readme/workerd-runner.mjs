// Runs a module worker (the README's Cloudflare Workers quickstart, saved in the user's project) in Cloudflare's
// workerd through wrangler's own dev pipeline: wrangler bundles it and 'checkout-lookup' from that project's
// node_modules with esbuild, as `wrangler deploy` would, and Miniflare runs the bundle. API_BASE_URL (a var) and
// API_KEY (a secret) are bound from this process's environment. Each path is requested once; the answers are
// printed as one marked JSON line. A worker that does not build fails at once (wrangler's dev server would
// otherwise wait for a fix).
//
// Usage (cwd: the installed project): node workerd-runner.mjs <entrypoint> <path>...

import { resolve } from 'node:path';

// Offline and loopback only: no download of the `Request.cf` object from workers.cloudflare.com, no telemetry.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';
const { unstable_DevEnv } = await import('wrangler');

const RESULT_MARKER = 'README-WORKER-RESULT ';
const [entry, ...paths] = process.argv.slice(2);
if (!entry || paths.length === 0) throw new Error('usage: node workerd-runner.mjs <entrypoint> <path>...');
const { API_BASE_URL, API_KEY } = process.env;
if (!API_BASE_URL || !API_KEY) throw new Error('API_BASE_URL and API_KEY must be set');

// unstable_startWorker is `new DevEnv().startWorker(options)`; the DevEnv itself also reports a failed build.
const devEnv = new unstable_DevEnv();
const buildFailed = new Promise((_, reject) => {
  devEnv.once('buildFailed', (event) => reject(new Error(`wrangler could not build ${entry}: ${event.reason}`)));
});
buildFailed.catch(() => {}); // Handled by the race below; unobserved when the build succeeds.
const worker = await devEnv.startWorker({
  name: 'checkout-lookup-readme-quickstart',
  entrypoint: resolve(entry),
  compatibilityDate: '2025-09-01',
  bindings: {
    API_BASE_URL: { type: 'plain_text', value: API_BASE_URL },
    // A secret, as `wrangler secret put API_KEY` makes it: wrangler never prints its value.
    API_KEY: { type: 'secret_text', value: API_KEY },
  },
  dev: {
    server: { hostname: '127.0.0.1', port: 0 },
    inspector: false,
    watch: false,
    persist: false,
    remote: false,
  },
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
  console.log(`${RESULT_MARKER}${JSON.stringify(answers)}`);
} finally {
  await worker.dispose();
}
