import { checkRecord, checkSeed } from './check-record.js';
import { CONTROL_PREFIX, createControl } from './control.js';
import { corsPolicy, withCors } from './cors.js';
import { sleep } from '../core/sleep.js';
import { faultDelay, faultResponse } from './faults.js';
import { FaultSchema, FaultTargetSchema, parseInput, ScenarioSchema } from './inputs.js';
import { optionRefusal } from '../core/resolve-options.js';
import { logEntry, type MutableLogEntry } from './log.js';
import { withRequestId } from './request-id.js';
import { encoder, envelope } from './respond.js';
import { createRegistry } from './registry.js';
import { SANDBOX_ORDERS, SANDBOX_SESSIONS } from './seed.js';
import type { Sandbox, SandboxCheckoutSession, SandboxOptions, SandboxOrder, SandboxRoute, SandboxSeed } from './types.js';

const DEFAULTS = Object.freeze({ clockSkewMs: 300_000, seed: true, basePath: '', logLimit: 1000 });
const ROUTES: readonly [SandboxRoute, RegExp][] = [
  ['order', /^\/api\/order\/([^/]+)$/],
  ['session', /^\/api\/checkout\/session\/([^/]+)$/],
];

/**
 * Creates a stand-in for the checkout service: both endpoints, key and timestamp checks, seeded
 * records, faults and scenarios on demand and a request log. Runs in any runtime with `fetch` and Web Crypto.
 * Its `fetch` also answers the control API under `/__sandbox/` (after `basePath`), with the sandbox's key in
 * X-API-KEY: records, faults, scenarios, the log and reset over HTTP (see docs/testing.md).
 *
 * @param options Key, clock, clock skew, seeding, path prefix, log size and CORS (any origin unless narrowed).
 * @returns A sandbox whose `fetch` can be passed as the SDK's `fetch` option.
 * @throws {TypeError} When an option has the wrong type.
 * @example
 * import { getOrder } from 'checkout-lookup';
 * import { createSandbox, SANDBOX_IDS } from 'checkout-lookup/testing';
 *
 * const sandbox = createSandbox();
 * const order = await getOrder(SANDBOX_IDS.orders.ada, {
 *   baseUrl: 'https://sandbox.test',
 *   apiKey: sandbox.apiKey,
 *   fetch: sandbox.fetch,
 * });
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  if (typeof options !== 'object' || options === null) throw new TypeError('"options" must be an object');
  const clockSkewMs = options.clockSkewMs ?? DEFAULTS.clockSkewMs;
  const seed = seedOf(options.seed ?? DEFAULTS.seed);
  const basePath = options.basePath ?? DEFAULTS.basePath;
  const logLimit = options.logLimit ?? DEFAULTS.logLimit;
  const now = options.now ?? Date.now;
  checkOptions(options, clockSkewMs, basePath, logLimit);
  const cors = corsPolicy(options.cors);

  // Generated on first use: Workers forbid random values at global scope, where a sandbox may be created.
  let apiKey = options.apiKey;
  let keyDigest: Promise<Uint8Array> | undefined;
  const key = () => (apiKey ??= randomKey());

  const orders = new Map<string, SandboxOrder>();
  const sessions = new Map<string, SandboxCheckoutSession>();
  const registry = createRegistry({ orders, sessions, now });
  const log: MutableLogEntry[] = [];

  const putOrder = (order: SandboxOrder) => {
    checkRecord('order', order);
    orders.set(order.orderId, structuredClone(order));
  };
  const putSession = (session: SandboxCheckoutSession) => {
    checkRecord('session', session);
    sessions.set(session.sessionId, structuredClone(session));
  };
  const reset = () => {
    orders.clear();
    sessions.clear();
    seed.orders?.forEach(putOrder);
    seed.sessions?.forEach(putSession);
    registry.clear();
    log.length = 0;
  };
  reset();

  async function handle(request: Request): Promise<Response> {
    // As fetch does: an aborted request never reaches the service.
    if (request.signal.aborted) throw request.signal.reason;
    const url = new URL(request.url);
    const control = controlPath(url.pathname);
    if (control !== undefined) return controlApi(request, control);
    const entry = logEntry(request, url, now());
    log.push(entry);
    if (log.length > logLimit) log.splice(0, log.length - logLimit);

    const match = route(url.pathname);
    if (match === undefined) return envelope(entry, 404, 404, 'not found');
    const [name, id] = match;
    const record = id === undefined ? undefined : name === 'order' ? orders.get(id) : sessions.get(id);

    const fault = id === undefined ? undefined : registry.take(name, id);
    if (fault !== undefined) {
      const delay = faultDelay(fault);
      if (delay > 0) await sleep(delay, request.signal);
      const answer = faultResponse(fault, entry, request.signal, record ?? (name === 'order' ? { orderId: id } : { sessionId: id }));
      if (answer !== undefined) return answer;
    }

    if (request.method !== 'GET') return envelope(entry, 405, 405, 'method not allowed', null, { allow: 'GET' });
    const presented = request.headers.get('x-api-key');
    if (presented === null || presented === '') return envelope(entry, 401, 401, 'missing X-API-KEY');
    if (!(await sameKey(presented))) return envelope(entry, 401, 401, 'invalid X-API-KEY');
    const timestamp = request.headers.get('x-timestamp');
    if (timestamp === null || timestamp === '') return envelope(entry, 401, 401, 'missing X-Timestamp');
    if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now() - Number(timestamp)) > clockSkewMs) {
      return envelope(entry, 401, 401, 'X-Timestamp must be the current time in milliseconds since the epoch');
    }
    if (id === undefined) return envelope(entry, 404, 404, `${name === 'order' ? 'order' : 'checkout session'} not found`);
    if (name === 'session') registry.arriving(id);
    registry.settle();
    const current = name === 'order' ? orders.get(id) : sessions.get(id);
    if (current === undefined) return envelope(entry, 404, 404, `${name === 'order' ? 'order' : 'checkout session'} not found`);
    const answer = envelope(entry, 200, 0, 'success', current);
    if (name === 'session') registry.answered(id);
    return answer;
  }

  // The control API's own requests stay out of the log: it is the log of what the service was asked.
  function controlPath(pathname: string): string | undefined {
    const prefix = basePath + CONTROL_PREFIX;
    if (!pathname.startsWith(prefix)) return undefined;
    const rest = pathname.slice(prefix.length);
    return rest === '' || rest.startsWith('/') ? rest : undefined;
  }

  function route(pathname: string): [SandboxRoute, string | undefined] | undefined {
    if (!pathname.startsWith(basePath)) return undefined;
    const rest = pathname.slice(basePath.length);
    for (const [name, pattern] of ROUTES) {
      const segment = pattern.exec(rest)?.[1];
      if (segment === undefined) continue;
      try {
        return [name, decodeURIComponent(segment)];
      } catch {
        return [name, undefined]; // a malformed escape names no record
      }
    }
    return undefined;
  }

  // Compares digests, so the time taken says nothing about the key, not even its length.
  async function sameKey(presented: string): Promise<boolean> {
    keyDigest ??= digest(key());
    const [expected, actual] = await Promise.all([keyDigest, digest(presented)]);
    let difference = 0;
    for (let i = 0; i < expected.length; i++) difference |= expected[i]! ^ actual[i]!;
    return difference === 0;
  }

  const fetch = (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    try {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      return (cors === undefined ? handle(request) : withCors(request, cors, handle)).then(withRequestId);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  const sandbox: Sandbox = {
    get apiKey() {
      return key();
    },
    fetch,
    getOrder(id) {
      registry.settle();
      const order = orders.get(id);
      return order === undefined ? undefined : structuredClone(order);
    },
    getSession(id) {
      registry.settle();
      const session = sessions.get(id);
      return session === undefined ? undefined : structuredClone(session);
    },
    putOrder,
    putSession,
    deleteOrder: (id) => orders.delete(id),
    deleteSession: (id) => sessions.delete(id),
    fault(target, fault) {
      const id = registry.addFault(parseInput(FaultTargetSchema, target, 'target'), parseInput(FaultSchema, fault, 'fault'));
      return () => void registry.remove('fault', id);
    },
    clearFaults: () => registry.clear('fault'),
    scenario(scenario) {
      const id = registry.addScenario(parseInput(ScenarioSchema, scenario, 'scenario'));
      return () => void registry.remove('scenario', id);
    },
    reset,
    get log() {
      return log;
    },
    clearLog() {
      log.length = 0;
    },
  };
  const controlApi = createControl({ sandbox, registry, sameKey });
  return sandbox;
}

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `sk_sandbox_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** The records a sandbox starts with and goes back to; copies, so a caller's later changes do not leak in. */
function seedOf(seed: boolean | SandboxSeed): SandboxSeed {
  if (seed === true) return { orders: SANDBOX_ORDERS, sessions: SANDBOX_SESSIONS };
  if (seed === false) return {};
  if (typeof seed !== 'object' || seed === null) throw new TypeError('"seed" must be true, false or { orders, sessions }');
  checkSeed(seed, 'seed.');
  return structuredClone({ orders: seed.orders ?? [], sessions: seed.sessions ?? [] });
}

function checkOptions(options: SandboxOptions, clockSkewMs: number, basePath: string, logLimit: number): void {
  const wrong = options.apiKey === undefined ? undefined : optionRefusal('apiKey', options.apiKey);
  if (wrong !== undefined) throw new TypeError(`"apiKey" ${wrong}`);
  if (!(typeof clockSkewMs === 'number' && clockSkewMs >= 0)) throw new TypeError('"clockSkewMs" must be a non-negative number');
  if (options.now !== undefined && typeof options.now !== 'function') throw new TypeError('"now" must be a function');
  if (typeof basePath !== 'string' || (basePath !== '' && (!basePath.startsWith('/') || basePath.endsWith('/')))) {
    throw new TypeError('"basePath" must start with "/" and not end with "/", such as "/v1"');
  }
  if (!(Number.isInteger(logLimit) && logLimit >= 0)) throw new TypeError('"logLimit" must be a non-negative integer');
}
