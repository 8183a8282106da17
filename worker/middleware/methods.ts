import type { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { App } from '../app.js';
import { envelope } from '../envelope.js';

/**
 * A path that has routes but none for the method: `OPTIONS` answers 204, any other method 405, each with `Allow`
 * naming the methods of the path's routes (RFC 9110 §10.2.1) and `OPTIONS`, which every such path answers.
 */
export function allowedMethods(app: Hono<App>) {
  return methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) => {
      const headers = { Allow: [...methods, 'OPTIONS'].join(', ') };
      if (c.req.method !== 'OPTIONS') return envelope(c, 405, 'Method not allowed', { headers });
      // The 404 this answer replaces was JSON; an empty answer has no type.
      c.header('Content-Type', undefined);
      return c.body(null, 204, headers);
    },
  });
}
