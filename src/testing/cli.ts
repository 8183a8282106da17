#!/usr/bin/env node
// `checkout-lookup-sandbox`: the sandbox on 127.0.0.1 from the command line. The build bundles @hono/node-server
// into this file (its licence at the end), so `npx checkout-lookup-sandbox` needs nothing but this package.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { unknownOptionIn } from '../../scripts/command-line.mjs';
import { checkSeed } from './check-record.js';
import { isOrigin } from './cors.js';
import { createSandbox } from './create-sandbox.js';
import { optionRefusal } from '../core/resolve-options.js';
import { serveSandbox } from './node.js';
import { SANDBOX_IDS } from './seed.js';
import type { Sandbox, SandboxSeed } from './types.js';

const USAGE = `Usage: checkout-lookup-sandbox [-p N] [-k K] [-s file.json] [-c origins | --no-cors]

Serves a sandbox of the checkout service on 127.0.0.1, with its control API under /__sandbox/.

  -p, --port N           port to listen on (default 8790; 0 picks a free one)
  -k, --key K            the API key requests must carry in X-API-KEY (default: random per run;
                         or set SANDBOX_API_KEY, which keeps it out of the process list and the output)
  -s, --seed file.json   records to start with instead of the default seed: { "orders": [...], "sessions": [...] },
                         each checked as the SDK checks answers; ids must not repeat
  -c, --cors origins     let only browser pages on these origins read its answers (CORS), comma-separated,
                         such as http://localhost:5173 for a front-end dev server (default: any origin)
      --no-cors          no CORS: browsers refuse its answers to pages on other origins
  -h, --help             this help

The sample worker (npm start) listens on 8787 and calls this sandbox on 8790.
Docs: docs/testing.md in this package (node_modules/checkout-lookup/docs/testing.md), or
https://github.com/checkout-lookup/checkout-lookup/blob/main/docs/testing.md`;

/** Bad command-line input: printed with the usage, exit code 2. */
class UsageError extends Error {
  override name = 'UsageError' as const;
}
/** Cannot start: printed alone, exit code 1. */
class StartError extends Error {
  override name = 'StartError' as const;
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseOptions(argv);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = values.port === undefined ? 8790 : Number(values.port);
  if (!(/^\d+$/.test(values.port ?? '0') && Number.isInteger(port) && port <= 65_535)) {
    throw new UsageError(`--port must be an integer from 0 to 65535, not ${JSON.stringify(values.port)}`);
  }
  const envKey = process.env.SANDBOX_API_KEY || undefined;
  const apiKey = values.key ?? envKey;
  // The key the SDK sends, by the SDK's rule: a sandbox under any other key could never be called by it.
  const wrong = apiKey === undefined ? undefined : optionRefusal('apiKey', apiKey);
  if (wrong !== undefined) throw new UsageError(`${values.key === undefined ? 'SANDBOX_API_KEY' : '--key'} ${wrong}`);
  const seed = values.seed === undefined ? true : await readSeed(values.seed);
  if (values.cors !== undefined && values['no-cors']) throw new UsageError('--cors and --no-cors do not go together: pick one');
  const origins = values.cors === undefined ? [] : values.cors.split(',').map((origin) => origin.trim());
  if (values.cors !== undefined && !origins.every(isOrigin)) {
    throw new UsageError(`--cors must be origins separated by commas, such as http://localhost:5173, not ${JSON.stringify(values.cors)}`);
  }
  const cors = values['no-cors'] ? false : values.cors === undefined ? true : origins;

  const sandbox = createSandbox({ ...(apiKey ? { apiKey } : {}), seed, cors });
  const server = await listen(sandbox, port);

  const keyShown = values.key === undefined && envKey !== undefined ? '(from SANDBOX_API_KEY)' : sandbox.apiKey;
  const keyArg = keyShown === sandbox.apiKey ? sandbox.apiKey : '$SANDBOX_API_KEY';
  const curl = (path: string) => `curl -s -H "X-API-KEY: ${keyArg}" -H "X-Timestamp: $(date +%s)000" ${server.url}${path}`;
  const orders = seed === true ? Object.values(SANDBOX_IDS.orders) : (seed.orders ?? []).map((order) => order.orderId);
  const sessions = seed === true ? Object.values(SANDBOX_IDS.sessions) : (seed.sessions ?? []).map((session) => session.sessionId);
  const roles = (ids: Record<string, string>) => (id: string) => {
    const role = seed === true ? Object.entries(ids).find(([, value]) => value === id)?.[0] : undefined;
    return role === undefined ? id : `${id} (${role})`;
  };
  console.log(`Checkout service sandbox on ${server.url}
API key: ${keyShown}${apiKey === undefined ? '   (random, this run only)' : ''}

Seeded ids${seed === true ? '' : ` (from ${values.seed})`}:${seed === true ? `\n  customers  ${Object.values(SANDBOX_IDS.customers).join(', ')}` : ''}
  orders     ${orders.map(roles(SANDBOX_IDS.orders)).join(', ') || '(none)'}
  sessions   ${sessions.map(roles(SANDBOX_IDS.sessions)).join(', ') || '(none)'}

Try:
  ${curl(`/api/order/${encodeURIComponent(orders[0] ?? 'ord_example')}`)}
  curl -s -H "X-API-KEY: ${keyArg}" ${server.url}/__sandbox/log

${corsLine(cors)}

Requests are logged below (never their headers). Ctrl-C stops.`);

  let stopping = false;
  const stop = (signal: string) => {
    // A second signal while closing: stop at once.
    if (stopping) process.exit(130);
    stopping = true;
    server.close().then(
      () => {
        console.log(`Sandbox stopped (${signal}).`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`Sandbox stopped (${signal}) with an error while closing: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** What the banner says about CORS. */
function corsLine(cors: boolean | string[]): string {
  if (cors === true) return 'Browser pages on any origin may call it (CORS); --cors <origins> narrows that, --no-cors turns it off.';
  if (cors === false) return 'No CORS (--no-cors): browsers refuse its answers to pages on other origins.';
  return `Browser pages on ${cors.join(', ')} may call it (CORS).`;
}

const OPTIONS = {
  port: { type: 'string', short: 'p' },
  key: { type: 'string', short: 'k' },
  seed: { type: 'string', short: 's' },
  cors: { type: 'string', short: 'c' },
  'no-cors': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseOptions(argv: string[]) {
  // An unknown option is named with the closest known one ("did you mean --port?"), as every command of the package does.
  const stray = unknownOptionIn(argv, OPTIONS);
  if (stray !== undefined) throw new UsageError(stray);
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Reads and checks a seed file: `{ "orders": [...], "sessions": [...] }`, every record with its id. */
async function readSeed(file: string): Promise<SandboxSeed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--seed: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let seed: unknown;
  try {
    seed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--seed: ${file} is not valid JSON (${(error as Error).message})`);
  }
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed)) {
    throw new UsageError(`--seed: ${file} must hold an object { "orders": [...], "sessions": [...] }`);
  }
  const { orders = [], sessions = [], ...rest } = seed as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new UsageError(`--seed: ${file} has ${unknown.map((key) => JSON.stringify(key)).join(', ')}; only "orders" and "sessions" are read`);
  try {
    checkSeed({ orders, sessions });
  } catch (error) {
    throw new UsageError(`--seed: ${file}: ${(error as Error).message}`);
  }
  return { orders, sessions } as SandboxSeed;
}

async function listen(sandbox: Sandbox, port: number) {
  try {
    return await serveSandbox(sandbox, { port, hostname: '127.0.0.1', log: (line) => console.log(line) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StartError(
      `cannot listen on 127.0.0.1:${port} (${code ?? String(error)})${code === 'EADDRINUSE' ? '; pick another --port, or 0 for a free one' : ''}`,
    );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`checkout-lookup-sandbox: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof StartError ? `checkout-lookup-sandbox: ${error.message}` : error);
  process.exit(1);
});
