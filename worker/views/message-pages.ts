import { html } from 'hono/html';
import { page } from './layout.js';
import type { Markup } from './layout.js';
import type { Shopper } from './context.js';
import { button } from './parts.js';

// The pages that say one thing: home, 401, 404, 429, the service failing, and the sign-in and sign-out pages. Each
// says what happened and what to do next, and offers sign-out wherever the shopper is signed in.

/** What a one-message page may add to its heading and sentence. */
export interface MessageOptions {
  /** Markup after the sentence: a button, a form, a reference to quote. */
  readonly extra?: Markup | string;
  readonly headers?: HeadersInit;
  /** Show the sign-out link; by default when the shopper is signed in. */
  readonly signedIn?: boolean;
  /** The page has a form posting to this site (see `page`). */
  readonly form?: boolean;
  /** A script to run on the page (see `page`). */
  readonly script?: string;
}

/** A page that says one thing: its heading and sentence, and what `options` adds. */
export function messagePage(
  status: number,
  [title = '', text = '']: readonly string[],
  shopper: Shopper,
  { extra = '', headers = {}, signedIn = shopper.customerId !== undefined, form = false, script }: MessageOptions = {},
): Promise<Response> {
  return page({
    status,
    title,
    body: html`<div class="message"><h1>${title}</h1><p>${text}</p>${extra}</div>`,
    reader: shopper.reader,
    settings: shopper.settings,
    signedIn,
    form,
    script,
    site: shopper.site,
    headers,
    nonce: shopper.nonce,
  });
}

/** `/`: signed in, who is signed in and how to reach an order (the service has no list of orders); else how to sign in. */
export function homePage(shopper: Shopper): Promise<Response> {
  const { t } = shopper.reader;
  if (shopper.customerId === undefined) return messagePage(200, t.home, shopper);
  return messagePage(200, [t.home[0] ?? '', t.signedInAs(shopper.customerId)], shopper, { extra: html`<p>${t.howToReach}</p>` });
}

export function notFoundPage(shopper: Shopper): Promise<Response> {
  return messagePage(404, shopper.reader.t.notFound, shopper);
}

export function notSignedInPage(shopper: Shopper): Promise<Response> {
  return messagePage(401, shopper.reader.t.notSignedIn, shopper);
}

export function tooManyPage(shopper: Shopper, retryAfterSeconds: number): Promise<Response> {
  return messagePage(429, shopper.reader.t.tooMany, shopper, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

/** 502 or 504: what happened, that the order is unchanged, "Try again", and the reference to quote. */
export function upstreamFailedPage(status: 502 | 504, requestId: string, shopper: Shopper): Promise<Response> {
  const { t } = shopper.reader;
  const extra = html`<p>${button(shopper.path, t.tryAgain)}</p><p class="small">${t.reference}: ${requestId}</p>`;
  return messagePage(status, status === 504 ? t.timedOut : t.failedUpstream, shopper, { extra, headers: { 'X-Request-Id': requestId } });
}
