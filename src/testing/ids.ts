import { urlOf } from '../core/url.js';
import { InvalidIdError } from '../errors.js';

/**
 * Throws the SDK's own `InvalidIdError` for an id that `getOrder` and `getSession` refuse to request (empty, over 256
 * characters, "." or "..", a control character or line separator, a lone surrogate), so the sandbox never stores
 * a record, or plays a scenario, under an id the SDK cannot ask for.
 */
export function checkId(id: string): void {
  urlOf(['', '/'], '', id);
}

/**
 * What the SDK says of an id it refuses to request, after the name (`must be 1 to 256 characters, ...; received ...`),
 * or `undefined` for an id it requests.
 */
export function idRefusal(id: string): string | undefined {
  try {
    checkId(id);
    return undefined;
  } catch (error) {
    if (!(error instanceof InvalidIdError)) throw error;
    return error.message.slice(error.message.indexOf('must be'));
  }
}
