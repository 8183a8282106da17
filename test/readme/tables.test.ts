import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as sdk from 'checkout-lookup';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';
import { section } from './readme.js';

// The README's option and error tables match the code: the options are those of `LookupOptions` and the SDK takes
// each by that name, the defaults are those `resolveOptions` fills in, and the errors are the classes the package
// exports, each carrying the fields its row names.

/** The rows of the first table of a README section: one array of cells per row, the header row and rule left out. */
function rows(heading: RegExp): string[][] {
  return section(heading)
    .lines.filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .replace(/\\\|/g, '\u0000')
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('\u0000', '|')),
    );
}
const codeOf = (cell: string) => /^`([^`]+)`/.exec(cell)?.[1];
const codesIn = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map(([, code]) => code!);

const options = rows(/^### Options$/);
const errors = rows(/^### Errors$/);

/** A `fetch` that answers every request with `status` and `body` (and the headers given). */
const answering =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  async () =>
    new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
const BASE = { baseUrl: 'https://api.example.com', apiKey: 'sk_test_tables' };
const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error as Error & Record<string, unknown>,
  );

describe("the README's Options table", () => {
  test('lists exactly the options of LookupOptions, in the same order', () => {
    const source = readFileSync(join(repoRoot, 'src/options.ts'), 'utf8');
    const body = source.slice(
      source.indexOf('export interface LookupOptions {'),
      source.indexOf('\n}', source.indexOf('export interface LookupOptions {')),
    );
    const declared = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, name]) => name);
    expect(declared.length).toBeGreaterThan(10);
    expect(options.map(([name]) => codeOf(name!))).toEqual(declared);
  });

  test.each(options.map(([name]) => codeOf(name!)!).filter((name) => name !== 'baseUrl'))('the SDK takes %s by that name', async (name) => {
    // A symbol is no option's valid value: the SDK refuses it naming the option, where an unknown name is "not an option".
    const error = await caught(sdk.getOrder('ord_1', { ...BASE, [name]: Symbol('bad') } as unknown as sdk.LookupOptions));
    expect(error.message).toMatch(new RegExp(`^"${name}" must `));
  });

  test('its defaults are those the SDK fills in', async () => {
    const { resolveOptions } = await import('../../src/core/resolve-options.js');
    const resolved = resolveOptions({ baseUrl: BASE.baseUrl }) as unknown as Record<string, unknown>;
    const documented = Object.fromEntries(options.map(([name, , fallback]) => [codeOf(name!)!, fallback!]));
    // A default cell's code as the value it names: JSON, Date.now or globalThis.fetch; "none" is undefined.
    const named = (cell: string) => {
      const code = codeOf(cell);
      if (code === 'Date.now') return Date.now;
      if (code === 'globalThis.fetch') return globalThis.fetch;
      return code === undefined ? undefined : JSON.parse(code);
    };
    // baseUrl is required; the resolved headers are the SDK's own (accept); dangerouslyAllowBrowser is only checked.
    const compared = Object.keys(documented).filter((name) => !['baseUrl', 'headers', 'dangerouslyAllowBrowser'].includes(name));
    expect(compared.length).toBeGreaterThanOrEqual(9);
    for (const name of compared) expect(resolved[name], name).toEqual(named(documented[name]!));
    expect(documented.baseUrl).toBe('required');
    expect(documented.headers).toBe('none');
    expect(codeOf(documented.dangerouslyAllowBrowser!)).toBe('false');
  });

  test('maxRetries and successCodes behave as their rows say', async () => {
    const failing = await caught(sdk.getOrder('ord_1', { ...BASE, fetch: answering(503, '{"code":503,"msg":"busy","data":null}') }));
    expect(failing.attempts).toBe(Number(codeOf(options.find(([name]) => name === '`maxRetries`')![2]!)) + 1);
    const codes = JSON.parse(codeOf(options.find(([name]) => name === '`successCodes`')![2]!)!) as number[];
    for (const code of codes) {
      const order = await sdk.getOrder('ord_1', { ...BASE, fetch: answering(200, JSON.stringify({ code, msg: 'ok', data: { orderId: 'ord_1' } })) });
      expect(order.orderId).toBe('ord_1');
    }
    const refused = await caught(sdk.getOrder('ord_1', { ...BASE, fetch: answering(200, '{"code":7,"msg":"no","data":{}}') }));
    expect(refused.name).toBe('ApiError');
  });
});

describe("the README's Errors table", () => {
  test('names every error class the package exports but the base class, then TypeError and the signal', () => {
    const exported = Object.entries(sdk)
      .filter(([, value]) => typeof value === 'function' && value.prototype instanceof Error)
      .map(([name]) => name)
      .filter((name) => name !== 'LookupError');
    const named = errors.map(([error]) => error!);
    expect(named.slice(0, -2).map(codeOf).sort()).toEqual(exported.sort());
    expect(named.slice(-2)).toEqual(['`TypeError`', "your signal's `reason`"]);
  });

  test('each error of a request carries the fields of its row, and those of every LookupError', async () => {
    const raised: Record<string, Error & Record<string, unknown>> = {
      ApiError: await caught(
        sdk.getOrder('ord_1', {
          ...BASE,
          maxRetries: 0,
          fetch: answering(503, '{"code":503,"msg":"busy","data":null}', { 'retry-after': '1', 'x-request-id': 'req_1' }),
        }),
      ),
      NetworkError: await caught(
        sdk.getOrder('ord_1', {
          ...BASE,
          maxRetries: 0,
          fetch: async () => {
            throw new TypeError('fetch failed');
          },
        }),
      ),
      TimeoutError: await caught(
        sdk.getOrder('ord_1', {
          ...BASE,
          timeout: 50,
          // A service that never answers: the request waits until the SDK aborts it at the deadline.
          fetch: (request) => new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
        }),
      ),
      ValidationError: await caught(sdk.getOrder('ord_1', { ...BASE, fetch: answering(200, '{"code":0,"msg":"ok","data":{"amountTotal":"1"}}') })),
      InvalidIdError: await caught(sdk.getOrder('', BASE)),
    };
    const prose = section(/^### Errors$/).lines.join(' ');
    const common = /carry (`method`, .*?`elapsedMs`)/.exec(prose)?.[1];
    expect(common).toBeDefined();
    for (const [name, , fields] of errors) {
      const error = raised[codeOf(name!)!];
      if (error === undefined) continue;
      expect(error.name).toBe(codeOf(name!));
      const has = new Set([...Object.keys(error), ...Object.keys((error as { toJSON?: () => object }).toJSON?.() ?? {})]);
      const wanted = codesIn(fields!);
      if (sdk.isLookupError(error)) wanted.push(...codesIn(common!));
      expect(
        wanted.filter((field) => !has.has(field)),
        `${error.name} lacks`,
      ).toEqual([]);
    }
    expect(Object.values(raised).filter((error) => sdk.isLookupError(error))).toHaveLength(4);
  });
});
