import { InvalidIdError } from '../errors.js';
import { check } from './check.js';

// Empty, "." or "..", longer than 256 characters, or holding C0 controls, DEL or C1 controls.
const BAD_ID = /^\.{0,2}$|.{257}|[\u0000-\u001f\u007f-\u009f]/su;

/**
 * The request URL's origin and path (base path, resource route, then the id as one percent-encoded segment, so no
 * id can leave its path). Throws before any request: a `TypeError` for a base URL that is not http(s) or has a
 * query (it would be lost; credentials and a fragment are dropped), an `InvalidIdError` for a bad id.
 */
export function urlOf(baseUrl: string | URL, route: string, id: string): [string, string] {
  let base: URL | undefined;
  let segment: string | undefined;
  try {
    base = new URL(baseUrl);
  } catch {}
  // A URL's protocol is its scheme and one colon, so no `$` is needed after it.
  check(/^https?:/.test(base?.protocol!) && !base!.search, 'baseUrl', 'an http(s) URL without query');
  try {
    // encodeURIComponent throws a URIError on a lone surrogate.
    if (typeof id === 'string' && !BAD_ID.test(id)) segment = encodeURIComponent(id);
  } catch {}
  check(segment, 'id', '1 to 256 characters, not "." or "..", no controls', InvalidIdError);
  return [base!.origin, `${base!.pathname.replace(/\/?$/, '/')}${route}${segment}`];
}
