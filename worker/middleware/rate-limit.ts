import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { App } from '../app.js';

// The binding does not say when its window ends; its period is 10 or 60 seconds, so 60 is a wait after which a
// client is always let through again.
export const RETRY_AFTER_SECONDS = 60;

/** Counts one lookup for the signed-in customer, or 429 (with `Retry-After`) when they are over the limit. No binding, no limit. */
export const rateLimit = createMiddleware<App>(async (c, next) => {
  const { rateLimiter } = c.get('settings');
  const customer = c.get('customer');
  if (rateLimiter !== undefined && customer !== undefined) {
    const { success } = await rateLimiter.limit({ key: customer.id });
    if (!success) throw new HTTPException(429);
  }
  await next();
});
