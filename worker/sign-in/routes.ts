import { bodyLimit } from 'hono/body-limit';
import type { LinkCheck, Refusal } from './tokens.js';
import { checkLink, newSignIn, plannedSignIn } from './tokens.js';
import type { AppContext, PageRequest } from '../app.js';
import { linkCookie, signInCookie } from './cookie.js';
import type { Settings } from '../settings.js';
import { formatUnit } from '../format.js';
import { html } from 'hono/html';
import type { Reader, SignOutScope, TitleAndText } from '../i18n/index.js';
import { recordSignOut } from './sign-outs.js';
import { messagePage } from '../views/message-pages.js';
import { sameOriginPath } from './same-origin.js';

// A sign-in link is opened by a person, by a link scanner that prefetches it, or by another site that navigates
// to it (login CSRF: the attacker's own token would replace the customer's sign-in). So GET changes nothing: it
// shows a "Continue" page, and only the POST from that page's own button, checked to come from this site, sets the
// cookie. The page's form posts without script too.

/** Largest form body read; a token and a path fit many times over. */
const MAX_FORM_BYTES = 16 * 1024;

// The Continue page's script. It takes the token out of the address bar and the history entry at once (the token
// travels in the form), and posts the form itself so that, once signed in, the destination *replaces* the Continue
// page: Back then leaves to where the customer came from, never to a Continue page. Anything but the redirect of a
// sign-in (a refusal, a network error) falls back to the plain form post, whose answer says what went wrong.
const CONTINUE_SCRIPT = `(() => {
  const form = document.querySelector('form[action="/sign-in"]');
  if (!form) return;
  history.replaceState(null, '', location.pathname);
  form.addEventListener('submit', async (event) => {
    if (!window.fetch) return;
    event.preventDefault();
    try {
      const answer = await fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), redirect: 'manual' });
      if (answer.type === 'opaqueredirect') return location.replace(form.elements.next.value);
    } catch {}
    form.submit();
  });
})();`;

/**
 * `GET /sign-in?token=…&next=/path`: checks the link, keeps its token in the link's cookie (scoped to /sign-in, 10
 * minutes) and answers 303 to `/sign-in?next=/path`, so neither the address bar nor Back holds the token (the
 * history database still keeps the link's own URL: worker/README.md, Threat notes). `GET /sign-in?next=/path` then
 * shows the Continue page from that cookie. Nothing signs in. A link too large for a cookie gets the Continue page
 * at once, the token in its form.
 */
export async function signInPage(c: AppContext): Promise<Response> {
  const { reader } = c.get('pageRequest');
  const current = c.get('customer');
  const settings = c.get('settings');
  const next = sameOriginPath(c.req.query('next') ?? '/', new URL(c.req.url));
  if (next === undefined) return messagePage(400, reader.t.linkRefused, c.get('pageRequest'));
  const linked = c.req.query('token');
  const kept = linked === undefined ? linkCookie.read(c) : undefined;
  // Back to the token-less Continue page once signed in (its cookie used up): on to where it led.
  if (linked === undefined && kept === undefined && current !== undefined) return c.redirect(next, 303);
  const token = linked ?? kept ?? null;
  const now = Date.now();
  const checked = await checkSignIn(token, settings, now);
  if ('refused' in checked) return refusal(c, checked.refused, kept);
  if (linked !== undefined && linkCookie.fits(new TextEncoder().encode(linked).byteLength)) {
    c.header('Set-Cookie', linkCookie.set(linked, checked.customer.expires - Math.floor(now / 1000)));
    return c.redirect(`/sign-in?${new URLSearchParams({ next })}`, 303);
  }

  const switching = current !== undefined && current.id !== checked.customer.id;
  const extra = html`${switching ? html`<p><strong>${reader.t.signInSwitch}</strong></p>` : ''}
<form method="post" action="/sign-in">
${linked === undefined ? '' : html`<input type="hidden" name="token" value="${linked}">\n`}<input type="hidden" name="next" value="${next}">
<button class="button" type="submit">${reader.t.continue}</button>
</form>`;
  return messagePage(200, [reader.t.signInTitle, reader.t.signInText], c.get('pageRequest'), { extra, form: true, script: CONTINUE_SCRIPT });
}

/**
 * `POST /sign-in` (form-encoded `next`, and `token` unless the link's cookie holds it), from this site's own Continue
 * page only: exchanges the link for a sign-in of the worker's own (never the link's token) and sets it as the
 * cookie.
 */
export async function signIn(c: AppContext): Promise<Response> {
  const { reader } = c.get('pageRequest');
  const form = await readForm(c);
  if (form === undefined) return messagePage(400, signInFailed(c.get('pageRequest')), c.get('pageRequest'));
  const next = sameOriginPath(form.get('next') ?? '/', new URL(c.req.url));
  if (next === undefined) return messagePage(400, reader.t.linkRefused, c.get('pageRequest'));
  const now = Date.now();
  const kept = linkCookie.read(c);
  const checked = await checkSignIn(form.get('token') ?? kept ?? null, c.get('settings'), now);
  if ('refused' in checked) return refusal(c, checked.refused, kept);
  const signIn = await newSignIn(checked.customer, c.get('settings'), now);
  c.header('Set-Cookie', signInCookie.set(signIn.token, signIn.expires - Math.floor(now / 1000)));
  // The link's token is used: the browser keeps it no longer.
  if (kept !== undefined) c.header('Set-Cookie', linkCookie.cleared(), { append: true });
  return c.redirect(next, 303);
}

/** The form of a POST, form-encoded only; `undefined` for another type. Its size is bounded by `formLimit`. */
async function readForm(c: AppContext): Promise<URLSearchParams | undefined> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) return undefined;
  return new URLSearchParams(await c.req.text());
}

/** Bounds a form's body: over MAX_FORM_BYTES (declared or sent), the "Sign-in failed" page, and nothing is read on. */
export const formLimit = bodyLimit({
  maxSize: MAX_FORM_BYTES,
  onError: (c) => {
    const request = (c as AppContext).get('pageRequest');
    return messagePage(400, signInFailed(request), request);
  },
});

/**
 * The link's customer, when the sign-in it would start at `now` can start: the link passes, and that sign-in is not
 * over already and fits a cookie. Its size is known without signing it (`plannedSignIn`): opening a link signs
 * nothing.
 */
async function checkSignIn(token: string | null, settings: Settings, now: number): Promise<LinkCheck> {
  if (!token) return { refused: 'invalid' };
  const checked = await checkLink(token, settings, now);
  if ('refused' in checked) return checked;
  const planned = plannedSignIn(checked.customer, settings, now);
  // A link inside the clock tolerance past its `exp` would make a sign-in that is over before it starts.
  if (planned.expires <= Math.floor(now / 1000)) return { refused: 'expired' };
  // A browser drops a cookie it cannot keep without a word, and the customer would land signed out: say so instead.
  if (!signInCookie.fits(planned.length)) return { refused: 'too-large' };
  return checked;
}

const REFUSAL_STATUS: Readonly<Record<Refusal, 400 | 401>> = { invalid: 401, expired: 401, 'too-long-lived': 401, 'too-large': 400 };

/** The page for a refused link: what went wrong in the reader's words; a link kept in its cookie is dropped. */
function refusal(c: AppContext, refused: Refusal, kept: string | undefined): Promise<Response> {
  const { reader } = c.get('pageRequest');
  if (kept !== undefined) c.header('Set-Cookie', linkCookie.cleared(), { append: true });
  const text =
    refused === 'expired'
      ? reader.t.linkExpired
      : refused === 'too-long-lived'
        ? reader.t.linkTooLongLived(duration(c.get('settings').linkMaxLifetime, reader))
        : refused === 'too-large'
          ? reader.t.linkTooLarge
          : signInFailed(c.get('pageRequest'));
  return messagePage(REFUSAL_STATUS[refused], text, c.get('pageRequest'));
}

/** A lifetime in words, in whole days when it is whole days, else in hours, else in minutes ("7 days", "12 Stunden"). */
function duration(seconds: number, reader: Reader): string {
  const [unit, size] =
    seconds % 86_400 === 0 ? (['day', 86_400] as const) : seconds % 3_600 === 0 ? (['hour', 3_600] as const) : (['minute', 60] as const);
  return formatUnit(seconds / size, unit, reader.locale);
}

/** "Sign-in failed", in words that say how far a sign-out reaches here (an ended link is one reason). */
function signInFailed({ reader, settings }: PageRequest): TitleAndText {
  return reader.t.signInFailed[signOutScope(settings)];
}

/** How far a sign-out reaches here: every device with the `SIGN_OUTS` binding, else this browser. */
function signOutScope(settings: Settings): SignOutScope {
  return settings.signOuts === undefined ? 'thisBrowser' : 'everywhere';
}

/**
 * `GET /sign-out`: a page with a Sign out button. GET itself signs nobody out: a prefetch, a preview or an image
 * on another site pointing here would otherwise sign customers out (GET must be safe, RFC 9110 §9.2.1).
 */
export function signOutPage(c: AppContext): Promise<Response> {
  const { reader } = c.get('pageRequest');
  const extra = html`<form method="post" action="/sign-out"><button class="button" type="submit">${reader.t.signOut}</button></form>`;
  const words = [reader.t.signOutTitle, reader.t.signOutText[signOutScope(c.get('settings'))]];
  return messagePage(200, words, c.get('pageRequest'), { extra, signedIn: false, form: true });
}

/**
 * `POST /sign-out` from this site: ends every sign-in and sign-in link of the customer issued until now, on every
 * device (with the `SIGN_OUTS` binding), clears the cookie here, and says so. When the sign-out cannot be recorded,
 * the cookie is cleared all the same and the page says that other devices may still be signed in.
 */
export async function signOut(c: AppContext): Promise<Response> {
  const { reader } = c.get('pageRequest');
  const settings = c.get('settings');
  await c.req.raw.body?.cancel();
  const customer = c.get('customer');
  // Without a valid sign-in here (none, expired, forged) nothing is ended, so nothing is claimed.
  let words = customer === undefined ? reader.t.notSignedInToSignOut : reader.t.signedOut[signOutScope(settings)];
  if (customer !== undefined) {
    try {
      await recordSignOut(settings, customer.id);
    } catch (error) {
      // Workers KV takes one write per second per key (a double click writes twice) and can fail like any service.
      // The log line gets the error's name only: its message may quote the key.
      c.set('failure', { name: error instanceof Error ? error.name : typeof error });
      words = reader.t.signedOutHereOnly;
    }
  }
  // Only the one `__Host-` cookie is expired. `Clear-Site-Data: "cookies"` would clear the cookies of the whole
  // registrable domain, subdomains included: deployed at lookup.shop.example, the shop's own sign-in and cart too.
  return messagePage(200, words, c.get('pageRequest'), { signedIn: false, headers: { 'Set-Cookie': signInCookie.cleared() } });
}
