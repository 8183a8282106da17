import { InvalidIdError } from '../errors.js';
import { check } from '../options.js';

// Empty, "." or "..", longer than 256 characters, or holding C0 controls, DEL or C1 controls.
const BAD_ID = /^\.{0,2}$|^.{257}|[\u0000-\u001f\u007f-\u009f]/su;

/**
 * Builds the request URL from the base URL, the resource's path and the id. The id travels as one percent-encoded
 * path segment, so no id can leave its path. Throws before any request: a `TypeError` for a bad base URL, an
 * `InvalidIdError` for a bad id.
 */
export function resourceUrl(baseUrl: string | URL, path: string, id: string): string {
  let base: URL | undefined;
  try {
    base = new URL(baseUrl);
  } catch {}
  // Credentials and a fragment are dropped below (origin and path only); a query would be lost, so it is refused.
  check(/^https?:$/.test(base?.protocol!) && !base!.search, 'baseUrl', 'an http(s) URL without query');
  let segment: string | undefined;
  try {
    // encodeURIComponent throws a URIError on a lone surrogate.
    if (typeof id === 'string' && !BAD_ID.test(id)) segment = encodeURIComponent(id);
  } catch {}
  check(segment, 'id', '1 to 256 characters, not "." or "..", no controls', InvalidIdError);
  return `${base!.origin}${base!.pathname.replace(/\/?$/, '/')}${path}${segment}`;
}
