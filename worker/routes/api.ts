import { Hono } from 'hono/tiny';
import { HTTPException } from 'hono/http-exception';
import { orderView, sessionView } from '../allow-list.js';
import type { App, AppContext } from '../app.js';
import { envelope } from '../envelope.js';
import { checkoutSessions, orders, ownRecord } from '../lookup.js';
import { jsonCustomer, requireCustomer } from '../middleware/customer.js';
import { RETRY_AFTER_SECONDS, rateLimit } from '../middleware/rate-limit.js';

/** The JSON lookups on the service's own paths and envelope (the SDK works against them with a Bearer token), for the owner only. */
export const api = new Hono<App>();

api.use(jsonCustomer);
api.get('/order/:id', requireCustomer, rateLimit, async (c) => envelope(c, 200, 'success', { data: orderView(await ownRecord(c, orders)) }));
api.get('/checkout/session/:id', requireCustomer, rateLimit, async (c) =>
  envelope(c, 200, 'success', { data: sessionView(await ownRecord(c, checkoutSessions)) }),
);

api.onError((error, c) => failure(c, error));

/** The JSON answer to a failure: never the service's words; the 404 is the same to the byte for "does not exist" and "not yours". */
export function failure(c: AppContext, error: Error): Response {
  const status = error instanceof HTTPException ? error.status : 500;
  const requestId = c.get('requestId');
  if (status === 401) {
    // RFC 6750 §3: `error="invalid_token"` when a token came and failed.
    const invalid = c.get('invalidCredential');
    const challenge = `Bearer realm="checkout-lookup"${invalid ? ', error="invalid_token"' : ''}`;
    return envelope(c, 401, invalid ? 'The token is invalid or expired' : 'Sign-in required', { headers: { 'WWW-Authenticate': challenge } });
  }
  if (status === 429) return envelope(c, 429, 'Too many requests', { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  if (status === 502) return envelope(c, 502, 'The checkout service failed', { requestId });
  if (status === 504) return envelope(c, 504, 'The checkout service did not answer in time', { requestId });
  return status === 404 ? envelope(c, 404, 'Not found') : internalError(c, error);
}

/** 500 for anything the worker did not expect: a request id, nothing else; the log line gets the error's name. */
export function internalError(c: AppContext, error: Error): Response {
  c.set('failure', { name: error.name });
  return envelope(c, 500, 'Internal error', { requestId: c.get('requestId') });
}
