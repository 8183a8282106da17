/** The Workers rate-limit binding's interface (declared here so the worker's modules also type-check outside Workers types, in the Node tests). */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** Bindings of the worker: `wrangler.toml` vars, secrets (`wrangler secret put`) and the optional rate limiter. */
export interface Env {
  /** Base address of the checkout service (a var). */
  API_BASE_URL?: string;
  /** The merchant's secret API key (a secret). */
  API_KEY?: string;
  /** HMAC key of the HS256 sign-in tokens (a secret). */
  AUTH_SECRET?: string;
  /** When set, a token's `iss` must equal it. */
  AUTH_ISSUER?: string;
  /** When set, a token's `aud` must contain it. */
  AUTH_AUDIENCE?: string;
  /** Comma-separated origins allowed to call the JSON routes from a browser, such as `https://shop.example`. */
  ALLOWED_ORIGINS?: string;
  /** Deadline of one lookup in milliseconds, retries included. Default 10000. */
  UPSTREAM_TIMEOUT_MS?: string;
  /** Workers rate-limit binding; when configured, each signed-in customer is limited. */
  RATE_LIMITER?: RateLimiter;
  /**
   * Optional service binding to the checkout service (or anything with its `fetch`): when set, lookups go through
   * it instead of the public internet. `API_BASE_URL` still gives the address and path prefix of each request.
   */
  UPSTREAM?: { fetch(request: Request): Promise<Response> };
  /** The shop's address, such as `https://shop.example`; the pages link back to it. Optional. */
  SHOP_URL?: string;
}

/** Settings after checks: every required one present and well formed. */
export interface Settings {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly authSecret: Uint8Array;
  readonly issuer: string | undefined;
  readonly audience: string | undefined;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly timeout: number;
  readonly rateLimiter: RateLimiter | undefined;
  /** What the lookups call: the `UPSTREAM` binding's fetch, else the global one (looked up per call). */
  readonly fetch: ((request: Request) => Promise<Response>) | undefined;
  readonly shopUrl: string | undefined;
  /** Lookups in flight in this isolate for this environment, shared by identical requests (see lookup.ts). */
  readonly inFlight: Map<string, object>;
}

// One map per environment object: workerd keeps one `env` per isolate; tests make several.
const IN_FLIGHT = new WeakMap<Env, Map<string, object>>();

/** The lookups in flight for an environment (exported for tests). */
export function inFlightOf(env: Env): Map<string, object> {
  let map = IN_FLIGHT.get(env);
  if (map === undefined) IN_FLIGHT.set(env, (map = new Map()));
  return map;
}

const REQUIRED = ['API_BASE_URL', 'API_KEY', 'AUTH_SECRET'] as const;

// 32 bytes is the HS256 output size; a shorter HMAC key is guessable offline from any one token (RFC 7518 §3.2).
const MIN_SECRET_BYTES = 32;

/**
 * Reads and checks the settings. A problem comes back as a sentence that names the setting, never its value.
 */
export function readSettings(env: Env): { settings: Settings } | { problem: string } {
  for (const name of REQUIRED) {
    const value = env[name];
    if (typeof value !== 'string' || value.trim() === '') return { problem: `The setting ${name} is missing.` };
  }
  const baseUrl = env.API_BASE_URL!.trim();
  // The SDK's own rules, checked here so a bad setting is a 500 naming it, not a 502 on every lookup.
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol) || new URL(baseUrl).search) {
    return { problem: 'The setting API_BASE_URL is not an http(s) address without a query.' };
  }
  if (!/^[\x21-\x7e]+$/.test(env.API_KEY!)) {
    return { problem: 'The setting API_KEY holds characters other than visible ASCII.' };
  }
  const authSecret = new TextEncoder().encode(env.AUTH_SECRET);
  if (authSecret.byteLength < MIN_SECRET_BYTES) {
    return { problem: `The setting AUTH_SECRET is shorter than ${MIN_SECRET_BYTES} bytes.` };
  }
  const timeout = env.UPSTREAM_TIMEOUT_MS === undefined || env.UPSTREAM_TIMEOUT_MS === '' ? 10_000 : Number(env.UPSTREAM_TIMEOUT_MS);
  if (!(Number.isSafeInteger(timeout) && timeout > 0)) {
    return { problem: 'The setting UPSTREAM_TIMEOUT_MS is not a positive whole number of milliseconds.' };
  }
  const shopUrl = env.SHOP_URL?.trim() || undefined;
  if (shopUrl !== undefined && (!URL.canParse(shopUrl) || !/^https?:$/.test(new URL(shopUrl).protocol))) {
    return { problem: 'The setting SHOP_URL is not an http(s) address.' };
  }
  const upstream = env.UPSTREAM;
  const origins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  return {
    settings: {
      baseUrl,
      apiKey: env.API_KEY!,
      authSecret,
      issuer: env.AUTH_ISSUER || undefined,
      audience: env.AUTH_AUDIENCE || undefined,
      allowedOrigins: new Set(origins),
      timeout,
      rateLimiter: env.RATE_LIMITER,
      // Bound once here, so the binding's fetch is called as a method of the binding.
      fetch: upstream === undefined ? undefined : (request: Request) => upstream.fetch(request),
      shopUrl: shopUrl === undefined ? undefined : new URL(shopUrl).href,
      inFlight: inFlightOf(env),
    },
  };
}
