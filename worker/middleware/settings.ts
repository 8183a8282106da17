import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { envelope } from '../envelope.js';
import { readSettings } from '../settings.js';

/** The checked settings for the steps after it; without them the worker serves nothing, and says which is wrong. */
export const settings = createMiddleware<App>(async (c, next) => {
  const read = readSettings(c.env);
  if ('problem' in read) return envelope(c, 500, read.problem);
  c.set('settings', read.settings);
  await next();
});
