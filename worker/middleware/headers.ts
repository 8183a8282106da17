import { createMiddleware } from 'hono/factory';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { App, AppContext, PageSources } from '../app.js';
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

// Anything but a page (JSON, a redirect) is never a document to render: no scripts, no frames. A page's own policy,
// set by `answerHeaders` inside this, is kept (`overwrite: false`).
const NOT_A_PAGE = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/** The security headers every answer carries (hono/secure-headers), JSON's policy unless the answer brings a page's. */
export const securityHeaders = secureHeaders({ ...COMMON, contentSecurityPolicy: NOT_A_PAGE, overwrite: false });

// An https origin a CSP host-source can name (CSP3 §2.3.1): a host name of letters, digits and hyphens, or an IPv4
// address, and a port. URL parsing lets `;`, `,`, `'` and `*` through in a host, each CSP syntax (a new directive, a
// second policy, a keyword, a wildcard); Chromium ignores an IPv6 literal or an `_` as an invalid source.
const HOST_SOURCE = /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::[0-9]+)?$/;

/** Whether an origin (`URL.origin`: lower case, IDN as punycode) can be an `img-src` of a page's policy. */
export function isImageSource(origin: string): boolean {
  return HOST_SOURCE.test(origin);
}

/**
 * A page's policy: only its own style (by hash), its images, its print style and script by this answer's nonce, and
 * its form. A page without a script or print style carries no nonce, so two 404 pages are byte-identical.
 */
function pagePolicy(c: AppContext, { images, form, script, printStyle }: PageSources): string {
  const nonce = script || printStyle ? NONCE(c, 'script-src') : '';
  return [
    "default-src 'none'",
    `img-src ${images}`,
    `style-src 'sha256-${STYLE_HASH}'${printStyle ? ` ${nonce}` : ''}`,
    ...(script ? [`script-src ${nonce}`, "connect-src 'self'"] : []),
    "base-uri 'none'",
    `form-action ${form ? "'self'" : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
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
 * the layout); no shared cache keeps an answer (each is one customer's) but the icon's; HSTS over HTTPS.
 */
export const answerHeaders = createMiddleware<App>(async (c, next) => {
  await next();
  const page = c.get('pageSources');
  if (page !== undefined) c.header('Content-Security-Policy', pagePolicy(c, page));
  if (c.res.headers.get('Cache-Control') !== FAVICON_CACHE) c.header('Cache-Control', 'private, no-store');
  if (c.req.url.startsWith('https:')) c.header('Strict-Transport-Security', HSTS);
});
