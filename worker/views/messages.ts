import { html } from 'hono/html';
import { page } from '../layout.js';
import type { Markup } from '../layout.js';
import type { Shopper } from './context.js';
import { button } from './parts.js';

// The pages that are not a record: home, 401, 404, 429 and the service failing. Each says what happened and what
// to do next, and offers sign-out wherever the shopper is signed in.

function message(
  status: number,
  [title, text]: readonly string[],
  shopper: Shopper,
  extra: Markup | string = '',
  headers: HeadersInit = {},
): Promise<Response> {
  return page({
    status,
    title: title ?? '',
    body: html`<div class="message"><h1>${title}</h1><p>${text}</p>${extra}</div>`,
    reader: shopper.reader,
    settings: shopper.settings,
    signedIn: shopper.customerId !== undefined,
    site: shopper.site,
    headers,
    nonce: shopper.nonce,
  });
}

/** `/`: signed in, who is signed in and how to reach an order (the service has no list of orders); else how to sign in. */
export function homePage(shopper: Shopper): Promise<Response> {
  const { t } = shopper.reader;
  if (shopper.customerId === undefined) return message(200, t.home, shopper);
  return message(200, [t.home[0] ?? '', t.signedInAs(shopper.customerId)], shopper, html`<p>${t.howToReach}</p>`);
}

export function notFoundPage(shopper: Shopper): Promise<Response> {
  return message(404, shopper.reader.t.notFound, shopper);
}

export function notSignedInPage(shopper: Shopper): Promise<Response> {
  return message(401, shopper.reader.t.notSignedIn, shopper);
}

export function tooManyPage(shopper: Shopper, retryAfterSeconds: number): Promise<Response> {
  return message(429, shopper.reader.t.tooMany, shopper, '', { 'Retry-After': String(retryAfterSeconds) });
}

/** 502 or 504: what happened, that the order is unchanged, "Try again", and the reference to quote. */
export function upstreamFailedPage(status: 502 | 504, requestId: string, shopper: Shopper): Promise<Response> {
  const { t } = shopper.reader;
  const extra = html`<p>${button(shopper.path, t.tryAgain)}</p><p class="small">${t.reference}: ${requestId}</p>`;
  return message(status, status === 504 ? t.timedOut : t.failedUpstream, shopper, extra, { 'X-Request-Id': requestId });
}
