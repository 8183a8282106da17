import { Hono } from 'hono/tiny';
import { requestId } from 'hono/request-id';
import { timing } from 'hono/timing';
import type { App } from './app.js';
import { crossOrigin } from './middleware/cross-origin.js';
import { FAVICON_CACHE, securityHeaders } from './middleware/headers.js';
import { logLine } from './middleware/log.js';
import { settings } from './middleware/settings.js';
import { api, internalError } from './routes/api.js';
import { pages } from './routes/pages.js';
import type { Bindings } from './settings.js';

export type { Bindings };

/**
 * The sample worker: signed-in customers read their own orders and checkout sessions, as JSON on the service's
 * own paths or as pages, while the API key stays in the worker's secrets. Each request writes one log line.
 */
const app = new Hono<App>();

// Every answer: a request id (quoted to the customer only with a failure, so 404s stay identical), one log line,
// the security headers, `Server-Timing` for the time waited on the service (never on a 404), the settings (or a
// 500 naming the one that is wrong), CORS for the allowed origins.
app.use(requestId({ headerName: '' }), logLine, securityHeaders);
app.use(timing({ total: false, enabled: (c) => c.res.status !== 404 && c.get('upstreamMs') !== undefined }), settings, crossOrigin);
// Browsers ask for an icon beside every page: answered before the pages check anyone's sign-in (no signature, no
// read of the sign-out store), empty, and kept a week.
app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': FAVICON_CACHE }));

// Two apps, each with its own answers to failures: the JSON routes in the service's envelope, the pages in the
// reader's language.
app.route('/api', api);
app.route('/', pages);

app.onError((error, c) => internalError(c, error));

// The module worker's shape (ExportedHandler in Workers types), spelled out so the Node tests type-check it too.
export default app satisfies { fetch(request: Request, env: Bindings): Response | Promise<Response> };
