import { NONCE } from 'hono/secure-headers';
import type { AppContext } from '../app.js';
import { imageSources, layout } from '../views/layout.js';
import type { Page } from '../views/layout.js';

/** Answers with a view's page in the layout (`c.html`), and tells the security headers what it loads. */
export function render(c: AppContext, page: Page): Response | Promise<Response> {
  const { form = false, script, runningHead } = page;
  const request = c.get('pageRequest');
  // This answer's nonce, only when it is used: hono/secure-headers' NONCE makes it, and the policy quotes the same.
  if (script !== undefined || runningHead !== undefined) NONCE(c, 'script-src');
  const images = imageSources(request.settings, page.images);
  c.set('pageSources', { images, form, script: script !== undefined, printStyle: runningHead !== undefined });
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Language': request.reader.language, Vary: 'Accept-Language' };
  return c.html(layout(page, request, c.get('secureHeadersNonce')), page.status, { ...headers, ...page.headers });
}
