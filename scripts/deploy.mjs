#!/usr/bin/env node
// `wrangler deploy` (and its dry run) with the settings checked first: without the checkout service's address every
// route of the worker answers 500, so a deploy that would ship that is refused before wrangler builds or uploads
// anything. Arguments go to `wrangler deploy` as given; `--config`/`-c` and `--env`/`-e` (or CLOUDFLARE_ENV) choose
// the wrangler.toml and environment checked, as they do for wrangler.
import { spawn } from 'node:child_process';
import { unstable_readConfig } from 'wrangler';

const args = process.argv.slice(2);

/** The value of `--name value` or `--name=value` (or its short form) among the arguments. */
function option(long, short) {
  for (const [index, arg] of args.entries()) {
    if (arg === long || arg === short) return args[index + 1];
    if (arg.startsWith(`${long}=`)) return arg.slice(long.length + 1);
  }
  return undefined;
}

/** What is wrong with the settings for a deploy, in a sentence, or `undefined`. */
export function deployProblem(vars) {
  const value = typeof vars?.API_BASE_URL === 'string' ? vars.API_BASE_URL.trim() : '';
  const example = 'e.g. API_BASE_URL = "https://checkout.example.com"';
  if (value === '') {
    return `API_BASE_URL is empty in wrangler.toml's [vars]: every route would answer 500. Set it to the checkout service's address (${example}), then deploy again.`;
  }
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '') {
    return `API_BASE_URL in wrangler.toml's [vars] is not an http(s) address without a query: every route would answer 500. Set it to the checkout service's address (${example}).`;
  }
  return undefined;
}

const config = unstable_readConfig(
  { config: option('--config', '-c'), env: option('--env', '-e') ?? process.env.CLOUDFLARE_ENV },
  { hideWarnings: true },
);
const problem = deployProblem(config.vars);
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
