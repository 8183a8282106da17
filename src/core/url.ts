import { InvalidIdError } from '../errors.js';
import { kindOf, oneLine } from './message.js';

/** The longest id sent, in UTF-16 code units. */
const MAX_ID = 256;
// Ids that need no closer look: 1 to 256 characters without C0 controls, DEL or C1 controls.
const PLAIN_ID = /^[^\u0000-\u001f\u007f-\u009f]{1,256}$/u;

/** The last base URL parsed, keyed by its text: most apps call one service, so each call after the first parses none. */
let memo: { text: string; origin: string; path: string } | undefined;

/**
 * The origin and path (ending in `/`) of a base URL, or a `TypeError` that says what was received: the base URL must
 * be an absolute http(s) URL (which always has a host) without a query, which would be lost. Credentials and a
 * fragment are dropped, and never shown.
 */
export function baseOf(baseUrl: unknown): [origin: string, path: string] {
  const text = typeof baseUrl === 'string' ? baseUrl : hrefOf(baseUrl);
  if (text === undefined || text !== memo?.text) memo = parseBase(baseUrl, text);
  return [memo.origin, memo.path];
}

/** The text of a URL object, also one from another realm (an iframe's, jsdom's): its `href`. */
function hrefOf(value: unknown): string | undefined {
  const href = (value as { href?: unknown } | null | undefined)?.href;
  return typeof value === 'object' && typeof href === 'string' ? href : undefined;
}

function parseBase(baseUrl: unknown, text: string | undefined): { text: string; origin: string; path: string } {
  let url: URL | undefined;
  try {
    if (text !== undefined) url = new URL(text);
  } catch {}
  const problem =
    text === undefined ? `received ${kindOf(baseUrl)}`
    : !url ? `received "${shown(text)}", not a URL`
    : !/^https?:$/.test(url.protocol) ? `received "${shown(text)}", whose scheme is ${url.protocol}`
    : url.search ? `received "${shown(text)}" with a query, which would be lost`
    : '';
  if (problem || !url) throw new TypeError(`"baseUrl" must be an absolute http(s) URL with a host and no query; ${problem}`);
  return { text, origin: url.origin, path: url.pathname.replace(/\/?$/, '/') } as { text: string; origin: string; path: string };
}

/** A URL's text as shown in a message: no user info, no query or fragment (either may hold a secret), one short line. */
function shown(text: string): string {
  return oneLine(text.replace(/\/\/[^/?#]*@/, '//').replace(/[?#].*/su, ''), 100);
}

/**
 * The request URL's origin and path (base path, resource route, then the id as one percent-encoded segment, so no
 * id can leave its path). Throws before any request: a `TypeError` for a bad base URL (see `baseOf`), an
 * `InvalidIdError` that says what is wrong with the id, showing at most its first 20 characters.
 */
export function urlOf(baseUrl: string | URL, route: string, id: string): [origin: string, path: string] {
  const [origin, path] = baseOf(baseUrl);
  let segment: string | undefined;
  try {
    // encodeURIComponent throws a URIError on a lone surrogate.
    if (typeof id === 'string' && PLAIN_ID.test(id) && id !== '.' && id !== '..') segment = encodeURIComponent(id);
  } catch {}
  if (segment === undefined) throw new InvalidIdError(`"id" must be 1 to ${MAX_ID} characters, not "." or "..", without control characters or lone surrogates; ${idProblem(id)}`);
  return [origin, `${path}${route}${segment}`];
}

/** What is wrong with an id that failed the check, quoting at most its first 20 characters. */
function idProblem(id: unknown): string {
  if (typeof id !== 'string') return `received ${kindOf(id)}`;
  if (!id) return 'received an empty string';
  const quoted = `"${oneLine(id, 20)}"`;
  if (id.length > MAX_ID) return `received ${id.length} characters: ${quoted}`;
  const control = /[\u0000-\u001f\u007f-\u009f]/u.exec(id);
  if (control) return `received ${quoted}, with the control character ${codePoint(control[0])} at index ${control.index}`;
  const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(id);
  if (lone) return `received ${quoted}, with the lone surrogate ${codePoint(lone[0])} at index ${lone.index}`;
  return `received ${quoted}`;
}

function codePoint(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}
