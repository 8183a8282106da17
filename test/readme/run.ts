import { createServer } from 'node:net';

// The child-process runner is shared with the runtime matrix.
export { run, type Run } from '../runtimes/child.js';

/** `http://127.0.0.1:<port>` where nothing listens (a port that was just free), for registries that must not be reached. */
export async function deadAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}
