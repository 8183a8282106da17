import { ValidationError } from '../errors.js';
import { kindOf } from './issues.js';

/** The service's response envelope, read loosely: `data` is checked by the resource's schema afterwards. */
export interface Envelope {
  readonly code: number;
  readonly msg: string | undefined;
  readonly data: unknown;
}

const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

/** Parses a body as JSON, or returns `undefined` when it is not JSON. */
export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

/** Reads the envelope `{ code, msg, data }` from a parsed body, or `undefined` when the body has none. */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { code, msg, data } = body as Record<string, unknown>;
  if (!Number.isInteger(code)) return undefined;
  return { code: code as number, msg: typeof msg === 'string' ? msg : undefined, data };
}

/** The envelope of a 2xx answer, or a `ValidationError` saying how the body falls short of one. */
export function requireEnvelope(bytes: Uint8Array): Envelope {
  const body = parseJson(bytes);
  if (body === undefined) {
    throw new ValidationError([{ path: '', message: 'expected a JSON body, received a body that is not JSON' }]);
  }
  const envelope = readEnvelope(body);
  if (envelope === undefined) {
    throw new ValidationError([
      { path: 'code', message: `expected an envelope with an integer code, received ${describeEnvelope(body)}` },
    ]);
  }
  return envelope;
}

function describeEnvelope(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return kindOf(body);
  return `code of type ${kindOf((body as Record<string, unknown>)['code'])}`;
}
