import { createMiddleware } from 'hono/factory';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { App, AppContext, PageSources } from '../app.js';
import { STYLE_HASH } from '../views/layout.js';

/**
 * The headers every answer carries: nothing sniffed or framed, no referrer (the sign-in link's token never leaks), no
 * powerful browser feature, no handle on a page from another origin's window (COOP), no embedding by another origin
 * (CORP; CORS reads by allowed origins are not affected); no legacy header. The policy of anything but a page (JSON,
 * a redirect: no document to render), which `answerHeaders`, outside this, replaces with a page's own.
 */
export const securityHeaders = secureHeaders({
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
  // Nothing sets `X-Powered-By`.
  removePoweredBy: false,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
});

/**
 * Whether an origin (`URL.origin`: lower case, IDN as punycode) can be an `img-src` (CSP3 §2.3.1): https, a host name
 * of letters, digits and hyphens or an IPv4 address, a port. URL parsing lets `;`, `,`, `'` and `*` through in a host,
 * each CSP syntax (a new directive, a second policy, a keyword, a wildcard); Chromium ignores an IPv6 literal or an `_`.
 */
export const isImageSource = (origin: string): boolean => /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::[0-9]+)?$/.test(origin);

// A page's policy: only its own style (by hash), its images, its print style and script by this answer's nonce, and
// its form. A page without a script or print style carries no nonce, so two 404 pages are byte-identical.
function pagePolicy(c: AppContext, { images, form, script, printStyle }: PageSources): string {
  const nonce = script || printStyle ? NONCE(c, 'script-src') : '';
  const scripts = script ? `; script-src ${nonce}; connect-src 'self'` : '';
  const style = `style-src 'sha256-${STYLE_HASH}'${printStyle ? ` ${nonce}` : ''}`;
  return `default-src 'none'; img-src ${images}; ${style}${scripts}; base-uri 'none'; form-action ${form ? "'self'" : "'none'"}; frame-ancestors 'none'`;
}

/**
 * `Strict-Transport-Security`, over HTTPS only (RFC 6797 §7.2). One year, this host only: `includeSubDomains` would
 * bind every sibling of a worker deployed on the shop's own domain, which is the merchant's call, not the sample's.
 */
export const HSTS = 'max-age=31536000';

/** How long browsers and caches keep the answer to `/favicon.ico` (the same for everyone, and empty). */
export const FAVICON_CACHE = 'public, max-age=604800';

/**
 * The headers that follow the answer, set once it is made: a page's policy from what it loads (`pageSources`, set by
 * `render`); no shared cache keeps an answer (each is one customer's) but the icon's; HSTS over HTTPS.
 */
export const answerHeaders = createMiddleware<App>(async (c, next) => {
  await next();
  // On the answer's own headers: `c.header` on a finished answer would copy the whole Response for each one.
  const [headers, page] = [c.res.headers, c.get('pageSources')];
  if (page !== undefined) headers.set('Content-Security-Policy', pagePolicy(c, page));
  if (headers.get('Cache-Control') !== FAVICON_CACHE) headers.set('Cache-Control', 'private, no-store');
  if (c.req.url.startsWith('https:')) headers.set('Strict-Transport-Security', HSTS);
});
