import type { Context } from 'hono';
import type { SecureHeadersVariables } from 'hono/secure-headers';
import type { TimingVariables } from 'hono/timing';
import type { Customer } from './sign-in/tokens.js';
import type { Bindings, Settings } from './settings.js';
import type { Shopper } from './views/context.js';

/** What an answer at a stop reads of the request: the steps' variables (`c.get`, a lookup; `c.var` copies them all). */
export interface Stop {
  get<Key extends keyof Variables>(key: Key): Variables[Key];
}

/** How a family of routes (JSON or pages) answers where the steps stop. */
export interface Answers {
  /** 401; `invalid` when a credential came and failed. */
  unauthorized(c: Stop, invalid: boolean): Response | Promise<Response>;
  /** 429 with `Retry-After`. */
  tooMany(c: Stop, retryAfterSeconds: number): Response | Promise<Response>;
  /** The one 404, the same for "missing" and "not yours". */
  notFound(c: Stop): Response | Promise<Response>;
  /** 502 or 504, with the request id to quote. */
  failed(c: Stop, status: 502 | 504): Response | Promise<Response>;
}

/** What the middleware hands on to the steps after it. */
export interface Variables extends SecureHeadersVariables, TimingVariables {
  requestId: string;
  settings: Settings;
  answers: Answers;
  /** The signed-in customer, once a customer step ran and a credential passed. */
  customer: Customer | undefined;
  /** Whether a credential came and failed (`Authorization` or the sign-in cookie). */
  invalidCredential: boolean;
  /** The page family's reader, language, zone and site. */
  shopper: Shopper;
  /** Milliseconds waited for the service, when a lookup was made. */
  upstreamMs: number | undefined;
  /** The failure's name, status and code; never its message (the service's words). */
  failure: Record<string, unknown> | undefined;
}

export type App = { Bindings: Bindings; Variables: Variables };
export type AppContext = Context<App>;
/** The app once a record step has found the customer's record. */
export type WithRecord<T> = { Bindings: Bindings; Variables: Variables & { record: T } };
