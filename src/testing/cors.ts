const EXAMPLE = 'such as ["http://localhost:5173"]';

/** The `cors` option as a set of origins; throws a `TypeError` for anything but an array of http(s) origins. */
export function corsOrigins(cors: unknown): ReadonlySet<string> {
  if (cors === undefined) return new Set();
  if (!Array.isArray(cors)) throw new TypeError(`"cors" must be an array of origins, ${EXAMPLE}`);
  for (const origin of cors) {
    if (!isOrigin(origin))
      throw new TypeError(`"cors" must hold origins (scheme, host and port only), ${EXAMPLE}; ${JSON.stringify(origin)} is not one`);
  }
  return new Set(cors as string[]);
}

/** Whether `value` is an http(s) origin: scheme, host and port, nothing more. */
export function isOrigin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * Answers a request from a browser page on one of `origins`: a preflight (OPTIONS with
 * Access-Control-Request-Method) gets 204 with the methods and the headers it asks for; any other answer gets
 * Access-Control-Allow-Origin. Requests from other origins are answered as without CORS, which the browser refuses.
 */
export async function withCors(request: Request, origins: ReadonlySet<string>, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const origin = request.headers.get('origin');
  const allowed = origin !== null && origins.has(origin);
  if (allowed && request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
    const headers: Record<string, string> = {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, PUT, POST, DELETE',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers',
    };
    const asked = request.headers.get('access-control-request-headers');
    if (asked !== null) headers['access-control-allow-headers'] = asked;
    return new Response(null, { status: 204, headers });
  }
  const response = await handle(request);
  // The answer differs by Origin: caches must keep them apart.
  response.headers.append('vary', 'Origin');
  if (allowed) {
    response.headers.set('access-control-allow-origin', origin);
    response.headers.set('access-control-expose-headers', 'Retry-After');
  }
  return response;
}
