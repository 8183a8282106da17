import * as v from 'valibot';
import { CheckoutSessionSchema } from '../schemas/checkout-session.js';
import { OrderSchema } from '../schemas/order.js';
import { checkId } from './ids.js';

/** The deepest nesting a record or a control API body may have (objects and arrays inside one another). */
export const MAX_DEPTH = 32;

const RECORDS = {
  order: { schema: OrderSchema, field: 'orderId' },
  session: { schema: CheckoutSessionSchema, field: 'sessionId' },
} as const;

/**
 * Checks a record before the sandbox stores it: its id, its nesting and every field with the SDK's own schema, so
 * the sandbox never serves what the SDK rejects. Throws a `TypeError` naming the record and the field, or the SDK's
 * own `InvalidIdError` for an id it would not request.
 */
export function checkRecord(kind: 'order' | 'session', record: unknown, name: string = kind): void {
  const { schema, field } = RECORDS[kind];
  if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new TypeError(`"${name}" must be an object`);
  const id = (record as Record<string, unknown>)[field];
  if (typeof id !== 'string' || id === '') throw new TypeError(`"${name}.${field}" must be a non-empty string`);
  checkId(id);
  checkDepth(record, name);
  const result = v.safeParse(schema, record, { abortEarly: true });
  const issue = result.issues?.[0];
  if (issue === undefined) return;
  const path = (issue.path ?? []).map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`)).join('');
  throw new TypeError(
    `${kind} ${JSON.stringify(id)}: "${name}${path}" must be ${article(issue.expected)}, not ${describe(issue.input)}; the SDK would reject it`,
  );
}

/** Throws a `TypeError` when `value` nests objects or arrays deeper than `MAX_DEPTH`; walks without recursion. */
export function checkDepth(value: unknown, name: string): void {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_DEPTH) throw new TypeError(`"${name}" is nested more than ${MAX_DEPTH} levels deep`);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
}

function article(expected: string | null): string {
  if (expected === null) return 'something else';
  // valibot writes alternatives as `"a" | "b"`, and object or array as `Object` / `Array`.
  if (expected.includes('|')) return `one of ${expected}`;
  const word = expected.replace(/^Object$/, 'object').replace(/^Array$/, 'array');
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'string') return `the string ${JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input)}`;
  if (typeof input === 'object') return 'an object';
  return `${typeof input} ${String(input)}`;
}

/**
 * Checks seed records: `orders` and `sessions` arrays, each record as `checkRecord` does, and no id twice. `name`
 * prefixes the field names in messages (`seed.` for `createSandbox`, nothing for a seed file).
 */
export function checkSeed(seed: { orders?: unknown; sessions?: unknown }, name = ''): void {
  for (const [list, kind, field] of [
    ['orders', 'order', 'orderId'],
    ['sessions', 'session', 'sessionId'],
  ] as const) {
    const records = seed[list];
    if (records === undefined) continue;
    if (!Array.isArray(records)) throw new TypeError(`"${name}${list}" must be an array`);
    const seen = new Map<string, number>();
    records.forEach((record: unknown, index) => {
      const at = `${name}${list}[${index}]`;
      try {
        checkRecord(kind, record, at);
      } catch (error) {
        // The SDK's message says what is wrong with the id; in a list, also say which record has it.
        if ((error as Error).name === 'InvalidIdError') throw new TypeError(`"${at}.${field}": ${(error as Error).message}`);
        throw error;
      }
      const id = (record as Record<string, string>)[field]!;
      const first = seen.get(id);
      if (first !== undefined)
        throw new TypeError(
          `"${name}${list}[${index}].${field}" repeats ${JSON.stringify(id)}, the id of "${name}${list}[${first}]"; each ${kind} needs its own id`,
        );
      seen.set(id, index);
    });
  }
}
