const MAX_ID_LENGTH = 256;
// C0 controls, DEL and C1 controls.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Builds the request URL: the id travels as one percent-encoded path segment, so no id can leave its path.
 * Throws a `TypeError` before any request for an id that is not a usable identifier.
 */
export function resourceUrl(base: string, path: string, id: string): string {
  if (typeof id !== 'string') throw new TypeError('"id" must be a string');
  if (id === '' || id === '.' || id === '..') throw new TypeError(`"id" must not be empty, "." or ".."`);
  if (id.length > MAX_ID_LENGTH) throw new TypeError(`"id" must be at most ${MAX_ID_LENGTH} characters`);
  if (CONTROL.test(id)) throw new TypeError('"id" must not contain control characters');
  let segment: string;
  try {
    segment = encodeURIComponent(id);
  } catch {
    // encodeURIComponent throws URIError on a lone surrogate.
    throw new TypeError('"id" must be well-formed Unicode');
  }
  return `${base}${path}${segment}`;
}
