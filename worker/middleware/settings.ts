import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { readSettings } from '../settings.js';
import { misconfigured } from '../responses.js';

/** The checked settings for the steps after it; without them the worker serves nothing, and says which is wrong. */
export const settings = createMiddleware<App>(async (c, next) => {
  const read = readSettings(c.env);
  if ('problem' in read) return misconfigured(read.problem);
  c.set('settings', read.settings);
  await next();
});
