import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768-60999), from which the system hands out every `listen(0)` and outgoing
// connection of the tests running beside this one: a port taken from that range and released can be handed to
// another process before the server meant for it binds it, and a readiness check would then reach that process.
const LOWEST = 20_000;
const RANGE = 12_000;

/** A TCP port on 127.0.0.1 that was free a moment ago, outside the range the system picks from. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = LOWEST + Math.floor(Math.random() * RANGE);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port found in ${LOWEST}-${LOWEST + RANGE - 1} after 100 tries`);
}

/** Whether `port` on 127.0.0.1 can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
