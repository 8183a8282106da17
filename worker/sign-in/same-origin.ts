import { createMiddleware } from 'hono/factory';
import type { App } from '../app.js';
import { render } from '../routes/render.js';
import { messagePage } from '../views/message-pages.js';

/**
 * Refuses a POST that does not come from a page of this origin (403), before its body is read: stricter than
 * hono/csrf, which passes either of its two checks and looks at form content types only. `Sec-Fetch-Site` must say
 * `same-origin` when sent; a real `Origin` must be ours; `Origin: null` (a form on a no-referrer page, Fetch §3.2.5)
 * counts only with `Sec-Fetch-Site: same-origin`. Neither header: refused.
 */
export const sameOriginForm = createMiddleware<App>(async (c, next) => {
  if (!fromThisSite(c.req.raw, new URL(c.req.url))) {
    return render(c, messagePage(403, c.get('pageRequest').reader.t.requestRefused, c.get('pageRequest')));
  }
  await next();
});

/** Whether a POST comes from a page of this origin (the rule above). */
export function fromThisSite(request: Request, url: URL): boolean {
  const origin = request.headers.get('Origin');
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null && site !== 'same-origin') return false;
  if (origin !== null && origin !== 'null') return origin === url.origin;
  return site === 'same-origin';
}

/** `next` as a path of this origin, or `undefined` for anything a browser could resolve to another origin. */
export function sameOriginPath(next: string, url: URL): string | undefined {
  // "//host" and "/\host" are network-path references to browsers (WHATWG URL treats "\" as "/"); control
  // characters are stripped by URL parsers and can hide either.
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\p{Cc}]/u.test(next)) return undefined;
  if (!URL.canParse(next, url.origin)) return undefined;
  const target = new URL(next, url.origin);
  const path = `${target.pathname}${target.search}${target.hash}`;
  // Dot segments collapse while parsing ("/.//host", "/%2e//host" become "//host"): check the result, not only the input.
  if (target.origin !== url.origin || path.startsWith('//')) return undefined;
  return path;
}
