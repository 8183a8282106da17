import { NONCE, secureHeaders } from 'hono/secure-headers';
import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';

// The headers every answer carries: nothing is kept by shared caches, sniffed or framed, no referrer (the sign-in
// link's token never leaks); no powerful browser feature; no window of another origin keeps a handle on a page
// (COOP), and no other origin embeds an answer as an image, script or the like (CORP; CORS reads by allowed origins
// are not affected). Legacy headers of no use to today's browsers are left out.
const COMMON = {
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: 'same-origin',
  referrerPolicy: 'no-referrer',
  xContentTypeOptions: 'nosniff',
  xFrameOptions: 'DENY',
  // Set below, on HTTPS requests only.
  strictTransportSecurity: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  permissionsPolicy: { accelerometer: [], camera: [], geolocation: [], gyroscope: [], magnetometer: [], microphone: [], payment: [], usb: [] },
  // A page sets its own Content-Security-Policy (its images, its form, its script); the family's stands otherwise.
  overwrite: false,
  // Nothing here sets `X-Powered-By`, so there is none to remove.
  removePoweredBy: false,
} satisfies Parameters<typeof secureHeaders>[0];

/** The JSON family: an answer is never a document to render, so no scripts and no frames. */
export const jsonHeaders = secureHeaders({ ...COMMON, contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } });

/**
 * The page family: the nonce of this answer (`c.get('secureHeadersNonce')`, which the pages put on their inline
 * script) and, for an answer that is not a page (a redirect), a policy that loads nothing.
 */
export const pageHeaders = secureHeaders({
  ...COMMON,
  contentSecurityPolicy: { defaultSrc: ["'none'"], scriptSrc: [NONCE], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
});

/**
 * `Strict-Transport-Security` for answers over HTTPS (RFC 6797 §7.2: never over plain HTTP, where it means nothing
 * and `wrangler dev` on localhost would be pinned). One year, this host only: `includeSubDomains` would bind every
 * sibling of a worker deployed on the shop's own domain, which is the merchant's call, not the sample's.
 */
export const HSTS = 'max-age=31536000';

/** How long browsers and caches keep the answer to `/favicon.ico` (the same for everyone, and empty). */
export const FAVICON_CACHE = 'public, max-age=604800';

/** No shared cache keeps an answer (each is one customer's), but the icon's, and HSTS over HTTPS. */
export const privateAndTransportSecurity = createMiddleware<App>(async (c, next) => {
  await next();
  if (c.res.headers.get('Cache-Control') !== FAVICON_CACHE) c.res.headers.set('Cache-Control', 'private, no-store');
  if (c.req.url.startsWith('https:')) c.res.headers.set('Strict-Transport-Security', HSTS);
});
