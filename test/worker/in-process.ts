import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { createSandbox } from 'checkout-lookup/testing';
import type { Sandbox } from 'checkout-lookup/testing';
import worker from '../../worker/index.js';
import type { Bindings } from '../../worker/index.js';
import { type Answer, expectNoSecrets, signInCookie, signToken } from './helpers.js';

// The worker's handler called in this process, Request in and Response out, with the sandbox as its upstream
// through the optional UPSTREAM binding (the sandbox's own `fetch`). The same shape as the workerd harness
// (harness.ts), so a test reads the same against either.

export const ORIGIN = 'https://orders.shop.test';

export interface LocalOptions {
  /** Settings to set or, with `undefined`, leave out. */
  readonly vars?: Readonly<Record<string, string | undefined>>;
  /** A rate limiter in memory with the binding's interface: `limit` calls per key, ever. */
  readonly rateLimit?: { readonly limit: number };
  /** Leave the UPSTREAM binding out (the worker then calls the global fetch). */
  readonly noUpstream?: boolean;
  /** Leave the SIGN_OUTS KV binding out (sign-out then ends the sign-in in that browser only). */
  readonly noSignOuts?: boolean;
  /**
   * The UPSTREAM binding's answer in place of the sandbox's own, e.g. to serve a record the sandbox refuses to store
   * (it checks every record against the SDK's schemas); `sandbox` is this stack's sandbox, for everything else.
   */
  readonly upstream?: (request: Request, sandbox: Sandbox) => Response | Promise<Response>;
}

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Local {
  readonly sandbox: Sandbox;
  readonly url: string;
  readonly apiKey: string;
  readonly authSecret: string;
  readonly env: Bindings;
  readonly answers: readonly Answer[];
  /** The worker's log lines (console.log), parsed. */
  readonly logs: Record<string, unknown>[];
  send(path: string, init?: SendInit): Promise<Answer>;
  /** The Response itself, for tests that drive timers while it is pending. */
  respond(path: string, init?: SendInit): Promise<Response>;
  token(sub: string, claims?: Record<string, unknown>): Promise<string>;
  /** A `Cookie` header value with a session for `sub`, as sign-in sets it. */
  cookie(sub: string, claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const logSinks = new Set<Record<string, unknown>[]>();
const originalLog = console.log;
console.log = (...args: unknown[]) => {
  const [first] = args;
  // The worker's log lines are JSON objects; anything else still reaches the terminal.
  if (args.length === 1 && typeof first === 'string' && first.startsWith('{"requestId"')) {
    for (const sink of logSinks) sink.push(JSON.parse(first) as Record<string, unknown>);
    return;
  }
  originalLog(...args);
};

export function startLocal(options: LocalOptions = {}): Local {
  const sandbox = createSandbox();
  const authSecret = randomBytes(32).toString('base64url');
  const env: Record<string, unknown> = {
    // Never contacted: the binding answers. A name that cannot resolve, in case something bypassed it.
    API_BASE_URL: 'https://checkout.invalid',
    API_KEY: sandbox.apiKey,
    AUTH_SECRET: authSecret,
    UPSTREAM_TIMEOUT_MS: '2000',
  };
  const upstream = options.upstream ?? ((request: Request) => sandbox.fetch(request));
  if (!options.noUpstream) env.UPSTREAM = { fetch: (request: Request) => upstream(request, sandbox) };
  for (const [name, value] of Object.entries(options.vars ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  // The SIGN_OUTS KV namespace, in memory: what a sign-out stores is kept for the stack's life.
  if (!options.noSignOuts) env.SIGN_OUTS = memoryKv();
  if (options.rateLimit) {
    const counts = new Map<string, number>();
    const { limit } = options.rateLimit;
    env.RATE_LIMITER = {
      async limit({ key }: { key: string }) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return { success: counts.get(key)! <= limit };
      },
    };
  }
  const answers: Answer[] = [];
  const logs: Record<string, unknown>[] = [];
  logSinks.add(logs);

  const respond = async (path: string, init: SendInit = {}) =>
    worker.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        ...(init.body === undefined ? {} : { body: init.body }),
        redirect: 'manual',
      }),
      env as Bindings,
    );

  return {
    sandbox,
    url: ORIGIN,
    apiKey: sandbox.apiKey,
    authSecret,
    env: env as Bindings,
    answers,
    logs,
    respond,
    async send(path, init) {
      const answer = await toAnswer(await respond(path, init));
      answers.push(answer);
      return answer;
    },
    token: (sub, claims = {}) => signToken(authSecret, sub, claims),
    cookie: (sub, claims = {}) => signInCookie(authSecret, sub, claims),
    async close() {
      logSinks.delete(logs);
    },
  };
}

/**
 * A stack for the tests of the enclosing file or `describe` block, started at once; when they are done, every answer
 * it gave is scanned for its secrets (the API key and the sign-in secret), and it is closed.
 */
export function useLocalStack(options?: LocalOptions): Local {
  const stack = startLocal(options);
  afterAll(async () => {
    try {
      expectNoSecrets(stack);
    } finally {
      await stack.close();
    }
  });
  return stack;
}

/** Runs `use` on a stack of its own; once it is done, scans every answer the stack gave for its secrets, and closes it. */
export async function withLocalStack<T>(options: LocalOptions, use: (stack: Local) => Promise<T>): Promise<T> {
  const stack = startLocal(options);
  try {
    const result = await use(stack);
    expectNoSecrets(stack);
    return result;
  } finally {
    await stack.close();
  }
}

/** A Response as the harness's Answer: lower-case header names, Set-Cookie as an array, the body as text. */
export async function toAnswer(response: Response): Promise<Answer> {
  const headers: Record<string, string | string[]> = {};
  const rawHeaders: string[] = [];
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    headers[name] = value;
    rawHeaders.push(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) {
    headers['set-cookie'] = cookies;
    for (const cookie of cookies) rawHeaders.push('set-cookie', cookie);
  }
  const body = await response.text();
  return { status: response.status, headers, rawHeaders, body, json: () => JSON.parse(body) };
}

/** A KV namespace in memory with the part of the binding's interface the worker uses. */
export function memoryKv() {
  const entries = new Map<string, string>();
  return {
    entries,
    async get(key: string) {
      return entries.get(key) ?? null;
    },
    async put(key: string, value: string) {
      entries.set(key, value);
    },
  };
}
