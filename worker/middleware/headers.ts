import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { App, PageSources } from '../app.js';
import { STYLE_HASH } from '../views/layout.js';

// The headers every answer carries: nothing sniffed or framed, no referrer (the sign-in link's token never leaks), no
// powerful browser feature, no handle on a page from another origin's window (COOP), no embedding by another origin
// (CORP; CORS reads by allowed origins are not affected). Legacy headers of no use to today's browsers are left out.
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
  // Nothing sets `X-Powered-By`.
  removePoweredBy: false,
} satisfies Parameters<typeof secureHeaders>[0];

const sources = (c: Context) => c.get('pageSources') as PageSources;

// A page's policy: only its own style (by hash), its images, its print style and script by this answer's nonce, and
// its form. A page without a script or print style carries no nonce, so two 404 pages are byte-identical.
const pagePolicy = {
  defaultSrc: ["'none'"],
  imgSrc: [(c: Context) => sources(c).images],
  styleSrc: [(c: Context) => `'sha256-${STYLE_HASH}'${sources(c).printStyle ? ` ${NONCE(c, 'style-src')}` : ''}`],
};
const pageEnd = { baseUri: ["'none'"], formAction: [(c: Context) => (sources(c).form ? "'self'" : "'none'")], frameAncestors: ["'none'"] };

const PAGE = secureHeaders({ ...COMMON, contentSecurityPolicy: { ...pagePolicy, ...pageEnd } });
const PAGE_WITH_SCRIPT = secureHeaders({
  ...COMMON,
  contentSecurityPolicy: { ...pagePolicy, scriptSrc: [NONCE], connectSrc: ["'self'"], ...pageEnd },
});
// Anything but a page (JSON, a redirect) is never a document to render: no scripts, no frames.
const NOT_A_PAGE = secureHeaders({ ...COMMON, contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } });

/**
 * `Strict-Transport-Security`, over HTTPS only (RFC 6797 §7.2). One year, this host only: `includeSubDomains` would
 * bind every sibling of a worker deployed on the shop's own domain, which is the merchant's call, not the sample's.
 */
export const HSTS = 'max-age=31536000';

/** How long browsers and caches keep the answer to `/favicon.ico` (the same for everyone, and empty). */
export const FAVICON_CACHE = 'public, max-age=604800';

/**
 * The security headers of every answer, set once it is made: a page's CSP follows what it loads (`pageSources`, set
 * by the layout); no shared cache keeps an answer (each is one customer's) but the icon's.
 */
export const securityHeaders = createMiddleware<App>(async (c, next) => {
  await next();
  const page = c.get('pageSources');
  await (page === undefined ? NOT_A_PAGE : page.script ? PAGE_WITH_SCRIPT : PAGE)(c, async () => {});
  if (c.res.headers.get('Cache-Control') !== FAVICON_CACHE) c.res.headers.set('Cache-Control', 'private, no-store');
  if (c.req.url.startsWith('https:')) c.res.headers.set('Strict-Transport-Security', HSTS);
});
