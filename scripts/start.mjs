// `npm start`: the sample worker on this machine, against the sandbox, with a sign-in link for a seeded customer.
//
// 1. Builds the package if dist/ is missing (the worker imports it as a user would).
// 2. On first run writes .dev.vars (git-ignored) with a random API_KEY and AUTH_SECRET and API_BASE_URL pointing at
//    the local sandbox. Later runs reuse it.
// 3. Serves the sandbox over HTTP on 127.0.0.1 with that API_KEY, starts `wrangler dev` on 127.0.0.1, waits until
//    the worker answers, and prints a sign-in link for cus_ada that opens the order page of ord_ada_1.
// Ctrl-C stops both. Nothing here needs the network beyond loopback.
// PORT (default 8787) and SANDBOX_PORT (default 8788, first run only) change the ports; DEV_VARS_FILE keeps the
// local settings in another file (the tests use it so a developer's own .dev.vars is left alone).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DEV_VARS = process.env.DEV_VARS_FILE || `${ROOT}.dev.vars`;
const WORKER_PORT = Number(process.env.PORT ?? 8787);
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 8788);
const HOST = '127.0.0.1';
const log = (line) => process.stdout.write(`[start] ${line}\n`);

if (!existsSync(`${ROOT}dist/index.js`) || !existsSync(`${ROOT}dist/testing/node.js`)) {
  log('dist/ is missing: running npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!existsSync(DEV_VARS)) {
  const lines = [
    '# Written by `npm start` for local development only. Git-ignored; delete it to generate new values.',
    `API_BASE_URL="http://${HOST}:${SANDBOX_PORT}"`,
    `API_KEY="${randomBytes(24).toString('base64url')}"`,
    `AUTH_SECRET="${randomBytes(32).toString('base64url')}"`,
    '',
  ];
  writeFileSync(DEV_VARS, lines.join('\n'), { mode: 0o600 });
  log(`wrote ${DEV_VARS === `${ROOT}.dev.vars` ? '.dev.vars' : DEV_VARS} with a new random API_KEY and AUTH_SECRET`);
}
const vars = parseDotenv(readFileSync(DEV_VARS, 'utf8'));
for (const name of ['API_BASE_URL', 'API_KEY', 'AUTH_SECRET']) {
  if (!vars[name]) fail(`.dev.vars has no ${name}; delete .dev.vars and run npm start again to generate it`);
}

// Imported after the build above, from the package itself, as a user of `checkout-lookup/testing` would.
const { createSandbox } = await import('checkout-lookup/testing');
const { serveSandbox } = await import('checkout-lookup/testing/node');
const { SignJWT } = await import('jose');

let sandboxServer;
const upstream = new URL(vars.API_BASE_URL);
if (['127.0.0.1', 'localhost'].includes(upstream.hostname)) {
  const port = Number(upstream.port || 80);
  try {
    sandboxServer = await serveSandbox(createSandbox({ apiKey: vars.API_KEY }), { hostname: HOST, port });
  } catch (error) {
    fail(`cannot serve the sandbox on ${HOST}:${port} (${error?.code ?? error?.message}); is another npm start running?`);
  }
  log(`sandbox (the checkout service stand-in) on ${sandboxServer.url}`);
} else {
  log(`API_BASE_URL is ${upstream.origin}, not loopback: no sandbox started`);
}

const wrangler = spawn(
  process.execPath,
  [
    `${ROOT}node_modules/wrangler/bin/wrangler.js`,
    'dev',
    '--ip',
    HOST,
    '--port',
    String(WORKER_PORT),
    '--show-interactive-dev-session=false',
    ...(process.env.DEV_VARS_FILE ? ['--env-file', DEV_VARS] : []),
  ],
  { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' } },
);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (wrangler.exitCode === null && wrangler.signalCode === null) {
    wrangler.kill('SIGINT');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        wrangler.kill('SIGKILL');
        resolve();
      }, 5000);
      wrangler.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await sandboxServer?.close();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
wrangler.on('exit', (code, signal) => {
  if (!stopping) {
    log(`wrangler dev stopped (${signal ?? `exit code ${code}`})`);
    stop(code ?? 1);
  }
});

const origin = `http://${HOST}:${WORKER_PORT}`;
await waitUntilUp(origin, 90_000);

const secret = new TextEncoder().encode(vars.AUTH_SECRET);
let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('cus_ada').setIssuedAt().setExpirationTime('8h');
if (vars.AUTH_ISSUER) jwt = jwt.setIssuer(vars.AUTH_ISSUER);
if (vars.AUTH_AUDIENCE) jwt = jwt.setAudience(vars.AUTH_AUDIENCE);
const token = await jwt.sign(secret);
const link = `${origin}/sign-in?${new URLSearchParams({ token, next: '/orders/ord_ada_1' })}`;

process.stdout.write(`
  The worker is running on ${origin}, against the sandbox.
  Open this link to sign in as the seeded customer cus_ada (valid 8 hours) and see order ord_ada_1:

  ${link}

  Press Ctrl-C to stop.
`);

async function waitUntilUp(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  if (!stopping) {
    log(`the worker did not answer on ${url} within ${ms / 1000} s`);
    await stop(1);
  }
}

function parseDotenv(text) {
  const out = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2];
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    out[match[1]] = value;
  }
  return out;
}

function fail(message) {
  log(message);
  process.exit(1);
}
