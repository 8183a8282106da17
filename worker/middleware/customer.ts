import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { App, AppContext } from '../app.js';
import { signInCookie } from '../sign-in/cookie.js';
import { bearerToken, checkLink, verifySignIn } from '../sign-in/tokens.js';

/** The customer of the sign-in cookie, or `undefined` without one or with one that fails. */
export async function cookieCustomerOf(c: AppContext) {
  const token = signInCookie.read(c);
  return token ? verifySignIn(token, c.get('settings')) : undefined;
}

/** The JSON routes: the customer of the Bearer token, else of a same-origin page's cookie. */
export const jsonCustomer = createMiddleware<App>(async (c, next) => {
  const token = bearerToken(c.req.raw);
  if (token === undefined) {
    // The cookie only from a page of this origin (no other site can set `Sec-Fetch-Site`): the pending page's checks.
    c.set('customer', c.req.header('Sec-Fetch-Site') === 'same-origin' ? await cookieCustomerOf(c) : undefined);
    c.set('invalidCredential', false);
  } else {
    const checked = token === '' ? undefined : await checkLink(token, c.get('settings'));
    const customer = checked !== undefined && 'customer' in checked ? checked.customer : undefined;
    c.set('customer', customer);
    c.set('invalidCredential', customer === undefined);
  }
  await next();
});

/** The first step of a lookup: a signed-in customer, or 401. */
export const requireCustomer = createMiddleware<App>(async (c, next) => {
  if (c.get('customer') === undefined) throw new HTTPException(401);
  await next();
});
