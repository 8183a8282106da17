import { urlOf } from '../core/url.js';

/**
 * Throws the SDK's own `InvalidIdError` for an id that `getOrder` and `getSession` refuse to request (empty, over 256
 * characters, "." or "..", a control character or line separator, a lone surrogate), so the sandbox never stores
 * a record, or plays a scenario, under an id the SDK cannot ask for.
 */
export function checkId(id: string): void {
  urlOf(['', '/'], '', id);
}

/** The message of the `InvalidIdError` that `checkId` throws for `id`, or `undefined` for an id the SDK requests. */
export function idRefusal(id: string): string | undefined {
  try {
    checkId(id);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
