import { Hono } from 'hono/tiny';
import { requestId } from 'hono/request-id';
import { timing } from 'hono/timing';
import type { App } from './app.js';
import { crossOrigin } from './middleware/cross-origin.js';
import { answerHeaders, FAVICON_CACHE, securityHeaders } from './middleware/headers.js';
import { logLine } from './middleware/log.js';
import { allowedMethods } from './middleware/methods.js';
import { settings } from './middleware/settings.js';
import { api, internalError, notFound } from './routes/api.js';
import { notFoundPage, pages } from './routes/pages.js';
import type { Bindings } from './settings.js';

export type { Bindings };

/** The sample worker: signed-in customers read their own orders and checkout sessions, as JSON or as pages. */
const app = new Hono<App>();

// The request id is quoted only with a failure and `Server-Timing` never on a 404, so 404s stay identical.
app.use(requestId({ headerName: '' }), logLine, securityHeaders, answerHeaders);
app.use(timing({ total: false, enabled: (c) => c.res.status !== 404 && c.get('upstreamMs') !== undefined }), settings, crossOrigin);
app.use(allowedMethods(app));
// Browsers ask for an icon beside every page: answered before any sign-in check, empty, and kept a week.
app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': FAVICON_CACHE }));

app.route('/api', api);
app.route('/', pages);

// A path no route takes: a page for GET and HEAD outside /api, else JSON (made 405 or an OPTIONS answer above when the
// path has routes for other methods).
const reading = (method: string) => method === 'GET' || method === 'HEAD';
app.notFound((c) => (reading(c.req.method) && !/^\/api(\/|$)/.test(c.req.path) ? notFoundPage(c) : notFound(c)));
app.onError((error, c) => internalError(c, error));

// The module worker's shape (ExportedHandler in Workers types), spelled out so the Node tests type-check it too.
export default app satisfies { fetch(request: Request, env: Bindings): Response | Promise<Response> };
