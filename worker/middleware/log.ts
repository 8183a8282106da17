import { routePath } from 'hono/route';
import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';

/** One JSON log line per request: the route's pattern, never the path (it holds the id); never a token, key or customer data. */
export const logLine = createMiddleware<App>(async (c, next) => {
  const started = Date.now();
  await next();
  const line = {
    requestId: c.get('requestId'),
    method: c.req.method,
    route: routePath(c),
    status: c.res.status,
    upstreamMs: c.get('upstreamMs') ?? null,
    ms: Date.now() - started,
    ...(c.get('failure') ? { error: c.get('failure') } : {}),
  };
  console.log(JSON.stringify(line));
});
