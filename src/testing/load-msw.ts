// msw, loaded so that its absence names the package and the install command instead of failing as a bare
// ERR_MODULE_NOT_FOUND. The CommonJS build uses load-msw.cjs (no top-level await there).
import { missingPeer, needNode } from './peer.js';

// msw 3 declares Node 22.12 (engines) and calls Promise.withResolvers, which Node 20 lacks.
needNode('testing/msw', [22, 12], 'msw 3 does');
const msw = await import('msw').catch((error: unknown) => {
  throw missingPeer('msw', 'testing/msw', error);
});

export const http = msw.http;
export const HttpResponse = msw.HttpResponse;
