import { InvalidIdError } from '../errors.js';
import { kindOf, UNSAFE } from './message.js';

/** The last base URL string that `baseOf` read, and what it came to. */
let lastBase: [baseUrl: string, base: readonly [origin: string, path: string]] | undefined;

/**
 * The origin and path (ending in `/`) of a base URL. A `TypeError` that says what is wrong unless it is an absolute
 * http(s) URL (which always has a host) without a query, which would be lost. The URL itself is never shown: its user
 * info, query or fragment may hold a secret. User info and a fragment are dropped.
 */
export function baseOf(baseUrl: unknown): readonly [origin: string, path: string] {
  // Calls mostly give the same base URL string: read once, not parsed again (new URL costs about 1.5 µs on Node 24).
  // Stryker disable next-line ConditionalExpression: without the shortcut the same string is parsed again, to the same origin and path.
  if (lastBase && baseUrl === lastBase[0]) return lastBase[1];
  let url: URL | undefined;
  try {
    if (typeof baseUrl === 'string' || baseUrl instanceof URL) url = new URL(baseUrl);
  } catch {}
  if (url && /^https?:/.test(url.protocol) && !url.search) {
    const base = [url.origin, url.pathname.replace(/\/?$/, '/')] as const;
    // A URL object may change after the call: only a string is kept (test/unit/options.test.ts changes one).
    // Stryker disable next-line ConditionalExpression,StringLiteral: keeping nothing only parses the next call's string again (a URL object kept would fail the test that changes one).
    if (typeof baseUrl === 'string') lastBase = [baseUrl, base];
    return base;
  }
  // A URL's protocol is its scheme and one colon (letters, digits, "+", "-", "."): no `$` is needed after it, and it
  // is safe to show.
  const received = !url
    ? typeof baseUrl === 'string'
      ? 'a string that is not a URL'
      : kindOf(baseUrl)
    : /^https?:/.test(url.protocol)
      ? 'a URL with a query'
      : `a ${url.protocol} URL`;
  throw new TypeError(`"baseUrl" must be an absolute http(s) URL without a query; received ${received}`);
}

/**
 * The request URL's origin and path (the base's path, resource route, then the id as one percent-encoded segment, so
 * no id can leave its path), from a base that `baseOf` read. Throws before any request: an `InvalidIdError` that says
 * what is wrong with the id, never showing it.
 */
export function urlOf([origin, path]: readonly [origin: string, path: string], route: string, id: string): [origin: string, path: string] {
  let wrong = idWrong(id);
  try {
    if (!wrong) return [origin, `${path}${route}${encodeURIComponent(id)}`];
  } catch {
    // encodeURIComponent throws a URIError on a lone surrogate.
    wrong = 'a lone surrogate';
  }
  throw new InvalidIdError(`"id" must be 1 to 256 characters, not "." or "..", without controls or lone surrogates; received ${wrong}`);
}

/** What is wrong with an id, in this order: its kind, length, dots, a control; `''` when nothing (a lone surrogate is found by encoding). */
function idWrong(id: unknown): string {
  if (typeof id !== 'string') return kindOf(id);
  if (!id || id.length > 256) return `${id.length} characters`;
  // A path's dot segment, which URL parsers resolve away.
  if (id === '.' || id === '..') return `"${id}"`;
  return UNSAFE.test(id) ? 'a control character' : '';
}
