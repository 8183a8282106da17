// The CommonJS twin of load-msw.ts, put in its place by the build (tsup.config.ts) for the .cjs files.
const { missingPeer, needNode } = require('./peer.ts');

needNode('testing/msw', [22, 12], 'msw 3 does');

try {
  const msw = require('msw');
  exports.http = msw.http;
  exports.HttpResponse = msw.HttpResponse;
} catch (error) {
  throw missingPeer('msw', 'testing/msw', error);
}
