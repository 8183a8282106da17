import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { readerTimeZone } from '../format.js';
import { chooseReader } from '../i18n/index.js';
import { cookieCustomerOf } from './customer.js';

// This site's host and the path as asked for, off the URL the runtime already serialized. Not `c.req.path`: Hono
// decodes its escapes, and "Try again" goes back to the path as it was asked for.
const SITE_AND_PATH = /^[^:]+:\/\/([^/?#]*)([^?#]*)/;

/** The pages' first step: the customer of the sign-in cookie, and the reader, zone and site the pages are written for. */
export const pageRequest = createMiddleware<App>(async (c, next) => {
  const customer = await cookieCustomerOf(c);
  c.set('customer', customer);
  c.set('invalidCredential', false);
  const [, site = '', path = ''] = SITE_AND_PATH.exec(c.req.url) ?? [];
  const reader = chooseReader(c.req.header('Accept-Language') ?? null);
  const timeZone = readerTimeZone(c.req.raw);
  c.set('pageRequest', { reader, timeZone, settings: c.get('settings'), site, path, customerId: customer?.id });
  await next();
});
