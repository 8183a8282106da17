import type { Settings } from '../settings.js';
import type { Reader } from '../i18n/index.js';

/** What every view needs to know about the request: who reads, in which language and zone, on which site. */
export interface Shopper {
  readonly reader: Reader;
  /** IANA zone the times are shown in (Cloudflare's `request.cf.timezone`, else `UTC`). */
  readonly timeZone: string;
  readonly settings: Settings;
  /** This site's host, named at the top of the page when SHOP_URL is unset. */
  readonly site: string;
  /** The path asked for, for "Try again" and "Check again". */
  readonly path: string;
  /** This answer's CSP nonce (hono/secure-headers), for the page's inline script and style. */
  readonly nonce: string;
  /** The signed-in customer, when there is one. */
  readonly customerId?: string | undefined;
}
