import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { ALLOW, allowed, envelope } from '../envelope.js';

// CORS for the origins in ALLOWED_ORIGINS only, never with credentials. What the SDK sends from a page: the token,
// and X-Timestamp (which is what makes browsers send a preflight). A preflight allows the JSON routes' methods only:
// a form's POST is taken from this site alone.
const shopCors = cors({
  origin: (origin, c) => (c.get('settings').allowedOrigins.has(origin) ? origin : null),
  allowMethods: ALLOW.split(', '),
  allowHeaders: ['Authorization', 'X-Timestamp'],
  exposeHeaders: ['Retry-After', 'X-Request-Id'],
  maxAge: 600,
});

/**
 * OPTIONS answers 204 with the path's `Allow`; a CORS preflight from another origin gets 403. Every other answer
 * gets `Access-Control-Allow-Origin` for an allowed origin and nothing for another, so browsers withhold it.
 */
export const crossOrigin = createMiddleware<App>(async (c, next) => {
  const origin = c.req.header('Origin');
  if (c.req.method === 'OPTIONS') {
    if (origin === undefined || c.req.header('Access-Control-Request-Method') === undefined) {
      return new Response(null, { status: 204, headers: { Allow: allowed(c.req.path) } });
    }
    if (!c.get('settings').allowedOrigins.has(origin)) return envelope(c, 403, 'Origin not allowed', { headers: { Vary: 'Origin' } });
    c.header('Allow', allowed(c.req.path));
  }
  // No Origin (a navigation, a server): nothing to allow, only `Vary: Origin`, so caches keep the answers apart.
  if (origin === undefined) {
    await next();
    c.res.headers.append('Vary', 'Origin');
    return;
  }
  return shopCors(c, next);
});
