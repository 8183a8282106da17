import { options, withCors } from './cors.js';
import { readSettings } from './env.js';
import type { Env } from './env.js';
import { pageRoute } from './pages.js';
import { json, methodNotAllowed, misconfigured } from './responses.js';
import { apiRoute } from './routes.js';
import { signIn } from './sign-in.js';

export type { Env } from './env.js';

/**
 * The sample worker: signed-in customers read their own orders and checkout sessions, as JSON on the service's
 * own paths or as pages, while the API key stays in the worker's secrets.
 */
async function fetch(request: Request, env: Env): Promise<Response> {
  const read = readSettings(env);
  // Without its settings the worker serves nothing, and says which setting is missing.
  if ('problem' in read) return misconfigured(read.problem);
  const { settings } = read;

  if (request.method === 'OPTIONS') return options(request, settings);
  if (request.method !== 'GET' && request.method !== 'HEAD') return withCors(request, methodNotAllowed(), settings);

  const url = new URL(request.url);
  let response: Response;
  try {
    if (url.pathname.startsWith('/api/')) response = await apiRoute(request, url, settings);
    else if (url.pathname === '/sign-in') response = await signIn(url, settings);
    else response = await pageRoute(request, url, settings);
  } catch (error) {
    const requestId = crypto.randomUUID();
    console.error(JSON.stringify({ requestId, error: error instanceof Error ? error.name : typeof error }));
    response = json(500, { code: 500, msg: 'Internal error', data: null, requestId }, { 'X-Request-Id': requestId });
  }
  response = withCors(request, response, settings);
  // HEAD: the same status and headers as GET, without the body.
  return request.method === 'HEAD' ? new Response(null, response) : response;
}

export default { fetch } satisfies ExportedHandler<Env>;
