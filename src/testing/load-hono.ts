// @hono/node-server, loaded so that its absence names the package and the install command instead of failing
// as a bare ERR_MODULE_NOT_FOUND. The CommonJS build uses load-hono.cjs (no top-level await there).
import { missingPeer } from './peer.js';

const [server, response] = await Promise.all([import('@hono/node-server'), import('@hono/node-server/utils/response')]).catch((error: unknown) => {
  throw missingPeer('@hono/node-server', 'testing/node', error);
});

export const serve = server.serve;
export const RESPONSE_ALREADY_SENT = response.RESPONSE_ALREADY_SENT;
