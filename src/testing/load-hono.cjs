// The CommonJS twin of load-hono.ts, put in its place by the build (tsup.config.ts) for the .cjs files.
const { missingPeer } = require('./peer.ts');

try {
  exports.serve = require('@hono/node-server').serve;
  exports.RESPONSE_ALREADY_SENT = require('@hono/node-server/utils/response').RESPONSE_ALREADY_SENT;
} catch (error) {
  throw missingPeer('@hono/node-server', 'testing/node', error);
}
