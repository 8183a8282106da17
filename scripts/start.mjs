// `npm start`: the sample worker under `wrangler dev` against a sandbox of the checkout service, with sign-in links
// for the seeded customer cus_ada: her order, and her open checkout, which completes ~20 s after its page is first
// opened (a `checkout-completes` scenario), so the pending page turns into the order.
// One script for two places: this repository (`npm start`, which builds dist/ first if it is missing) and a project
// made by `npx checkout-lookup create` (its `npm start` runs `checkout-lookup start`, this file in the package).
// It works in the current directory, where wrangler.toml is. On first run it writes .dev.vars (git-ignored) with a
// random API_KEY and AUTH_SECRET. PORT (default 8787), INSPECTOR_PORT (wrangler's debugger, default 9229) and
// SANDBOX_PORT (default 8790, first run only) change the ports; DEV_VARS_FILE keeps the settings in another file
// (the tests use it). The links it prints use `localhost`, which browsers and curl treat as a secure origin, so they
// keep the worker's `__Host-` (Secure) sign-in cookie over plain HTTP. Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from './command-line.mjs';
import { HOST, INSPECTOR_PORT, readDevVars, SANDBOX_PORT, WORKER_PORT, writeDevVars } from './dev-vars.mjs';

const USAGE = `Usage: npm start   (in a project made by npx checkout-lookup create, the same as npx checkout-lookup start)

Runs the sample worker under wrangler dev on http://localhost:${WORKER_PORT}, against a sandbox of the checkout service on
${HOST}:${SANDBOX_PORT}, and prints sign-in links for the seeded customer cus_ada. Run it where wrangler.toml is; Ctrl-C
stops both. Its settings are in .dev.vars, written with random secrets on the first run.

Environment variables:
  PORT=N              the worker's port (default ${WORKER_PORT})
  INSPECTOR_PORT=N    the worker's debugger, for chrome://inspect (default ${INSPECTOR_PORT})
  SANDBOX_PORT=N      the sandbox's port, written into .dev.vars on the first run (default ${SANDBOX_PORT});
                      afterwards the port of API_BASE_URL in .dev.vars
  DEV_VARS_FILE=path  the settings file (default .dev.vars)

  -h, --help          this help
`;

readCommandLine(process.argv.slice(2), { name: 'checkout-lookup start', usage: USAGE });

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const PROJECT = process.cwd();
const DEV_VARS = process.env.DEV_VARS_FILE || join(PROJECT, '.dev.vars');
const workerPort = Number(process.env.PORT || WORKER_PORT);
const inspectorPort = Number(process.env.INSPECTOR_PORT || INSPECTOR_PORT);
const log = (line) => process.stdout.write(`[start] ${line}\n`);

function fail(message) {
  log(message);
  process.exit(1);
}

/** Why `port` cannot be listened on at HOST ("taken", or the error's code), or `undefined` when it is free. */
function portProblem(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code === 'EADDRINUSE' ? 'taken' : `not usable (${error.code ?? error.message})`));
    probe.listen(port, HOST, () => probe.close(() => resolve(undefined)));
  });
}

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) fail(`wrangler needs Node 22.12 or later; this is Node ${process.versions.node}`);
if (!existsSync(join(PROJECT, 'wrangler.toml'))) fail(`no wrangler.toml in ${PROJECT}: run this in the worker's folder`);
const firstRun = !existsSync(DEV_VARS);
const vars = firstRun ? { API_BASE_URL: `http://${HOST}:${Number(process.env.SANDBOX_PORT || SANDBOX_PORT)}` } : readDevVars(DEV_VARS);
for (const name of firstRun ? [] : ['API_BASE_URL', 'API_KEY', 'AUTH_SECRET']) {
  if (!vars[name]) fail(`${DEV_VARS} has no ${name}; delete it and run npm start again to generate it`);
}
const upstream = new URL(vars.API_BASE_URL);
const sandboxHere = [HOST, 'localhost'].includes(upstream.hostname);
await checkPorts();
// In a checkout of this repository the package is built from its sources; an installed package has dist/ already.
if (existsSync(join(PACKAGE, 'src/index.ts')) && !existsSync(join(PACKAGE, 'dist/testing/node.js'))) {
  log('dist/ is missing: running npm run build');
  if (spawnSync('npm', ['run', 'build'], { cwd: PACKAGE, stdio: 'inherit' }).status !== 0) process.exit(1);
}
if (firstRun) {
  writeDevVars(DEV_VARS, Number(upstream.port));
  log(`wrote ${DEV_VARS} with a new random API_KEY and AUTH_SECRET`);
  Object.assign(vars, readDevVars(DEV_VARS));
}

/**
 * Every port this run listens on (the worker's, its debugger's, the sandbox's) is checked before anything is built,
 * written or started, and every one that cannot be used is named in this one run with the setting that moves it;
 * then nothing starts. (Wrangler would fail on a taken port only after the links were printed: the readiness check
 * would reach whatever holds it.)
 */
async function checkPorts() {
  const ports = [
    { what: "the worker's port", port: workerPort, variable: 'PORT' },
    { what: "the debugger's port", port: inspectorPort, variable: 'INSPECTOR_PORT' },
  ];
  // The sandbox's port is SANDBOX_PORT's only until .dev.vars is written with it; from then on, API_BASE_URL's.
  if (sandboxHere) ports.push({ what: "the sandbox's port", port: Number(upstream.port || 80), variable: firstRun ? 'SANDBOX_PORT' : undefined });
  const suggested = new Set(ports.map(({ port }) => port));
  const problems = [];
  for (const [index, { what, port, variable }] of ports.entries()) {
    const first = ports.findIndex((other) => other.port === port);
    const problem = first < index ? `${ports[first].what} too` : await portProblem(port);
    if (problem === undefined) continue;
    const other = await freePortAfter(port, suggested);
    suggested.add(other);
    const setting = variable === undefined ? `API_BASE_URL="http://${HOST}:${other}" in ${DEV_VARS}` : `${variable}=${other} npm start`;
    problems.push({ line: `${what} ${port} is ${problem}; choose another with ${setting}`, variable, other });
  }
  if (problems.length === 0) return;
  log(`${problems.length === 1 ? 'A port' : `${problems.length} ports`} on ${HOST} cannot be used, so nothing was started:`);
  for (const { line } of problems) log(`  ${line}`);
  const variables = problems.filter(({ variable }) => variable !== undefined);
  const together = variables.length > 1 ? `, e.g. ${variables.map(({ variable, other }) => `${variable}=${other}`).join(' ')} npm start` : '';
  fail(`Stop what holds ${problems.length === 1 ? 'it' : 'them'} (another npm start or wrangler dev?), or choose other ports as above${together}.`);
}

/** The first port after `port`, not in `skip`, that is free now: a suggestion (it may be taken a moment later). */
async function freePortAfter(port, skip) {
  for (let candidate = port + 1; candidate < 65_536; candidate++) {
    if (!skip.has(candidate) && (await portProblem(candidate)) === undefined) return candidate;
  }
  return port + 1;
}
let wranglerBin;
try {
  wranglerBin = join(createRequire(join(PROJECT, 'package.json')).resolve('wrangler/package.json'), '../bin/wrangler.js');
} catch {
  fail(`wrangler is not installed in ${PROJECT}: run npm install first`);
}

let server;
let wrangler;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  const closing = [server?.close()];
  if (wrangler && wrangler.exitCode === null && wrangler.signalCode === null) {
    const timer = setTimeout(() => wrangler.kill('SIGKILL'), 5000);
    wrangler.kill('SIGINT');
    closing.push(new Promise((resolve) => wrangler.once('exit', () => resolve(clearTimeout(timer)))));
  }
  await Promise.allSettled(closing);
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The sandbox, in this process, through the package's own API: its address and key are the ones in .dev.vars.
let scenario = false;
if (sandboxHere) {
  const { createSandbox, SANDBOX_IDS } = await import('checkout-lookup/testing');
  const { serveSandbox } = await import('checkout-lookup/testing/node');
  const sandbox = createSandbox({ apiKey: vars.API_KEY });
  // serveSandbox's own request log (time, method, path, status; never a header), as the sandbox CLI prints it.
  const logLine = (line) => process.stdout.write(`[sandbox] ${line}\n`);
  try {
    server = await serveSandbox(sandbox, { port: Number(upstream.port || 80), hostname: HOST, log: logLine });
  } catch (error) {
    fail(`the sandbox could not listen on ${upstream.origin} (${error.code ?? error.message}); free the port, or set another in ${DEV_VARS}`);
  }
  log(`sandbox (the checkout service stand-in) on ${server.url}`);
  // The seeded checkout's `expire` is a fixed date that has passed, and the page shows a checkout past its `expire`
  // as expired: the demo's open checkout is given a day from now, so it is open until the scenario completes it.
  const open = sandbox.getSession(SANDBOX_IDS.sessions.open);
  if (open) sandbox.putSession({ ...open, expire: new Date(Date.now() + 86_400_000).toISOString() });
  sandbox.scenario({ kind: 'checkout-completes', sessionId: SANDBOX_IDS.sessions.open, afterMs: 20_000 });
  scenario = true;
} else {
  log(`API_BASE_URL is ${upstream.origin}, not loopback: no sandbox started`);
}

// The debugger's port is set here rather than left to wrangler, which would pick one and say so only in its own output.
const args = [
  wranglerBin,
  'dev',
  '--ip',
  HOST,
  '--port',
  String(workerPort),
  '--inspector-ip',
  HOST,
  '--inspector-port',
  String(inspectorPort),
  '--show-interactive-dev-session=false',
];
if (process.env.DEV_VARS_FILE) args.push('--env-file', DEV_VARS);
// The pages' link back to the shop: a placeholder address unless .dev.vars names the real one.
if (!vars.SHOP_URL) args.push('--var', 'SHOP_URL:https://shop.example.com');
wrangler = spawn(process.execPath, args, {
  cwd: PROJECT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
wrangler.on('exit', (code, signal) => {
  if (stopping) return;
  log(`wrangler stopped (${signal ?? `exit code ${code}`})`);
  stop(code || 1);
});

const origin = `http://${HOST}:${workerPort}`;
// What the links say: localhost, a secure origin to browsers and curl (the cookie is `__Host-`, so Secure).
const site = `http://localhost:${workerPort}`;
for (const deadline = Date.now() + 90_000; !stopping; await new Promise((resolve) => setTimeout(resolve, 250))) {
  const up = await fetch(origin, { signal: AbortSignal.timeout(2000) }).then(
    (r) => {
      r.body?.cancel();
      return true;
    },
    () => false,
  );
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
const link = (next) => `${site}/sign-in?${new URLSearchParams({ token, next })}`;

// What curl does for the Continue page's button: POST the token to /sign-in from this origin (the worker refuses a
// form without `Origin`), keep the sign-in cookie in a jar, then read the page with it. Printed as commands to paste.
const curl = `curl --silent --show-error --fail`;
const curlSignIn = `  TOKEN=${token}
  ${curl} --cookie-jar cookies.txt --header 'Origin: ${site}' \\
    --data-urlencode "token=$TOKEN" --data-urlencode 'next=/orders/ord_ada_1' ${site}/sign-in
  ${curl} --cookie cookies.txt ${site}/orders/ord_ada_1`;

process.stdout.write(`
  The worker is running on ${site}, against the sandbox. Sign in as the seeded customer cus_ada (links valid 8 hours).
  Each link opens the worker's Continue page in a browser; its Continue button signs in and shows the page.

  Her order ord_ada_1:
  ${link('/orders/ord_ada_1')}
${
  scenario
    ? `
  Her open checkout cs_open_ada, which completes about 20 s after you first open it (the page turns into the order):
  ${link('/sessions/cs_open_ada')}
`
    : ''
}
  With curl, which stops at that Continue page: these commands post her token as the button does, keep the sign-in
  cookie in cookies.txt, and read her order page with it:
${curlSignIn}
  The JSON routes need no sign-in: curl --header "Authorization: Bearer $TOKEN" ${site}/api/order/ord_ada_1

  Debugger: in Chrome, chrome://inspect with the target ${HOST}:${inspectorPort} (INSPECTOR_PORT changes the port).
  Press Ctrl-C to stop.
`);
