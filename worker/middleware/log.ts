import { routePath } from 'hono/route';
import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';

/**
 * One log line per request (JSON): id, method, route (the declared pattern such as `/orders/:id`, never the path,
 * which holds the id), status, upstream and total milliseconds, and for a failure its name, status and code.
 * Never a token, a key, an id or customer data.
 */
export const logLine = createMiddleware<App>(async (c, next) => {
  const started = Date.now();
  await next();
  console.log(
    JSON.stringify({
      requestId: c.get('requestId'),
      method: c.req.method,
      route: routePath(c),
      status: c.res.status,
      upstreamMs: c.get('upstreamMs') ?? null,
      ms: Date.now() - started,
      ...(c.get('failure') ? { error: c.get('failure') } : {}),
    }),
  );
});
