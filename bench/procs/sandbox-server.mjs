// Child process: the sandbox of the BUILT package served over HTTP on 127.0.0.1 with serveSandbox, holding the
// benchmark's typical order besides the seed. Receives { apiKey }, answers { ready: { url } }, stops on SIGTERM.
import { PAYLOADS } from '../fixtures.mjs';
import { distUrl } from '../lib.mjs';

const { createSandbox } = await import(distUrl('testing/index.js'));
const { serveSandbox } = await import(distUrl('testing/node.js'));

process.once('message', async ({ apiKey }) => {
  try {
    const sandbox = createSandbox({ apiKey });
    sandbox.putOrder(PAYLOADS['typical order'].data);
    const server = await serveSandbox(sandbox, { hostname: '127.0.0.1', port: 0 });
    process.once('SIGTERM', () => server.close().finally(() => process.exit(0)));
    process.send({ ready: { url: server.url } });
  } catch (error) {
    process.send({ error: String(error?.message ?? error) });
  }
});
