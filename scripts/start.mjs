// `npm start`: the sample worker on this machine against the sandbox (the package's `checkout-lookup-sandbox` bin),
// with sign-in links for the seeded customer cus_ada: her order, and her open checkout, which completes ~20 s after
// its page is first opened (a `checkout-completes` scenario), so the pending page turns into the order.
// Builds dist/ if missing; on first run writes .dev.vars (git-ignored) with a random API_KEY and AUTH_SECRET.
// PORT (default 8787) and SANDBOX_PORT (default 8788, first run only) change the ports; DEV_VARS_FILE keeps the
// settings in another file (the tests use it, so a developer's own .dev.vars is left alone). Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DEV_VARS = process.env.DEV_VARS_FILE || `${ROOT}.dev.vars`;
const HOST = '127.0.0.1';
const WORKER_PORT = Number(process.env.PORT ?? 8787);
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 8788);
const log = (line) => process.stdout.write(`[start] ${line}\n`);

if (!existsSync(`${ROOT}dist/index.js`) || !existsSync(`${ROOT}dist/testing/cli.js`)) {
  log('dist/ is missing: running npm run build');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}
if (!existsSync(DEV_VARS)) {
  const secret = (bytes) => randomBytes(bytes).toString('base64url');
  const lines = ['# Written by `npm start` for local development only. Git-ignored; delete it to generate new values.'];
  lines.push(`API_BASE_URL="http://${HOST}:${SANDBOX_PORT}"`, `API_KEY="${secret(24)}"`, `AUTH_SECRET="${secret(32)}"`, '');
  writeFileSync(DEV_VARS, lines.join('\n'), { mode: 0o600 });
  log(`wrote ${DEV_VARS} with a new random API_KEY and AUTH_SECRET`);
}
const vars = Object.fromEntries(
  [...readFileSync(DEV_VARS, 'utf8').matchAll(/^\s*([A-Za-z_]\w*)\s*=\s*(["']?)(.*?)\2\s*$/gm)].map((m) => [m[1], m[3]]),
);
for (const name of ['API_BASE_URL', 'API_KEY', 'AUTH_SECRET']) {
  if (!vars[name]) fail(`${DEV_VARS} has no ${name}; delete it and run npm start again to generate it`);
}

const children = [];
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.kill('SIGINT');
      return new Promise((resolve) => child.once('exit', () => resolve(clearTimeout(timer))));
    }),
  );
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function run(args, env, stdio) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio, env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    log(`${args[0]} stopped (${signal ?? `exit code ${code}`})`);
    stop(code ?? 1);
  });
  return child;
}

// The sandbox: the key comes from .dev.vars through SANDBOX_API_KEY, so the bin never prints it.
const upstream = new URL(vars.API_BASE_URL);
let scenario = false;
if ([HOST, 'localhost'].includes(upstream.hostname)) {
  const port = upstream.port || '80';
  const sandbox = run(['dist/testing/cli.js', '--port', port], { SANDBOX_API_KEY: vars.API_KEY }, ['ignore', 'pipe', 'inherit']);
  let banner = '';
  const ready = new Promise((resolve) =>
    sandbox.stdout.on('data', (chunk) => {
      if (banner.endsWith('\0')) return process.stdout.write(`${chunk}`.replace(/^(?=.)/gm, '[sandbox] '));
      banner += chunk;
      if (banner.includes('Ctrl-C stops.')) resolve((banner += '\0'));
    }),
  );
  await Promise.race([ready, new Promise((resolve) => sandbox.once('exit', resolve))]);
  if (!banner.endsWith('\0')) await new Promise(() => {}); // it exited and said why; stop() ends the process
  log(`sandbox (the checkout service stand-in) on http://${HOST}:${port}`);
  const response = await fetch(`http://${HOST}:${port}/__sandbox/scenarios`, {
    method: 'POST',
    headers: { 'x-api-key': vars.API_KEY },
    body: JSON.stringify({ kind: 'checkout-completes', sessionId: 'cs_open_ada', afterMs: 20_000 }),
  });
  scenario = response.status === 201;
  if (!scenario) log(`the checkout-completes scenario was refused: ${await response.text()}`);
} else {
  log(`API_BASE_URL is ${upstream.origin}, not loopback: no sandbox started`);
}

const wrangler = ['node_modules/wrangler/bin/wrangler.js', 'dev', '--ip', HOST, '--port', String(WORKER_PORT)];
wrangler.push('--show-interactive-dev-session=false', ...(process.env.DEV_VARS_FILE ? ['--env-file', DEV_VARS] : []));
// The pages' link back to the shop: a placeholder address unless .dev.vars names the real one.
if (!vars.SHOP_URL) wrangler.push('--var', 'SHOP_URL:https://shop.example.com');
run(wrangler, { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }, ['ignore', 'inherit', 'inherit']);

const origin = `http://${HOST}:${WORKER_PORT}`;
for (const deadline = Date.now() + 90_000; !stopping; await new Promise((resolve) => setTimeout(resolve, 250))) {
  const up = await fetch(origin, { signal: AbortSignal.timeout(2000) }).then((r) => (r.body?.cancel(), true), () => false);
  if (up) break;
  if (Date.now() > deadline) {
    log(`the worker did not answer on ${origin} within 90 s`);
    await stop(1);
  }
}
if (stopping) await new Promise(() => {});

const { SignJWT } = await import('jose');
let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('cus_ada').setIssuedAt().setExpirationTime('8h');
if (vars.AUTH_ISSUER) jwt = jwt.setIssuer(vars.AUTH_ISSUER);
if (vars.AUTH_AUDIENCE) jwt = jwt.setAudience(vars.AUTH_AUDIENCE);
const token = await jwt.sign(new TextEncoder().encode(vars.AUTH_SECRET));
const link = (next) => `${origin}/sign-in?${new URLSearchParams({ token, next })}`;

process.stdout.write(`
  The worker is running on ${origin}, against the sandbox. Sign in as the seeded customer cus_ada (links valid 8 hours):

  Her order ord_ada_1:
  ${link('/orders/ord_ada_1')}
${scenario ? `
  Her open checkout cs_open_ada, which completes about 20 s after you first open it (the page turns into the order):
  ${link('/sessions/cs_open_ada')}
` : ''}
  Press Ctrl-C to stop.
`);

function fail(message) {
  log(message);
  process.exit(1);
}
