import { html } from 'hono/html';
import { checkLink, newSession, signedIn } from './auth.js';
import type { Refusal, Subject } from './auth.js';
import { clearedCookie, fitsInCookie, sessionCookie } from './cookies.js';
import type { Settings } from './env.js';
import { chooseReader, signInWords } from './i18n/index.js';
import type { Reader } from './i18n/index.js';
import { messagePage, page } from './layout.js';
import { withCommonHeaders } from './responses.js';

// A sign-in link is opened by a person, by a link scanner that prefetches it, or by another site that navigates
// to it (login CSRF: the attacker's own token would replace the customer's sign-in). So GET changes nothing: it
// shows a "Continue" page, and only the POST from that page's own button, checked to come from this site, sets the
// cookie. A form posts without script, so the pages keep their no-script policy.

/** Largest form body read; a token and a path fit many times over. */
const MAX_FORM_BYTES = 16 * 1024;

/** `GET /sign-in?token=…&next=/path`: checks the link and shows the Continue page. Nothing is set or consumed. */
export async function signInPage(request: Request, url: URL, settings: Settings): Promise<Response> {
  const reader = chooseReader(request.headers.get('Accept-Language'));
  const current = await signedIn(request, settings);
  const next = sameOriginPath(url.searchParams.get('next') ?? '/', url);
  if (next === undefined) return message(400, reader.t.linkRefused, reader, settings, current);
  const token = url.searchParams.get('token');
  const checked = await checkSignIn(token, settings);
  if ('refused' in checked) return refusal(checked.refused, reader, settings, current);

  const switching = current !== undefined && current.customerId !== checked.subject.customerId;
  const body = html`<div class="message">
<h1>${reader.t.signInTitle}</h1>
<p>${reader.t.signInText}</p>
${switching ? html`<p><strong>${reader.t.signInSwitch}</strong></p>` : ''}
<form method="post" action="/sign-in">
<input type="hidden" name="token" value="${token}">
<input type="hidden" name="next" value="${next}">
<button class="button" type="submit">${reader.t.continue}</button>
</form>
</div>`;
  return page({ status: 200, title: reader.t.signInTitle, body, reader, settings, form: true, signedIn: current !== undefined });
}

/**
 * `POST /sign-in` (form-encoded `token` and `next`), from this site's own Continue page only: exchanges the link
 * for a session of the worker's own (never the link's token) and sets it as the cookie.
 */
export async function signIn(request: Request, url: URL, settings: Settings): Promise<Response> {
  const reader = chooseReader(request.headers.get('Accept-Language'));
  const current = await signedIn(request, settings);
  if (!fromThisSite(request, url)) return message(403, reader.t.requestRefused, reader, settings, current);
  const form = await readForm(request);
  if (form === undefined) return message(400, reader.t.signInFailed, reader, settings, current);
  const next = sameOriginPath(form.get('next') ?? '/', url);
  if (next === undefined) return message(400, reader.t.linkRefused, reader, settings, current);
  const checked = await checkSignIn(form.get('token'), settings);
  if ('refused' in checked) return refusal(checked.refused, reader, settings, current);
  const response = new Response(null, { status: 303, headers: { Location: next } });
  response.headers.append('Set-Cookie', sessionCookie(checked.session.token, checked.session.expires - Math.floor(Date.now() / 1000)));
  return withCommonHeaders(response);
}

type SignInCheck = { readonly subject: Subject; readonly session: { token: string; expires: number } } | { readonly refused: Refusal };

/** The link's subject and the session it would start, or why not: the link fails, or the session would not fit a cookie. */
async function checkSignIn(token: string | null, settings: Settings): Promise<SignInCheck> {
  if (!token) return { refused: 'invalid' };
  const checked = await checkLink(token, settings);
  if ('refused' in checked) return checked;
  const now = Date.now();
  const session = await newSession(checked.subject, settings, now);
  // A link inside the clock tolerance past its `exp` would make a session that is over before it starts.
  if (session.expires <= Math.floor(now / 1000)) return { refused: 'expired' };
  // A browser drops a cookie it cannot keep without a word, and the customer would land signed out: say so instead.
  if (!fitsInCookie(session.token)) return { refused: 'too-large' };
  return { subject: checked.subject, session };
}

const REFUSAL_STATUS: Readonly<Record<Refusal, number>> = { invalid: 401, expired: 401, 'too-long-lived': 401, 'too-large': 400 };

/** The page for a refused link: what went wrong in the reader's words, with the sign-out link when signed in. */
function refusal(refused: Refusal, reader: Reader, settings: Settings, current: Subject | undefined): Promise<Response> {
  const words = signInWords(reader);
  const text =
    refused === 'expired'
      ? words.linkExpired
      : refused === 'too-long-lived'
        ? words.linkTooLongLived(duration(settings.linkMaxLifetime, reader))
        : refused === 'too-large'
          ? words.linkTooLarge
          : reader.t.signInFailed;
  return message(REFUSAL_STATUS[refused], text, reader, settings, current);
}

/** A lifetime in words, in whole days when it is whole days, else in hours, else in minutes ("7 days", "12 Stunden"). */
function duration(seconds: number, reader: Reader): string {
  const [unit, size] = seconds % 86_400 === 0 ? ['day', 86_400] : seconds % 3_600 === 0 ? ['hour', 3_600] : ['minute', 60];
  return new Intl.NumberFormat(reader.locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(seconds / size);
}

/** A one-message page, with the sign-out link when the reader has a session. */
function message(
  status: number,
  [title = '', text = '']: readonly string[],
  reader: Reader,
  settings: Settings,
  current: Subject | undefined,
): Promise<Response> {
  const body = html`<div class="message"><h1>${title}</h1><p>${text}</p></div>`;
  return page({ status, title, body, reader, settings, signedIn: current !== undefined });
}

/**
 * `GET /sign-out`: a page with a Sign out button. GET itself signs nobody out: a prefetch, a preview or an image
 * on another site pointing here would otherwise sign customers out (GET must be safe, RFC 9110 §9.2.1).
 */
export function signOutPage(request: Request, settings: Settings): Promise<Response> {
  const reader = chooseReader(request.headers.get('Accept-Language'));
  const body = html`<div class="message">
<h1>${reader.t.signOutTitle}</h1>
<p>${reader.t.signOutText}</p>
<form method="post" action="/sign-out"><button class="button" type="submit">${reader.t.signOut}</button></form>
</div>`;
  return page({ status: 200, title: reader.t.signOutTitle, body, reader, settings, form: true });
}

/** `POST /sign-out` from this site: clears the cookie and says so. */
export async function signOut(request: Request, url: URL, settings: Settings): Promise<Response> {
  const reader = chooseReader(request.headers.get('Accept-Language'));
  if (!fromThisSite(request, url)) return message(403, reader.t.requestRefused, reader, settings, await signedIn(request, settings));
  await request.body?.cancel();
  const response = await messagePage(200, reader.t.signedOut, reader, settings);
  response.headers.append('Set-Cookie', clearedCookie());
  // Browsers that support it also drop anything else this origin stored.
  response.headers.set('Clear-Site-Data', '"cookies"');
  return response;
}

/**
 * Whether a POST comes from a page of this origin. `Sec-Fetch-Site`, set by the browser and beyond a page's reach,
 * must say `same-origin` when sent; a real `Origin` must be ours. A form on a page with `Referrer-Policy:
 * no-referrer` (all of this worker's pages) is sent with `Origin: null` (Fetch §3.2.5), so `null` counts only with
 * `Sec-Fetch-Site: same-origin`. Neither header, or anything else: refused, as a cross-site form or a script elsewhere.
 */
export function fromThisSite(request: Request, url: URL): boolean {
  const origin = request.headers.get('Origin');
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null && site !== 'same-origin') return false;
  if (origin !== null && origin !== 'null') return origin === url.origin;
  return site === 'same-origin';
}

async function readForm(request: Request): Promise<URLSearchParams | undefined> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return undefined;
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_FORM_BYTES) return undefined;
  if (request.body === null) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new URLSearchParams(new TextDecoder().decode(bytes));
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
