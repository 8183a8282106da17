import type { MiddlewareHandler } from 'hono';
import type { Answers, App } from '../app.js';
import { createMiddleware } from 'hono/factory';
import { cookieCustomerOf } from './customer.js';
import { readerTimeZone } from '../format.js';
import { chooseReader } from '../i18n/index.js';
import { notFound, tooManyRequests, unauthorized, upstreamFailed } from '../responses.js';
import { notFoundPage, notSignedInPage, tooManyPage, upstreamFailedPage } from '../views/message-pages.js';

// The two families of routes share every step; they differ only in how they answer where a step stops: the JSON
// routes in the service's envelope, the pages with a page in the shopper's language.

const JSON_ANSWERS: Answers = {
  unauthorized: (_c, invalid) => unauthorized(invalid),
  tooMany: (_c, seconds) => tooManyRequests(seconds),
  notFound: () => notFound(),
  failed: (c, status) => upstreamFailed(status, c.get('requestId')),
};

const PAGE_ANSWERS: Answers = {
  unauthorized: (c) => notSignedInPage(c.get('shopper')),
  tooMany: (c, seconds) => tooManyPage(c.get('shopper'), seconds),
  notFound: (c) => notFoundPage(c.get('shopper')),
  failed: (c, status) => upstreamFailedPage(status, c.get('requestId'), c.get('shopper')),
};

/** The JSON routes' answers. */
export const jsonFamily = createMiddleware<App>(async (c, next) => {
  c.set('answers', JSON_ANSWERS);
  await next();
});

/** Runs `json` for the JSON routes (`/api/…`) and `page` for every other path. */
export function byFamily(json: MiddlewareHandler<App>, page: MiddlewareHandler<App>): MiddlewareHandler<App> {
  return (c, next) => (c.req.path.startsWith('/api/') ? json(c, next) : page(c, next));
}

// This site's host and the path asked for, read off the request's URL, which the runtime has parsed and serialized
// already (`scheme://host[:port]/path?query#fragment`; a Request never carries credentials), so no page parses it
// again. Not `c.req.path`: Hono decodes its escapes, and "Try again" goes back to the path as it was asked for.
const SITE_AND_PATH = /^[^:]+:\/\/([^/?#]*)([^?#]*)/;

/** The pages' answers, the customer of the sign-in cookie, and the shopper the pages are written for. */
export const pageFamily = createMiddleware<App>(async (c, next) => {
  c.set('answers', PAGE_ANSWERS);
  c.set('customer', await cookieCustomerOf(c));
  c.set('invalidCredential', false);
  const [, site = '', path = ''] = SITE_AND_PATH.exec(c.req.url) ?? [];
  c.set('shopper', {
    reader: chooseReader(c.req.header('Accept-Language') ?? null),
    timeZone: readerTimeZone(c.req.raw),
    settings: c.get('settings'),
    site,
    path,
    nonce: c.get('secureHeadersNonce') ?? '',
    customerId: c.get('customer')?.id,
  });
  await next();
});
