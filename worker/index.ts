import { Hono } from 'hono/tiny';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { timing } from 'hono/timing';
import type { App, AppContext } from './app.js';
import { crossOrigin } from './middleware/cross-origin.js';
import { answerHeaders, FAVICON_CACHE, securityHeaders } from './middleware/headers.js';
import { logLine } from './middleware/log.js';
import { allowedMethods } from './middleware/methods.js';
import { settings } from './middleware/settings.js';
import { api, internalError, failure as jsonFailure } from './routes/api.js';
import { pages, failure as pageFailure } from './routes/pages.js';
import type { Bindings } from './settings.js';

export type { Bindings };

/** The sample worker: signed-in customers read their own orders and checkout sessions, as JSON or as pages. */
const app = new Hono<App>();

// The request id is quoted only with a failure and `Server-Timing` never on a 404, so 404s stay identical.
app.use(requestId({ headerName: '' }), logLine, answerHeaders, securityHeaders);
app.use(timing({ total: false, enabled: (c) => c.res.status !== 404 && c.get('upstreamMs') !== undefined }), settings, crossOrigin);
app.use(allowedMethods(app));
// Browsers ask for an icon beside every page: answered before any sign-in check, empty, and kept a week.
app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': FAVICON_CACHE }));

app.route('/api', api);
app.route('/', pages);

// Hono gives a mounted app's paths no notFound of their own. A path no route takes: the 404 page to GET and HEAD
// outside /api, else JSON (405 or an OPTIONS answer once `allowedMethods` finds routes of other methods there).
const isPage = (c: AppContext) => (c.req.method === 'GET' || c.req.method === 'HEAD') && !/^\/api(\/|$)/.test(c.req.path);
app.notFound((c) => (isPage(c) ? pageFailure : jsonFailure)(c, new HTTPException(404)));
app.onError((error, c) => internalError(c, error));

// The module worker's shape (ExportedHandler in Workers types), spelled out so the Node tests type-check it too.
export default app satisfies { fetch(request: Request, env: Bindings): Response | Promise<Response> };
