import type { Sandbox } from 'checkout-lookup/testing';
import { SignJWT } from 'jose';

// Helpers shared by the in-process tests and the workerd suite; nothing here loads wrangler.

/** One answer of the worker as it came over the socket. */
export interface Answer {
  readonly status: number;
  /** Header names in lower case; repeated headers joined with ", " except Set-Cookie (an array). */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Header lines exactly as sent, for byte comparisons and secret scans. */
  readonly rawHeaders: readonly string[];
  readonly body: string;
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON, read by each test as the shape it expects
  json(): any;
}

/** What the secret scan and the upstream read need of either harness. */
export interface Scanned {
  readonly apiKey: string;
  readonly authSecret: string;
  readonly answers: readonly Answer[];
}

/** Header lines of an answer without the ones that vary by time or connection. */
export function stableHeaders(answer: Answer): string[] {
  const lines: string[] = [];
  for (let index = 0; index < answer.rawHeaders.length; index += 2) {
    const name = answer.rawHeaders[index]!;
    if (['date', 'connection', 'keep-alive'].includes(name.toLowerCase())) continue;
    lines.push(`${name}: ${answer.rawHeaders[index + 1]}`);
  }
  return lines;
}

/** Fails when the API key or the token secret appears in any answer's body or headers. */
export function expectNoSecrets(stack: Scanned): void {
  const secrets = [stack.apiKey, stack.authSecret];
  for (const answer of stack.answers) {
    const text = `${answer.rawHeaders.join('\n')}\n${answer.body}`;
    for (const secret of secrets) {
      if (text.includes(secret)) throw new Error(`a secret appeared in an answer (status ${answer.status})`);
    }
  }
  if (stack.answers.length === 0) throw new Error('no answers were scanned');
}

/** A record as the sandbox itself serves it, read with the secret key (to know what must not reach customers). */
// biome-ignore lint/suspicious/noExplicitAny: a record as the service sent it, read by each test as it expects
export async function upstreamRecord(stack: { readonly apiKey: string; readonly sandbox: Sandbox }, path: string): Promise<any> {
  const response = await stack.sandbox.fetch(
    new Request(`http://sandbox.invalid${path}`, { headers: { 'X-API-KEY': stack.apiKey, 'X-Timestamp': String(Date.now()) } }),
  );
  return ((await response.json()) as { data: unknown }).data;
}

/** `Authorization: Bearer …` */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** The sign-in cookie's name and the sign-in's own `typ` (worker/sign-in/cookie.ts, worker/sign-in/tokens.ts), spelled here as a client sees them. */
export const SIGN_IN_COOKIE = '__Host-checkout-lookup';
export const SIGN_IN_TYPE = 'checkout-lookup-session+jwt';

/**
 * A `Cookie` header value with a sign-in as the worker makes one (its own `typ`, `iat` now to the millisecond, 12
 * hours unless claims say otherwise), signed with the worker's AUTH_SECRET: for tests about what a signed-in page
 * shows.
 */
export async function signInCookie(authSecret: string, sub: string, claims: Record<string, unknown> = {}): Promise<string> {
  const now = Date.now() / 1000;
  const token = await new SignJWT({ iat: now, exp: Math.floor(now) + 12 * 3600, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: SIGN_IN_TYPE })
    .setSubject(sub)
    .sign(new TextEncoder().encode(authSecret));
  return `${SIGN_IN_COOKIE}=${token}`;
}

/**
 * A sign-in link's token as a shop mints one (`typ: JWT`), HS256 with `authSecret`, for `sub`, with `iat` now in whole
 * seconds and `exp` an hour later: also a Bearer token of the JSON routes. `claims` are added; `sub`, `iat` and `exp`
 * always take these values.
 */
export function signToken(authSecret: string, sub: string, claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(authSecret));
}

/** The cookie that keeps a sign-in link's token between the link's GET and the Continue page's POST. */
export const LINK_COOKIE = '__Secure-checkout-lookup-link';

/**
 * Opens a sign-in link as a browser does: the link's 303 to the token-less Continue page is followed with the
 * cookie it set (and `headers`). The answer carries that cookie's `name=value` as `linkCookie`, for the POST.
 */
export async function openSignInLink(
  stack: { send(path: string, init?: { headers?: Record<string, string> }): Promise<Answer> },
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer & { readonly linkCookie?: string }> {
  const first = await stack.send(path, { headers });
  const set = ((first.headers['set-cookie'] as string[] | undefined) ?? []).find((cookie) => cookie.startsWith(`${LINK_COOKIE}=`));
  const location = first.headers.location as string | undefined;
  if (first.status !== 303 || set === undefined || !location?.startsWith('/sign-in?')) return first;
  const linkCookie = set.split(';')[0]!;
  const cookie = headers.Cookie === undefined ? linkCookie : `${headers.Cookie}; ${linkCookie}`;
  return { ...(await stack.send(location, { headers: { ...headers, Cookie: cookie } })), linkCookie };
}
