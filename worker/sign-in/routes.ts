import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import type { AppContext, PageRequest } from '../app.js';
import { formatUnit } from '../format.js';
import type { SignOutScope, TitleAndText } from '../i18n/index.js';
import type { Settings } from '../settings.js';
import { render } from '../routes/render.js';
import { messagePage } from '../views/message-pages.js';
import { linkCookie, signInCookie } from './cookie.js';
import { sameOriginPath } from './same-origin.js';
import { recordSignOut } from './sign-outs.js';
import { checkLink, newSignIn, plannedSignIn } from './tokens.js';
import type { LinkCheck, Refusal } from './tokens.js';

// A sign-in link is opened by a person, by a link scanner that prefetches it, or by another site that navigates
// to it (login CSRF: the attacker's own token would replace the customer's sign-in). So GET changes nothing: only
// the POST from its Continue page's own button, checked to come from this site, sets the cookie.

// The Continue page's script: the token leaves the address bar and the history entry at once (it travels in the
// form), and the destination *replaces* the Continue page, so Back never returns to it. Anything but a sign-in's
// redirect (a refusal, a network error) falls back to the plain form post, whose answer says what went wrong.
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
 * `GET /sign-in?token=…&next=/path`: checks the link, keeps its token in the link's cookie and answers 303 to
 * `/sign-in?next=/path`, which shows the Continue page, so neither the address bar nor Back holds the token (the
 * history database still does: worker/README.md). A link too large for a cookie gets the Continue page at once.
 */
export async function signInPage(c: AppContext): Promise<Response> {
  const request = c.get('pageRequest');
  const { t } = request.reader;
  const current = c.get('customer');
  const next = sameOriginPath(c.req.query('next') ?? '/', new URL(c.req.url));
  if (next === undefined) return render(c, messagePage(400, t.linkRefused, request));
  const linked = c.req.query('token');
  const kept = linked === undefined ? linkCookie.read(c) : undefined;
  // Back to the token-less Continue page once signed in (its cookie used up): on to where it led.
  if (linked === undefined && kept === undefined && current !== undefined) return c.redirect(next, 303);
  const now = Date.now();
  const checked = await checkSignIn(linked ?? kept ?? null, c.get('settings'), now);
  if ('refused' in checked) return refusal(c, checked.refused, kept);
  if (linked !== undefined && linkCookie.fits(new TextEncoder().encode(linked).byteLength)) {
    c.header('Set-Cookie', linkCookie.set(linked, checked.customer.expires - Math.floor(now / 1000)));
    return c.redirect(`/sign-in?${new URLSearchParams({ next })}`, 303);
  }
  const switching = current !== undefined && current.id !== checked.customer.id;
  const extra = html`${switching ? html`<p><strong>${t.signInSwitch}</strong></p>` : ''}
<form method="post" action="/sign-in">
${linked === undefined ? '' : html`<input type="hidden" name="token" value="${linked}">\n`}<input type="hidden" name="next" value="${next}">
<button class="button" type="submit">${t.continue}</button>
</form>`;
  return render(c, messagePage(200, t.signIn, request, { extra, form: true, script: CONTINUE_SCRIPT }));
}

/** `POST /sign-in` (`next`, and `token` unless the link's cookie holds it): the link for a sign-in of the worker's own. */
export async function signIn(c: AppContext): Promise<Response> {
  const request = c.get('pageRequest');
  // Form-encoded only; the body's size is bounded by `formLimit`.
  const isForm = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('Content-Type') ?? '');
  if (!isForm) return render(c, messagePage(400, signInFailed(request), request));
  // A form-encoded body holds text only; the first of a repeated field counts.
  const form = await c.req.formData();
  const field = (name: string) => form.get(name)?.toString();
  const next = sameOriginPath(field('next') ?? '/', new URL(c.req.url));
  if (next === undefined) return render(c, messagePage(400, request.reader.t.linkRefused, request));
  const now = Date.now();
  const kept = linkCookie.read(c);
  const checked = await checkSignIn(field('token') ?? kept ?? null, request.settings, now);
  if ('refused' in checked) return refusal(c, checked.refused, kept);
  const signIn = await newSignIn(checked.customer, request.settings, now);
  c.header('Set-Cookie', signInCookie.set(signIn.token, signIn.expires - Math.floor(now / 1000)));
  // The link's token is used: the browser keeps it no longer.
  if (kept !== undefined) c.header('Set-Cookie', linkCookie.cleared(), { append: true });
  return c.redirect(next, 303);
}

/** Bounds a form's body (a token and a path fit many times over): past 16 KB, "Sign-in failed", and nothing is read on. */
export const formLimit = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => {
    const request = (c as AppContext).get('pageRequest');
    return render(c as AppContext, messagePage(400, signInFailed(request), request));
  },
});

/** The link's customer, when the link passes and the sign-in it would start is not over already and fits a cookie. */
async function checkSignIn(token: string | null, settings: Settings, now: number): Promise<LinkCheck> {
  if (!token) return { refused: 'invalid' };
  const checked = await checkLink(token, settings, now);
  if ('refused' in checked) return checked;
  // Planned, not signed: opening a link signs nothing.
  const planned = plannedSignIn(checked.customer, settings, now);
  // A link inside the clock tolerance past its `exp` would make a sign-in that is over before it starts.
  if (planned.expires <= Math.floor(now / 1000)) return { refused: 'expired' };
  // A browser drops a cookie it cannot keep without a word, and the customer would land signed out: say so instead.
  if (!signInCookie.fits(planned.length)) return { refused: 'too-large' };
  return checked;
}

/** The page for a refused link: what went wrong in the reader's words; a link kept in its cookie is dropped. */
function refusal(c: AppContext, refused: Refusal, kept: string | undefined): Response | Promise<Response> {
  const request = c.get('pageRequest');
  const { t } = request.reader;
  if (kept !== undefined) c.header('Set-Cookie', linkCookie.cleared(), { append: true });
  if (refused === 'too-large') return render(c, messagePage(400, t.linkTooLarge, request));
  if (refused === 'expired') return render(c, messagePage(401, t.linkExpired, request));
  if (refused === 'invalid') return render(c, messagePage(401, signInFailed(request), request));
  return render(c, messagePage(401, t.linkTooLongLived(duration(request.settings.linkMaxLifetime, request.reader.locale)), request));
}

/** A lifetime in words, in whole days when it is whole days, else in hours, else in minutes ("7 days", "12 Stunden"). */
function duration(seconds: number, locale: string): string {
  if (seconds % 86_400 === 0) return formatUnit(seconds / 86_400, 'day', locale);
  return seconds % 3_600 === 0 ? formatUnit(seconds / 3_600, 'hour', locale) : formatUnit(seconds / 60, 'minute', locale);
}

/** "Sign-in failed", in words that say how far a sign-out reaches here (an ended link is one reason). */
function signInFailed({ reader, settings }: PageRequest): TitleAndText {
  return reader.t.signInFailed[signOutScope(settings)];
}

/** How far a sign-out reaches here: every device with the `SIGN_OUTS` binding, else this browser. */
function signOutScope(settings: Settings): SignOutScope {
  return settings.signOuts === undefined ? 'thisBrowser' : 'everywhere';
}

/** `GET /sign-out`: a page with a Sign out button; GET itself stays safe (RFC 9110 §9.2.1) against prefetches and images. */
export function signOutPage(c: AppContext): Response | Promise<Response> {
  const request = c.get('pageRequest');
  const { t } = request.reader;
  // Without a valid sign-in here (none, expired, forged) a sign-out would end nothing: no button that claims it would.
  if (c.get('customer') === undefined) return render(c, messagePage(200, t.notSignedInToSignOut, request, { signedIn: false }));
  const extra = html`<form method="post" action="/sign-out"><button class="button" type="submit">${t.signOut}</button></form>`;
  return render(c, messagePage(200, [t.signOut, t.signOutText[signOutScope(request.settings)]], request, { extra, signedIn: false, form: true }));
}

/**
 * `POST /sign-out`: ends the customer's sign-ins and links issued until now, on every device with `SIGN_OUTS`, and
 * clears the cookie here; when that cannot be recorded, the page says other devices may still be signed in.
 */
export async function signOut(c: AppContext): Promise<Response> {
  const request = c.get('pageRequest');
  const { t } = request.reader;
  await c.req.raw.body?.cancel();
  const customer = c.get('customer');
  // Without a valid sign-in here (none, expired, forged) nothing is ended, so nothing is claimed.
  let words = customer === undefined ? t.notSignedInToSignOut : t.signedOut[signOutScope(request.settings)];
  if (customer !== undefined) {
    try {
      await recordSignOut(request.settings, customer.id);
    } catch (error) {
      // KV takes one write per second per key (a double click writes twice). The log gets the name: a message may quote the key.
      c.set('failure', { name: error instanceof Error ? error.name : typeof error });
      words = t.signedOutHereOnly;
    }
  }
  // Not `Clear-Site-Data: "cookies"`: it clears the whole registrable domain's, the shop's own sign-in and cart too.
  return render(c, messagePage(200, words, request, { signedIn: false, headers: { 'Set-Cookie': signInCookie.cleared() } }));
}
