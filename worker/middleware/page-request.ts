import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { readerTimeZone } from '../format.js';
import { chooseReader } from '../i18n/index.js';
import { cookieCustomerOf } from './customer.js';

// This site's host and the path asked for, read off the request's URL, which the runtime has parsed and serialized
// already (`scheme://host[:port]/path?query#fragment`; a Request never carries credentials), so no page parses it
// again. Not `c.req.path`: Hono decodes its escapes, and "Try again" goes back to the path as it was asked for.
const SITE_AND_PATH = /^[^:]+:\/\/([^/?#]*)([^?#]*)/;

/** The pages' first step: the customer of the sign-in cookie, and the reader, zone and site the pages are written for. */
export const pageRequest = createMiddleware<App>(async (c, next) => {
  const customer = await cookieCustomerOf(c);
  c.set('customer', customer);
  c.set('invalidCredential', false);
  const [, site = '', path = ''] = SITE_AND_PATH.exec(c.req.url) ?? [];
  c.set('pageRequest', {
    context: c,
    reader: chooseReader(c.req.header('Accept-Language') ?? null),
    timeZone: readerTimeZone(c.req.raw),
    settings: c.get('settings'),
    site,
    path,
    customerId: customer?.id,
  });
  await next();
});
