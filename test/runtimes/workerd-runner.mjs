// Runs fixtures/worker.mjs (copied into the user's project) in Cloudflare's workerd through wrangler's own
// dev pipeline: wrangler bundles the worker and 'checkout-lookup' from that project's node_modules with
// esbuild, as `wrangler deploy` would, and Miniflare runs the bundle in workerd. One request to the worker runs
// the checks against the loopback server; their facts are printed as one marked line.
//
// Usage (cwd: the installed project): node workerd-runner.mjs <entrypoint>
// with CHECKOUT_LOOKUP_RUNTIME_CHECK (JSON: baseUrl, apiKey, deadUrl, label) in the environment.

import { resolve } from 'node:path';

// Offline and loopback only: no download of the `Request.cf` object from workers.cloudflare.com, no telemetry.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.WRANGLER_SEND_METRICS = 'false';
const { unstable_startWorker } = await import('wrangler');

const RESULT_MARKER = 'RUNTIME-CHECK-RESULT ';
const entrypoint = resolve(process.argv[2] ?? 'worker.mjs');
const { apiKey, ...config } = JSON.parse(process.env.CHECKOUT_LOOKUP_RUNTIME_CHECK ?? 'null');

const worker = await unstable_startWorker({
  name: 'checkout-lookup-runtime-check',
  entrypoint,
  compatibilityDate: '2025-09-01',
  bindings: {
    CHECK_CONFIG: { type: 'json', value: config },
    // A secret: wrangler never prints its value.
    API_KEY: { type: 'secret_text', value: apiKey },
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
  await worker.ready;
  const response = await worker.fetch('http://worker.test/');
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the worker answered HTTP ${response.status}: ${text}`);
  const facts = JSON.parse(text);
  console.log(`${RESULT_MARKER}${JSON.stringify(facts)}`);
} finally {
  await worker.dispose();
}
