import { Hono } from 'hono/tiny';
import { requestId } from 'hono/request-id';
import { timing } from 'hono/timing';
import type { App, AppContext } from './app.js';
import { findCheckoutSession, findOrder } from './lookup.js';
import { crossOrigin } from './middleware/cross-origin.js';
import { jsonCustomer, requireCustomer } from './middleware/customer.js';
import { byFamily, jsonFamily, pageFamily } from './middleware/families.js';
import { FAVICON_CACHE, jsonHeaders, pageHeaders, privateAndTransportSecurity } from './middleware/headers.js';
import { logLine } from './middleware/log.js';
import { rateLimit } from './middleware/rate-limit.js';
import { record } from './middleware/record.js';
import { settings } from './middleware/settings.js';
import { allowed, internalError, methodNotAllowed } from './responses.js';
import { checkoutSessionJson, orderJson } from './routes/api.js';
import { checkoutSessionHtml, home, orderHtml } from './routes/pages.js';
import { formLimit, sameOriginForm, signIn, signInPage, signOut, signOutPage } from './routes/sign-in.js';

import type { Bindings } from './env.js';

export type { Bindings };

/**
 * The sample worker: signed-in customers read their own orders and checkout sessions, as JSON on the service's
 * own paths or as pages, while the API key stays in the worker's secrets. Each request writes one log line.
 */
const app = new Hono<App>();

// Every answer: a request id (quoted to the customer only with a failure, so 404s stay identical), one log line,
// the family's security headers, `Server-Timing` for the time waited on the service (never on a 404), the
// settings (or a 500 naming the one that is wrong), CORS for the allowed origins.
app.use(requestId({ headerName: '' }), logLine, privateAndTransportSecurity, byFamily(jsonHeaders, pageHeaders));
app.use(timing({ total: false, enabled: (c) => c.res.status !== 404 && c.get('upstreamMs') !== undefined }), settings, crossOrigin);
// Browsers ask for an icon beside every page: answered before the families check anyone's sign-in (no signature,
// no read of the sign-out store), empty, and kept a week.
app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': FAVICON_CACHE }));
// The families: the JSON routes answer in the service's envelope, the pages in the shopper's language.
app.use(byFamily(jsonFamily, pageFamily));

// Each lookup: who is signed in, the rate limit, the id and the record, then the view.
app.get('/api/order/:id', jsonCustomer, requireCustomer, rateLimit, record(findOrder), orderJson);
app.get('/api/checkout/session/:id', jsonCustomer, requireCustomer, rateLimit, record(findCheckoutSession), checkoutSessionJson);
app.get('/orders/:id', requireCustomer, rateLimit, record(findOrder), orderHtml);
app.get('/sessions/:id', requireCustomer, rateLimit, record(findCheckoutSession), checkoutSessionHtml);
app.get('/', home);

// Sign-in and sign-out: GET shows a page, only this site's own form POSTs.
app.get('/sign-in', signInPage);
app.post('/sign-in', sameOriginForm, formLimit, signIn);
app.get('/sign-out', signOutPage);
app.post('/sign-out', sameOriginForm, signOut);

// Anything else: the family's one 404 to GET and HEAD, 405 with the path's methods to the rest.
app.notFound((c: AppContext) => {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(allowed(c.req.path));
  return c.get('answers').notFound(c);
});

app.onError((error, c: AppContext) => {
  c.set('failure', { name: error.name });
  return internalError(c.get('requestId'));
});

// The module worker's shape (ExportedHandler in Workers types), spelled out so the Node tests type-check it too.
export default app satisfies { fetch(request: Request, env: Bindings): Response | Promise<Response> };
