/** The rate-limit binding's interface, as the worker uses it. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** Where sign-outs are kept (a Workers KV namespace), as the worker uses it. */
export interface SignOutStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

/**
 * The worker's bindings: `Env` as `wrangler types` generates it from wrangler.toml (worker/worker-configuration.d.ts;
 * `npm run types:worker` rewrites it), any of them possibly unset in a deployment, and the optional service binding
 * `UPSTREAM` (commented out in wrangler.toml): when set, lookups go through it instead of the public internet.
 */
export type Bindings = { [Name in keyof Env]?: Env[Name] | undefined } & {
  UPSTREAM?: { fetch(request: Request): Promise<Response> } | undefined;
};

/** Settings after checks: every required one present and well formed. */
export interface Settings {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly authSecret: Uint8Array;
  readonly issuer: string | undefined;
  readonly audience: string | undefined;
  /** Origins as `URL.origin` spells them (`https://shop.example`, no trailing slash). */
  readonly allowedOrigins: ReadonlySet<string>;
  readonly timeout: number;
  readonly rateLimiter: RateLimiter | undefined;
  /** Each customer's last sign-out (the `SIGN_OUTS` KV namespace); without it, sign-out ends this browser's sign-in only. */
  readonly signOuts: SignOutStore | undefined;
  /** What the lookups call: the `UPSTREAM` binding's fetch, else the global one (looked up per call). */
  readonly fetch: ((request: Request) => Promise<Response>) | undefined;
  /** The shop's address as `URL.href` spells it (`https://shop.example/`). */
  readonly shopUrl: string | undefined;
  /** The shop's host as `URL.host` spells it (`shop.example`), named at the top of every page; set with `shopUrl`. */
  readonly shopHost: string | undefined;
  /** Seconds a session lasts at most. */
  readonly sessionMaxAge: number;
  /** Seconds a sign-in link (or Bearer token) may live at most, from its `iat` to its `exp`. */
  readonly linkMaxLifetime: number;
  /** Origins images may come from; `undefined`: the hosts of the images each page shows. */
  readonly imageHosts: readonly string[] | undefined;
}

/** What reading the settings came to: the settings, or a sentence naming the setting that is wrong. */
export type SettingsRead = { readonly settings: Settings } | { readonly problem: string };

// Settings are read once per environment object, so once per isolate in workerd, not once per request. The
// environment's vars and secrets do not change while an isolate lives (a new deploy starts new isolates).
const READ = new WeakMap<Bindings, SettingsRead>();

const REQUIRED = ['API_BASE_URL', 'API_KEY', 'AUTH_SECRET'] as const;

// 32 bytes is the HS256 output size; a shorter HMAC key is guessable offline from any one token (RFC 7518 §3.2).
const MIN_SECRET_BYTES = 32;

/** Defaults of the optional settings. */
export const DEFAULTS = Object.freeze({
  timeoutMs: 10_000,
  // A working day: long enough to shop and come back, short enough that a forgotten browser signs itself out.
  sessionMaxAgeSeconds: 12 * 60 * 60,
  // An order-confirmation e-mail is opened within days; a link that lives longer is a standing credential.
  linkMaxLifetimeSeconds: 7 * 24 * 60 * 60,
});

/**
 * Reads and checks the settings, once per environment object. A problem comes back as a sentence that names the
 * setting (and, in a list, the entry by its position), never its value.
 */
export function readSettings(env: Bindings): SettingsRead {
  const known = READ.get(env);
  if (known !== undefined) return known;
  const read = parse(env);
  READ.set(env, read);
  return read;
}

function parse(env: Bindings): SettingsRead {
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
  const timeout = positiveWhole(env.UPSTREAM_TIMEOUT_MS, DEFAULTS.timeoutMs);
  if (timeout === undefined) {
    return { problem: 'The setting UPSTREAM_TIMEOUT_MS is not a positive whole number of milliseconds.' };
  }
  const sessionMaxAge = positiveWhole(env.SESSION_MAX_AGE_SECONDS, DEFAULTS.sessionMaxAgeSeconds);
  if (sessionMaxAge === undefined) {
    return { problem: 'The setting SESSION_MAX_AGE_SECONDS is not a positive whole number of seconds.' };
  }
  const linkMaxLifetime = positiveWhole(env.LINK_MAX_LIFETIME_SECONDS, DEFAULTS.linkMaxLifetimeSeconds);
  if (linkMaxLifetime === undefined) {
    return { problem: 'The setting LINK_MAX_LIFETIME_SECONDS is not a positive whole number of seconds.' };
  }
  const shopUrl = env.SHOP_URL?.trim() || undefined;
  if (shopUrl !== undefined && !isPlainHttpAddress(shopUrl)) {
    return { problem: 'The setting SHOP_URL is not an http(s) address (without user name, password or #fragment).' };
  }
  const shop = shopUrl === undefined ? undefined : new URL(shopUrl);
  const origins = readOrigins('ALLOWED_ORIGINS', env.ALLOWED_ORIGINS, /^https?:$/);
  if ('problem' in origins) return origins;
  const imageHosts = readOrigins('IMAGE_HOSTS', env.IMAGE_HOSTS, /^https:$/);
  if ('problem' in imageHosts) return imageHosts;
  const upstream = env.UPSTREAM;
  return {
    settings: {
      baseUrl,
      apiKey: env.API_KEY!,
      authSecret,
      issuer: env.AUTH_ISSUER || undefined,
      audience: env.AUTH_AUDIENCE || undefined,
      allowedOrigins: new Set(origins.list),
      timeout,
      rateLimiter: env.RATE_LIMITER,
      signOuts: env.SIGN_OUTS,
      // Bound once here, so the binding's fetch is called as a method of the binding.
      fetch: upstream === undefined ? undefined : (request: Request) => upstream.fetch(request),
      shopUrl: shop?.href,
      shopHost: shop?.host,
      sessionMaxAge,
      linkMaxLifetime,
      imageHosts: imageHosts.list.length === 0 ? undefined : imageHosts.list,
    },
  };
}

/** A setting holding a positive whole number, its default when unset or empty, `undefined` when malformed. */
function positiveWhole(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** An http(s) address a page may link to: no credentials in it, no fragment. */
function isPlainHttpAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return /^https?:$/.test(url.protocol) && url.username === '' && url.password === '' && url.hash === '';
}

/**
 * A comma-separated list of origins, each normalised to `URL.origin` (`https://Shop.example:443/` becomes
 * `https://shop.example`), or a problem naming the setting and the entry's position. An entry with a path other
 * than `/`, a query, a fragment or credentials is refused: it is not an origin, and silently cutting it down would
 * allow more than was written.
 */
function readOrigins(name: string, value: string | undefined, protocol: RegExp): { list: string[] } | { problem: string } {
  const entries = (value ?? '').split(',').map((entry) => entry.trim());
  const list: string[] = [];
  for (const [index, entry] of entries.entries()) {
    if (entry === '') continue;
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    const isOrigin =
      url !== undefined &&
      protocol.test(url.protocol) &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      !entry.endsWith('?') &&
      !entry.endsWith('#');
    if (!isOrigin) {
      const scheme = protocol.test('http:') ? 'http(s)' : 'https';
      return {
        problem: `The setting ${name}: entry ${index + 1} (counting from 1) is not an origin (${scheme}://host[:port], nothing after the host).`,
      };
    }
    if (!list.includes(url.origin)) list.push(url.origin);
  }
  return { list };
}
