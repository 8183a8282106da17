import * as v from 'valibot';
import { isImageSource } from './middleware/headers.js';

/**
 * The worker's bindings: `Env` from `wrangler types` (`npm run types:worker`), any possibly unset in a deployment, and
 * the optional service binding `UPSTREAM`: when set, lookups go through it instead of the public internet.
 */
export type Bindings = Partial<Env> & { UPSTREAM?: { fetch(request: Request): Promise<Response> } | undefined };

// 32 bytes is the HS256 output size; a shorter HMAC key is guessable offline from any one token (RFC 7518 §3.2).
const MIN_SECRET_BYTES = 32;

// Each message names the setting (and, in a list, the entry by its position), never its value.
const required = (name: string) =>
  v.pipe(
    v.string(`The setting ${name} is missing.`),
    v.check((value) => value.trim() !== '', `The setting ${name} is missing.`),
  );

const optional = v.pipe(v.optional(v.string(), ''), v.trim());

const positiveWhole = (name: string, unit: string, fallback: number) => {
  const message = `The setting ${name} is not a positive whole number of ${unit}.`;
  return v.pipe(
    optional,
    v.transform((value) => (value === '' ? fallback : Number(value))),
    v.safeInteger(message),
    v.minValue(1, message),
  );
};

const isHttp = (url: URL | null): url is URL => url?.protocol === 'http:' || url?.protocol === 'https:';

// An origin exactly: cutting off a path, a query, a fragment or credentials would allow more than was written.
const isOrigin = (entry: string, usable: (origin: string) => boolean) => {
  const url = URL.parse(entry);
  return url !== null && `${url.origin}/` === url.href && usable(url.origin);
};

/** A comma-separated list of origins, each as `URL.origin` spells it, without repeats; `form` says which are `usable`. */
const origins = (name: string, form: string, usable: (origin: string) => boolean) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value.split(',').map((entry) => entry.trim())),
    v.check(
      (entries) => entries.every((entry) => entry === '' || isOrigin(entry, usable)),
      (issue) => {
        const index = (issue.input as string[]).findIndex((entry) => entry !== '' && !isOrigin(entry, usable));
        return `The setting ${name}: entry ${index + 1} (counting from 1) is not an origin (${form}).`;
      },
    ),
    v.transform((entries) => [...new Set(entries.filter(Boolean).map((entry) => new URL(entry).origin))]),
  );

/** The settings after checks, from the environment's vars, secrets and bindings, checked in this order. */
const SettingsSchema = v.pipe(
  v.object({
    API_BASE_URL: v.pipe(
      required('API_BASE_URL'),
      v.trim(),
      // The SDK's own rules, checked here so a bad setting is a 500 naming it, not a 502 on every lookup.
      v.check((value) => {
        const url = URL.parse(value);
        return isHttp(url) && url.search === '';
      }, 'The setting API_BASE_URL is not an http(s) address without a query.'),
    ),
    API_KEY: v.pipe(required('API_KEY'), v.regex(/^[\x21-\x7e]+$/, 'The setting API_KEY holds characters other than visible ASCII.')),
    AUTH_SECRET: v.pipe(
      required('AUTH_SECRET'),
      v.transform((value) => new TextEncoder().encode(value)),
      v.check((bytes) => bytes.byteLength >= MIN_SECRET_BYTES, `The setting AUTH_SECRET is shorter than ${MIN_SECRET_BYTES} bytes.`),
    ),
    UPSTREAM_TIMEOUT_MS: positiveWhole('UPSTREAM_TIMEOUT_MS', 'milliseconds', 10_000),
    // A working day: long enough to shop and come back, short enough that a forgotten browser signs itself out.
    SESSION_MAX_AGE_SECONDS: positiveWhole('SESSION_MAX_AGE_SECONDS', 'seconds', 12 * 60 * 60),
    // An order-confirmation e-mail is opened within days; a link that lives longer is a standing credential.
    LINK_MAX_LIFETIME_SECONDS: positiveWhole('LINK_MAX_LIFETIME_SECONDS', 'seconds', 7 * 24 * 60 * 60),
    // An address pages link to: no credentials in it, no fragment.
    SHOP_URL: v.pipe(
      optional,
      v.check((value) => {
        const url = URL.parse(value);
        return value === '' || (isHttp(url) && url.username === '' && url.password === '' && url.hash === '');
      }, 'The setting SHOP_URL is not an http(s) address (without user name, password or #fragment).'),
    ),
    ALLOWED_ORIGINS: origins('ALLOWED_ORIGINS', 'http(s)://host[:port], nothing after the host', (origin) => /^https?:/.test(origin)),
    // Each one a source the page's policy can name: no IPv6 literal, which Chromium ignores as an invalid source.
    IMAGE_HOSTS: origins('IMAGE_HOSTS', 'https://host[:port], nothing after the host, a host name or IPv4 address', isImageSource),
    AUTH_ISSUER: v.optional(v.string(), ''),
    AUTH_AUDIENCE: v.optional(v.string(), ''),
    RATE_LIMITER: v.optional(v.custom<Env['RATE_LIMITER']>(() => true)),
    SIGN_OUTS: v.optional(v.custom<Env['SIGN_OUTS']>(() => true)),
    UPSTREAM: v.optional(v.custom<NonNullable<Bindings['UPSTREAM']>>(() => true)),
  }),
  v.transform((env) => {
    const shop = env.SHOP_URL === '' ? undefined : new URL(env.SHOP_URL);
    const upstream = env.UPSTREAM;
    return {
      baseUrl: env.API_BASE_URL,
      apiKey: env.API_KEY,
      authSecret: env.AUTH_SECRET,
      issuer: env.AUTH_ISSUER || undefined,
      audience: env.AUTH_AUDIENCE || undefined,
      allowedOrigins: new Set(env.ALLOWED_ORIGINS) as ReadonlySet<string>,
      timeout: env.UPSTREAM_TIMEOUT_MS,
      rateLimiter: env.RATE_LIMITER,
      /** Each customer's last sign-out; without it, sign-out ends this browser's sign-in only. */
      signOuts: env.SIGN_OUTS,
      /** What the lookups call: the `UPSTREAM` binding's fetch (called as its method), else the global one. */
      fetch: upstream === undefined ? undefined : (request: Request) => upstream.fetch(request),
      shopUrl: shop?.href,
      shopHost: shop?.host,
      sessionMaxAge: env.SESSION_MAX_AGE_SECONDS,
      /** Seconds a sign-in link (or Bearer token) may live at most, from its `iat` to its `exp`. */
      linkMaxLifetime: env.LINK_MAX_LIFETIME_SECONDS,
      /** Origins images may come from; `undefined`: the hosts of the images each page shows. */
      imageHosts: env.IMAGE_HOSTS.length === 0 ? undefined : (env.IMAGE_HOSTS as readonly string[]),
    } as const;
  }),
);

/** Settings after checks: every required one present and well formed. */
export type Settings = v.InferOutput<typeof SettingsSchema>;

/** What reading the settings came to: the settings, or a sentence naming the setting that is wrong. */
export type SettingsRead = { readonly settings: Settings } | { readonly problem: string };

// Read once per environment object, so once per isolate: vars and secrets do not change while an isolate lives.
const READ = new WeakMap<Bindings, SettingsRead>();

/** Reads and checks the settings, once per environment object. */
export function readSettings(env: Bindings): SettingsRead {
  let read = READ.get(env);
  if (read === undefined) {
    const result = v.safeParse(SettingsSchema, env, { abortEarly: true });
    read = result.success ? { settings: result.output } : { problem: result.issues[0].message };
    READ.set(env, read);
  }
  return read;
}
