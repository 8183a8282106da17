import { checkDepth } from './check-record.js';
import { checkId } from './ids.js';
import { FaultBodySchema, parseInput, ScenarioSchema } from './inputs.js';
import type { Family, Registry } from './registry.js';
import { encoder, JSON_HEADERS } from './respond.js';
import type { Sandbox, SandboxCheckoutSession, SandboxOrder } from './types.js';

/** The reserved path prefix of the control API, after the sandbox's `basePath`. */
export const CONTROL_PREFIX = '/__sandbox';
/** The largest control API body read: 1 MiB. A larger one is answered 413 and not read further. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What the control API drives: the sandbox itself, and its faults and scenarios by id. */
export interface Controlled {
  readonly sandbox: Sandbox;
  readonly registry: Registry;
  readonly sameKey: (presented: string) => Promise<boolean>;
}

type Handler = (request: Request, id: string) => Response | Promise<Response>;
type Routes = Record<string, Partial<Record<string, Handler>>>;

/** The control API: `handle(request, path)` answers `path`, the part after `/__sandbox`. */
export function createControl({ sandbox, registry, sameKey }: Controlled) {
  const removeById = (family: Family) => (_: Request, id: string) =>
    registry.remove(family, id) ? empty() : fail(404, `no active ${family} ${JSON.stringify(id)} (removed, used up or never added)`);

  const records = <T>(
    kind: 'order' | 'session',
    field: 'orderId' | 'sessionId',
    get: (id: string) => T | undefined,
    put: (record: T) => void,
    remove: (id: string) => boolean,
  ): Partial<Record<string, Handler>> => ({
    GET: (_, id) => found(get(id), `no ${kind} ${JSON.stringify(id)}`),
    PUT: async (request, id) => {
      checkId(id);
      const body = await readObject(request, kind);
      if (body[field] !== undefined && body[field] !== id) {
        return fail(400, `"${field}" must be ${JSON.stringify(id)}, the id in the path, or left out`);
      }
      const existed = get(id) !== undefined;
      put({ ...body, [field]: id } as T);
      return json(existed ? 200 : 201, get(id));
    },
    DELETE: (_, id) => (remove(id) ? empty() : fail(404, `no ${kind} ${JSON.stringify(id)}`)),
  });

  const routes: Routes = {
    'orders/:id': records<SandboxOrder>('order', 'orderId', sandbox.getOrder, sandbox.putOrder, sandbox.deleteOrder),
    'sessions/:id': records<SandboxCheckoutSession>('session', 'sessionId', sandbox.getSession, sandbox.putSession, sandbox.deleteSession),
    faults: {
      POST: async (request) => {
        const { target, fault } = parseInput(FaultBodySchema, await readObject(request, 'fault'), '');
        return json(201, { id: registry.addFault(target, fault) });
      },
      GET: () => json(200, { ids: registry.ids('fault') }),
      DELETE: () => {
        sandbox.clearFaults();
        return empty();
      },
    },
    'faults/:id': { DELETE: removeById('fault') },
    scenarios: {
      POST: async (request) => {
        const scenario = parseInput(ScenarioSchema, await readObject(request, 'scenario'), 'scenario');
        return json(201, { id: registry.addScenario(scenario) });
      },
      GET: () => json(200, { ids: registry.ids('scenario') }),
    },
    'scenarios/:id': { DELETE: removeById('scenario') },
    log: {
      GET: () => json(200, { entries: sandbox.log }),
      DELETE: () => {
        sandbox.clearLog();
        return empty();
      },
    },
    reset: {
      POST: () => {
        sandbox.reset();
        return empty();
      },
    },
  };

  return async function handle(request: Request, path: string): Promise<Response> {
    const presented = request.headers.get('x-api-key');
    if (presented === null || presented === '') return fail(401, 'the control API needs the sandbox key in X-API-KEY');
    if (!(await sameKey(presented))) return fail(401, 'X-API-KEY is not the sandbox key');

    const [, name, encoded, extra] = /^\/([^/]+)(?:\/([^/]+))?(\/.*)?$/.exec(path) ?? [];
    const methods = name === undefined || extra !== undefined ? undefined : routes[encoded === undefined ? name : `${name}/:id`];
    if (methods === undefined) return fail(404, `no control route ${request.method} ${CONTROL_PREFIX}${path}; see docs/testing.md`);
    const handler = methods[request.method];
    if (handler === undefined) {
      const allow = Object.keys(methods).join(', ');
      return fail(405, `${request.method} is not allowed on ${CONTROL_PREFIX}${path}; use ${allow}`, { allow });
    }
    let id = '';
    try {
      id = encoded === undefined ? '' : decodeURIComponent(encoded);
    } catch {
      return fail(400, `the id in ${CONTROL_PREFIX}${path} is not valid percent-encoding`);
    }
    try {
      return await handler(request, id);
    } catch (error) {
      if (error instanceof TooLarge) return fail(413, error.message);
      if (error instanceof BadRequest || error instanceof TypeError) return fail(400, error.message);
      throw error;
    }
  };
}

class BadRequest extends Error {
  override name = 'BadRequest' as const;
}
class TooLarge extends Error {
  override name = 'TooLarge' as const;
  constructor() {
    super(`the body is larger than ${MAX_BODY_BYTES} bytes (1 MiB), the control API's limit`);
  }
}

/** The body as text; a `TooLarge` as soon as it is declared or read past `MAX_BODY_BYTES`, reading no further. */
async function readText(request: Request): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) throw new TooLarge();
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      // Not cancelled: over HTTP that would close the connection before the 413 is sent. The server drops the rest.
      reader.releaseLock();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The request body as a JSON object, or a `BadRequest` saying what is wrong with it. */
async function readObject(request: Request, what: string): Promise<Record<string, unknown>> {
  const text = await readText(request);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequest(
      text.trim() === '' ? `the body must be a JSON ${what} object; it is empty` : `the body must be a JSON ${what} object; it is not valid JSON`,
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequest(`the body must be a JSON ${what} object`);
  checkDepth(body, what);
  return body as Record<string, unknown>;
}

function found(value: unknown, missing: string): Response {
  return value === undefined ? fail(404, missing) : json(200, value);
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(encoder.encode(JSON.stringify(value)), { status, headers: { ...JSON_HEADERS, ...headers } });
}

function fail(status: number, error: string, headers: Record<string, string> = {}): Response {
  return json(status, { error }, headers);
}

function empty(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
