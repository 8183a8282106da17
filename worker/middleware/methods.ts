import type { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { App } from '../app.js';
import { envelope } from '../envelope.js';

/**
 * A path that has routes but none for the method: `OPTIONS` answers 204, any other method 405, each with `Allow`
 * naming the methods of the path's routes (RFC 9110 §10.2.1) and `OPTIONS`, which every such path answers.
 */
export const allowedMethods = (app: Hono<App>) =>
  methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) => {
      const headers = { Allow: [...methods, 'OPTIONS'].join(', ') };
      if (c.req.method !== 'OPTIONS') return envelope(c, 405, 'Method not allowed', { headers });
      c.res.headers.delete('Content-Type'); // of the JSON 404 it replaces: an empty answer has no type
      return c.body(null, 204, headers);
    },
  });
