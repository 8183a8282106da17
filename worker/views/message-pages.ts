import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Markup, Page } from './layout.js';
import type { PageRequest } from '../app.js';
import { RETRY_AFTER_SECONDS } from '../middleware/rate-limit.js';
import { button } from './parts.js';

/** What a one-message page may add to its heading and sentence; `signedIn` is by default whether the shopper is. */
export interface MessageOptions extends Pick<Page, 'headers' | 'signedIn' | 'form' | 'script'> {
  /** Markup after the sentence: a button, a form, a reference to quote. */
  readonly extra?: Markup | string;
}

/** A page that says one thing: its heading and sentence, and what `options` adds. */
export function messagePage(
  status: ContentfulStatusCode,
  [title = '', text = '']: readonly string[],
  request: PageRequest,
  { extra = '', signedIn = request.customerId !== undefined, ...options }: MessageOptions = {},
): Page {
  const body = html`<div class="message"><h1>${title}</h1><p>${text}</p>${extra}</div>`;
  return { ...options, status, title, body, signedIn };
}

/** `/`: signed in, who is signed in and how to reach an order (the service has no list of orders); else how to sign in. */
export function homePage(request: PageRequest): Page {
  const { t } = request.reader;
  if (request.customerId === undefined) return messagePage(200, t.home, request);
  return messagePage(200, [t.home[0] ?? '', t.signedInAs(request.customerId)], request, { extra: html`<p>${t.howToReach}</p>` });
}

/** The page of a failed request: 401, 404, 429 (with `Retry-After`), or 502 and 504 with "Try again" and the reference to quote. */
export function failurePage(status: 401 | 404 | 429 | 502 | 504, request: PageRequest, requestId: string): Page {
  const { t } = request.reader;
  if (status === 401 || status === 404) return messagePage(status, status === 401 ? t.notSignedIn : t.notFound, request);
  if (status === 429) return messagePage(429, t.tooMany, request, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  const extra = html`<p>${button(request.path, t.tryAgain)}</p><p class="small">${t.reference}: ${requestId}</p>`;
  return messagePage(status, status === 504 ? t.timedOut : t.failedUpstream, request, { extra, headers: { 'X-Request-Id': requestId } });
}
