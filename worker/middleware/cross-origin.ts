import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { ALLOW, allowed, envelope } from '../envelope.js';

// CORS for ALLOWED_ORIGINS only, never with credentials, for what the SDK sends; a form's POST is taken from this site alone.
const shopCors = cors({
  origin: (origin, c) => (c.get('settings').allowedOrigins.has(origin) ? origin : null),
  allowMethods: ALLOW.split(', '),
  allowHeaders: ['Authorization', 'X-Timestamp'],
  exposeHeaders: ['Retry-After', 'X-Request-Id'],
  maxAge: 600,
});

/** OPTIONS answers 204 with the path's `Allow`, a preflight from another origin 403; other origins get no CORS headers. */
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
