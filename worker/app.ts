import type { Context } from 'hono';
import type { SecureHeadersVariables } from 'hono/secure-headers';
import type { TimingVariables } from 'hono/timing';
import type { Reader } from './i18n/index.js';
import type { Bindings, Settings } from './settings.js';
import type { Customer } from './sign-in/tokens.js';

/** What a page loads besides its markup (its `img-src`, a form to this site, a script, a print style), for its CSP. */
export type PageSources = { readonly images: string; readonly form: boolean; readonly script: boolean; readonly printStyle: boolean };

/** What the pages know of a request: who reads, in which language and zone, on which site. */
export interface PageRequest {
  readonly reader: Reader;
  /** IANA zone the times are shown in (Cloudflare's `request.cf.timezone`, else `UTC`). */
  readonly timeZone: string;
  readonly settings: Settings;
  /** This site's host, named at the top of the page when SHOP_URL is unset. */
  readonly site: string;
  /** The path asked for, for "Try again" and "Check again". */
  readonly path: string;
  readonly customerId?: string | undefined;
}

/** What the middleware hands on to the steps after it. */
export interface Variables extends SecureHeadersVariables, TimingVariables {
  requestId: string;
  settings: Settings;
  customer: Customer | undefined;
  /** Whether a credential came and failed (`Authorization` or the sign-in cookie). */
  invalidCredential: boolean;
  pageRequest: PageRequest;
  /** Set by the layout when the answer is a page. */
  pageSources: PageSources | undefined;
  /** Milliseconds waited for the service, when a lookup was made. */
  upstreamMs: number | undefined;
  /** The failure's name, status and code; never its message (the service's words). */
  failure: Record<string, unknown> | undefined;
}

export type App = { Bindings: Bindings; Variables: Variables };
export type AppContext = Context<App>;
