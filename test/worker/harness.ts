import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createSandbox } from 'checkout-lookup/testing';
import type { Sandbox } from 'checkout-lookup/testing';
import { serveSandbox } from 'checkout-lookup/testing/node';
import { unstable_startWorker } from 'wrangler';
import { type Answer, signInCookie, signToken } from './helpers.js';

export { bearer, expectNoSecrets, stableHeaders, upstreamRecord } from './helpers.js';
export type { Answer } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Only loopback traffic: no usage metrics, no download of the `Request.cf` placeholder.
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface StackOptions {
  /** Settings to set or, with `undefined`, leave out. */
  readonly vars?: Readonly<Record<string, string | undefined>>;
  /** Configure the Workers rate-limit binding; `'as configured'` keeps wrangler.toml's own. */
  readonly rateLimit?: { readonly limit: number; readonly period: 10 | 60 } | 'as configured';
}

export interface Stack {
  readonly sandbox: Sandbox;
  readonly url: string;
  readonly apiKey: string;
  readonly authSecret: string;
  /** Every answer so far, for the secret scan. */
  readonly answers: readonly Answer[];
  /** Sends a request with the path exactly as given (no URL normalisation), as a hostile client can. */
  send(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer>;
  /** An HS256 token signed with the worker's AUTH_SECRET, valid for an hour unless claims say otherwise. */
  token(sub: string, claims?: Record<string, unknown>): Promise<string>;
  /** A `Cookie` header value with a session for `sub`, as sign-in sets it. */
  cookie(sub: string, claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Starts the sandbox over HTTP and the worker in workerd pointed at it. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const sandbox = createSandbox();
  const server = await serveSandbox(sandbox);
  const authSecret = randomBytes(32).toString('base64url');
  const values: Record<string, string | undefined> = {
    API_BASE_URL: server.url,
    API_KEY: sandbox.apiKey,
    AUTH_SECRET: authSecret,
    // Short, so a timeout test waits two seconds rather than ten.
    UPSTREAM_TIMEOUT_MS: '2000',
    ...options.vars,
  };
  const bindings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    bindings[name] = { type: name === 'API_KEY' || name === 'AUTH_SECRET' ? 'secret_text' : 'plain_text', value };
  }
  // wrangler.toml turns the limit on (60 lookups a minute per customer); suites that load many pages as one customer
  // would meet it, so the stack lifts it unless a test asks for its own. defaults.test.ts checks the file's binding.
  if (options.rateLimit !== 'as configured') {
    bindings.RATE_LIMITER = { type: 'ratelimit', namespace_id: '1001', simple: options.rateLimit ?? { limit: 1_000_000, period: 60 } };
  }
  let worker: Awaited<ReturnType<typeof unstable_startWorker>>;
  try {
    worker = await unstable_startWorker({
      config: `${ROOT}wrangler.toml`,
      // A file that does not exist: a developer's own .dev.vars (from `npm start`) must not leak into tests.
      envFiles: [`${ROOT}test/worker/.no-such-env-file`],
      bindings: bindings as never,
      dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, watch: false, persist: false, logLevel: 'warn' } as never,
    });
    await worker.ready;
  } catch (error) {
    await server.close();
    throw error;
  }
  const url = (await worker.url).origin;
  const answers: Answer[] = [];

  return {
    sandbox,
    url,
    apiKey: sandbox.apiKey,
    authSecret,
    answers,
    async send(path, init = {}) {
      const answer = await send(url, path, init);
      answers.push(answer);
      return answer;
    },
    token: (sub, claims = {}) => signToken(authSecret, sub, claims),
    cookie: (sub, claims = {}) => signInCookie(authSecret, sub, claims),
    async close() {
      await worker.dispose();
      await server.close();
    },
  };
}

function send(origin: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: init.method ?? 'GET', headers: init.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          body,
          json: () => JSON.parse(body),
        });
      });
    });
    request.setTimeout(20_000, () => request.destroy(new Error(`no answer to ${path} within 20 s`)));
    request.on('error', reject);
    request.end(init.body);
  });
}
