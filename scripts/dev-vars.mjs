// The local settings of the sample worker (`.dev.vars`, read by `wrangler dev`): written once with random secrets by
// `checkout-lookup create` and by `npm start` when missing, read back by `npm start`. Shared by both, one copy.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/** The sandbox's port when nothing else is said (the worker's is 8787): the same in the CLI, the scripts and docs. */
export const SANDBOX_PORT = 8790;
/** The port `wrangler dev` serves the worker on. */
export const WORKER_PORT = 8787;
/** The port of the worker's debugger (`wrangler dev --inspector-port`), set explicitly by `npm start`. */
export const INSPECTOR_PORT = 9229;
export const HOST = '127.0.0.1';

/** Writes `file` (mode 600) with the sandbox's address, a random API_KEY and a random AUTH_SECRET. */
export function writeDevVars(file, sandboxPort = SANDBOX_PORT) {
  const secret = (bytes) => randomBytes(bytes).toString('base64url');
  const lines = [
    '# Local settings for `wrangler dev`, generated with random values. Never commit this file (it is git-ignored);',
    '# delete it and run `npm start` to generate new ones. API_KEY is the key of the local sandbox, not a real one.',
    `API_BASE_URL="http://${HOST}:${sandboxPort}"`,
    `API_KEY="${secret(24)}"`,
    `AUTH_SECRET="${secret(32)}"`,
    '',
  ];
  writeFileSync(file, lines.join('\n'), { mode: 0o600, flag: 'wx' });
}

/** The `NAME="value"` lines of a .dev.vars file, as an object (comments and blank lines skipped). */
export function readDevVars(file) {
  const text = readFileSync(file, 'utf8');
  return Object.fromEntries([...text.matchAll(/^\s*([A-Za-z_]\w*)\s*=\s*(["']?)(.*?)\2\s*$/gm)].map((m) => [m[1], m[3]]));
}
