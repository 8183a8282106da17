import { InvalidIdError } from '../errors.js';
import { kindOf, oneLine, UNSAFE } from './message.js';

/** The last base URL parsed, keyed by its text: most apps call one service, so each call after the first parses none. */
let memo: [text: string, origin: string, path: string] | undefined;

/**
 * The origin and path (ending in `/`) of a base URL. A `TypeError` that shows what was received unless it is an
 * absolute http(s) URL (which always has a host) without a query, which would be lost. User info and a fragment are
 * dropped, and never shown.
 */
export function baseOf(baseUrl: unknown): [origin: string, path: string] {
  if (typeof baseUrl !== 'string' && !(baseUrl instanceof URL)) throw baseUrlError(kindOf(baseUrl));
  const text = `${baseUrl}`;
  // The memo only saves a parse: parsing every time answers the same.
  // Stryker disable next-line ConditionalExpression: see above; test/unit/parts-url.test.ts counts the parses.
  if (text !== memo?.[0]) memo = parseBase(text);
  return [memo[1], memo[2]];
}

function parseBase(text: string): [text: string, origin: string, path: string] {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {}
  // A URL's protocol is its scheme and one colon, so no `$` is needed after it.
  if (!url || !/^https?:/.test(url.protocol) || url.search) {
    // Never user info, and only a mark for a query or fragment: either may hold a secret.
    throw baseUrlError(`"${oneLine(text.replace(/\/\/[^/?#]*@/, '//').replace(/([?#]).*/s, '$1…'), 100)}"`);
  }
  return [text, url.origin, url.pathname.replace(/\/?$/, '/')];
}

function baseUrlError(received: string): TypeError {
  return new TypeError(`"baseUrl" must be an absolute http(s) URL without a query; received ${received}`);
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
    if (typeof id === 'string' && id && id.length <= 256 && id !== '.' && id !== '..' && !UNSAFE.test(id)) segment = encodeURIComponent(id);
  } catch {}
  if (segment === undefined) throw new InvalidIdError(`"id" must be 1 to 256 characters, not "." or "..", without controls or lone surrogates; received ${idShown(id)}`);
  return [origin, `${path}${route}${segment}`];
}

/**
 * An id that failed the check, as a message shows it: its kind, or its first 20 characters, its length, and its first
 * control character or that it holds a lone surrogate.
 */
function idShown(id: unknown): string {
  if (typeof id !== 'string') return kindOf(id);
  const control = UNSAFE.exec(id);
  let what = control ? `, ${oneLine(control[0], 1)} at index ${control.index}` : '';
  try {
    encodeURIComponent(id);
  } catch {
    what += ', a lone surrogate';
  }
  return `"${oneLine(id, 20)}" (length ${id.length}${what})`;
}
