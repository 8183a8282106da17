#!/usr/bin/env node
// `wrangler deploy` (and its dry run) with the settings checked first: without the checkout service's address every
// route of the worker answers 500, so a deploy that would ship that is refused before wrangler builds or uploads
// anything. This repository's `npm run deploy` runs this file; a project made by `npx checkout-lookup create` runs
// it as `checkout-lookup deploy`. Arguments go to `wrangler deploy` as given; `--config`/`-c` and `--env`/`-e` (or
// CLOUDFLARE_ENV) choose the wrangler.toml and environment checked, and `--var API_BASE_URL:<address>` sets the
// address over wrangler.toml's [vars], as they do for wrangler.
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { closest, unknown, usageError } from './command-line.mjs';

const USAGE = `Usage: npx checkout-lookup deploy [options]   (in this repository: npm run deploy -- [options])

Runs wrangler deploy with the options as given, once the settings it would deploy are checked: while API_BASE_URL
(under [vars] in wrangler.toml, or --var API_BASE_URL:<address>) is empty or not an http(s) address, every route
would answer 500, so it refuses, exits 1 and builds nothing. --config/-c and --env/-e (or CLOUDFLARE_ENV) choose the
wrangler.toml and environment checked, as they do for wrangler.

  --dry-run --outdir <dir>   bundle the worker and check the configuration offline, deploy nothing
  -h, --help                 this help; every option of wrangler's: npx wrangler deploy --help
`;

const EXAMPLE = 'e.g. API_BASE_URL = "https://checkout.example.com"';

/**
 * What is wrong with the settings for a deploy, in a sentence, or `undefined`. The worker's rule for API_BASE_URL
 * (worker/settings.ts): an http(s) address without a query, spaces around it ignored.
 */
export function deployProblem(vars, where = "wrangler.toml's [vars]") {
  const value = typeof vars?.API_BASE_URL === 'string' ? vars.API_BASE_URL.trim() : '';
  if (value === '') {
    return `API_BASE_URL is empty in ${where}: every route would answer 500. Set it to the checkout service's address (${EXAMPLE}), then deploy again.`;
  }
  const url = urlOf(value);
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '') {
    return `API_BASE_URL in ${where} is not an http(s) address without a query: every route would answer 500. Set it to the checkout service's address (${EXAMPLE}).`;
  }
  return undefined;
}

/** `value` as a URL, or `undefined`: `new URL`, since `URL.parse` is missing from the Node 20 that may run this. */
function urlOf(value) {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The value of `--name value` or `--name=value` (or its short form) among the arguments. */
function option(args, long, short) {
  for (const [index, arg] of args.entries()) {
    if (arg === long || arg === short) return args[index + 1];
    if (arg.startsWith(`${long}=`)) return arg.slice(long.length + 1);
  }
  return undefined;
}

/**
 * The `--var KEY:VALUE` pairs among the arguments, as wrangler reads them: the flag repeated or followed by several
 * pairs, the value everything after the first colon.
 */
function flagVars(args) {
  const vars = {};
  const add = (pair) => {
    const [key, ...value] = pair.split(':');
    vars[key] = value.join(':');
  };
  for (const [index, arg] of args.entries()) {
    if (arg.startsWith('--var=')) add(arg.slice('--var='.length));
    if (arg !== '--var') continue;
    for (const pair of args.slice(index + 1)) {
      if (pair.startsWith('-')) break;
      add(pair);
    }
  }
  return vars;
}

/** Checks the settings `wrangler deploy <args>` would deploy; refuses (exit 1) or runs wrangler and exits as it does. */
export async function deploy(args) {
  // The options are wrangler's, which refuses unknown ones; the one of this command's own is --help.
  const options = args.slice(0, args.includes('--') ? args.indexOf('--') : args.length);
  if (options.includes('--help') || options.includes('-h')) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const typo = options.map((arg) => arg.split('=')[0]).find((name) => name.startsWith('--') && closest(name, ['--help']) !== undefined);
  if (typo !== undefined) usageError('checkout-lookup deploy', USAGE, unknown('option', typo, ['--help']));
  // Imported here: wrangler is the project's devDependency, not this package's.
  const { unstable_readConfig } = await import('wrangler');
  const config = unstable_readConfig(
    { config: option(args, '--config', '-c'), env: option(args, '--env', '-e') ?? process.env.CLOUDFLARE_ENV },
    { hideWarnings: true },
  );
  const fromFlags = flagVars(args);
  const problem = 'API_BASE_URL' in fromFlags ? deployProblem(fromFlags, 'the --var flag') : deployProblem(config.vars, "wrangler.toml's [vars]");
  if (problem !== undefined) {
    console.error(`[deploy] refused: ${problem}`);
    process.exit(1);
  }
  const wrangler = spawn('wrangler', ['deploy', ...args], { stdio: 'inherit' });
  wrangler.on('error', (error) => {
    console.error(`[deploy] could not run wrangler: ${error.message}`);
    process.exit(1);
  });
  wrangler.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await deploy(process.argv.slice(2));
}
