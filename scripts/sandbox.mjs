// `npm run sandbox`: the checkout service's sandbox on 127.0.0.1, from the built package.
// PORT picks the port (default 8790); SANDBOX_API_KEY fixes the key (default: a random one per run).
import { createSandbox, SANDBOX_IDS } from 'checkout-lookup/testing';
import { serveSandbox } from 'checkout-lookup/testing/node';

const port = process.env.PORT === undefined || process.env.PORT === '' ? 8790 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be an integer from 0 to 65535, not ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}
const givenKey = process.env.SANDBOX_API_KEY || undefined;
const sandbox = createSandbox(givenKey ? { apiKey: givenKey } : {});

// One line per request: method, path, status; never a header, so never the key.
async function fetchAndLog(request) {
  const { pathname, search } = new URL(request.url);
  const line = `${new Date().toISOString()} ${request.method} ${pathname}${search}`;
  try {
    const response = await sandbox.fetch(request);
    console.log(`${line} -> ${response.status}`);
    return response;
  } catch (error) {
    console.log(`${line} -> connection dropped`);
    throw error;
  }
}

let server;
try {
  server = await serveSandbox({ ...sandbox, fetch: fetchAndLog }, { port, hostname: '127.0.0.1' });
} catch (error) {
  console.error(`Cannot listen on 127.0.0.1:${port}: ${error.code ?? error.message}. Set PORT to another port.`);
  process.exit(1);
}

const key = givenKey ? '"$SANDBOX_API_KEY"' : sandbox.apiKey;
const curl = (path) => `curl -s -H "X-API-KEY: ${key}" -H "X-Timestamp: $(date +%s)000" ${server.url}${path}`;
console.log(`Checkout service sandbox on ${server.url}

API key: ${givenKey ? 'from SANDBOX_API_KEY' : `${sandbox.apiKey}   (random, this run only)`}

Seeded ids:
  customers  ${Object.values(SANDBOX_IDS.customers).join(', ')}
  sessions   ${Object.entries(SANDBOX_IDS.sessions).map(([name, id]) => `${id} (${name})`).join(', ')}
  orders     ${Object.entries(SANDBOX_IDS.orders).map(([name, id]) => `${id} (${name})`).join(', ')}

Try:
  ${curl(`/api/order/${SANDBOX_IDS.orders.ada}`)}
  ${curl(`/api/checkout/session/${SANDBOX_IDS.sessions.open}`)}

Requests are logged below. Ctrl-C stops.
`);

let stoppedAt;
async function stop(signal) {
  // A second Ctrl-C stops at once; one arriving with the first (npm forwarding it too) is the same press.
  if (stoppedAt !== undefined) {
    if (Date.now() - stoppedAt > 500) process.exit(130);
    return;
  }
  stoppedAt = Date.now();
  await server.close();
  console.log(`\nSandbox stopped (${signal}).`);
  process.exitCode = 0;
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
