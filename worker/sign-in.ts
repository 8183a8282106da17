import { verifyToken } from './auth.js';
import { sessionCookie } from './cookies.js';
import type { Settings } from './env.js';
import { messagePage } from './pages.js';
import { withCommonHeaders } from './responses.js';

/**
 * `GET /sign-in?token=…&next=/path`: checks the token, keeps it in the `__Host-` cookie and sends the browser
 * on (303) to `next`, a path on this site. Any other target is refused, so the link cannot bounce a signed-in
 * customer to another site (an open redirect).
 */
export async function signIn(url: URL, settings: Settings): Promise<Response> {
  const target = sameOriginPath(url.searchParams.get('next') ?? '/', url);
  if (target === undefined) {
    return messagePage(400, 'Link refused', 'This sign-in link points to another site, so it was not followed.');
  }
  const token = url.searchParams.get('token');
  const subject = token ? await verifyToken(token, settings) : undefined;
  if (token === null || subject === undefined) {
    return messagePage(401, 'Sign-in failed', 'This sign-in link is invalid or has expired. Open it from the shop again.');
  }
  const maxAge = subject.expires - Math.floor(Date.now() / 1000);
  const response = new Response(null, { status: 303, headers: { Location: target } });
  response.headers.append('Set-Cookie', sessionCookie(token, maxAge));
  return withCommonHeaders(response);
}

/** `next` as a path of this origin, or `undefined` for anything a browser could resolve to another origin. */
export function sameOriginPath(next: string, url: URL): string | undefined {
  // "//host" and "/\host" are network-path references to browsers (WHATWG URL treats "\" as "/"); control
  // characters are stripped by URL parsers and can hide either.
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return undefined;
  if (!URL.canParse(next, url.origin)) return undefined;
  const target = new URL(next, url.origin);
  const path = `${target.pathname}${target.search}${target.hash}`;
  // Dot segments collapse while parsing ("/.//host", "/%2e//host" become "//host"): check the result, not only the input.
  if (target.origin !== url.origin || path.startsWith('//')) return undefined;
  return path;
}
