const EXAMPLE = 'such as ["http://localhost:5173"]';
// What a page may read of an answer. The SDK keeps every header (`ApiError.headers`), hence `*`, which browsers
// honour for requests without credentials, the only ones the sandbox allows (it never sends
// Access-Control-Allow-Credentials). The headers the SDK reads by name are listed too, for browsers that read `*` as a
// name: the request id (`x-request-id`, `request-id`, `cf-ray`), `Retry-After` and the body's length and type.
const EXPOSED = '*, X-Request-Id, Request-Id, CF-Ray, Retry-After, Content-Length, Content-Type';

/** Who may read the sandbox's answers from a browser page: every origin, or only the listed ones. */
export type CorsPolicy = 'any' | ReadonlySet<string>;

/**
 * The `cors` option as a policy: `true` (the default) for any origin, a list for those origins only, `undefined` for
 * `false` (no CORS). Throws a `TypeError` for anything else, or a list with something that is not an http(s) origin.
 */
export function corsPolicy(cors: unknown): CorsPolicy | undefined {
  if (cors === undefined || cors === true) return 'any';
  if (cors === false) return undefined;
  if (!Array.isArray(cors)) throw new TypeError(`"cors" must be true (any origin, the default), false (none) or an array of origins, ${EXAMPLE}`);
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
 * Answers a request from a browser page that `policy` allows: a preflight gets 204 with the methods and the headers it
 * asks for, any other answer Access-Control-Allow-Origin. For any origin that is `*` on every answer, and every
 * OPTIONS request is a preflight. For listed origins it is the page's own origin, a preflight is an OPTIONS with
 * Origin and Access-Control-Request-Method, and requests from other origins are answered as without CORS, which the
 * browser refuses.
 */
export async function withCors(request: Request, policy: CorsPolicy, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const origin = request.headers.get('origin');
  const any = policy === 'any';
  // For any origin, no credentials are ever needed (the key travels in X-API-KEY), so the answer is `*`, which
  // browsers never pair with cookies, and it does not depend on Origin. That also serves a preflight whose Origin and
  // Access-Control-Request-* headers a layer in between dropped: in a DOM test environment, MSW rebuilds the request
  // with the DOM's `Headers`, which leave out the headers a page may not set.
  const allowOrigin = any ? '*' : origin;
  if (allowOrigin === null || !(any || policy.has(allowOrigin))) {
    const response = await handle(request);
    response.headers.append('vary', 'Origin');
    return response;
  }
  if (request.method === 'OPTIONS' && (any || request.headers.has('access-control-request-method'))) {
    const headers: Record<string, string> = {
      'access-control-allow-origin': allowOrigin,
      'access-control-allow-methods': 'GET, PUT, POST, DELETE',
      'access-control-max-age': '600',
      vary: any ? 'Access-Control-Request-Headers' : 'Origin, Access-Control-Request-Headers',
    };
    const asked = request.headers.get('access-control-request-headers');
    if (asked !== null) headers['access-control-allow-headers'] = asked;
    return new Response(null, { status: 204, headers });
  }
  const response = await handle(request);
  // With listed origins, the answer differs by Origin: caches must keep them apart.
  if (!any) response.headers.append('vary', 'Origin');
  response.headers.set('access-control-allow-origin', allowOrigin);
  response.headers.set('access-control-expose-headers', EXPOSED);
  return response;
}
