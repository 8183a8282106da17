import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { envelope } from '../envelope.js';

// What the SDK sends from a shop's page: GET (and HEAD) with its two headers, never with credentials; it reads the two
// headers it quotes. Used for allowed origins only (below), so the origin it is handed is the one to allow.
const shopCors = cors({
  origin: (origin) => origin,
  allowMethods: ['GET', 'HEAD', 'OPTIONS'],
  allowHeaders: ['Authorization', 'X-Timestamp'],
  exposeHeaders: ['Retry-After', 'X-Request-Id'],
  maxAge: 600,
});

/**
 * CORS for ALLOWED_ORIGINS only, hono/cors answering their preflights; a preflight from another origin gets 403. Every
 * other request gets no CORS header at all, only `Vary: Origin`, so caches keep the answers apart.
 */
export const crossOrigin = createMiddleware<App>(async (c, next) => {
  const origin = c.req.header('Origin');
  const options = c.req.method === 'OPTIONS';
  const preflight = options && origin !== undefined && c.req.header('Access-Control-Request-Method') !== undefined;
  if (origin !== undefined && c.get('settings').allowedOrigins.has(origin) && (preflight || !options)) return shopCors(c, next);
  if (preflight) return envelope(c, 403, 'Origin not allowed', { headers: { Vary: 'Origin' } });
  await next();
  c.res.headers.append('Vary', 'Origin');
});
