import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redact } from '../../src/core/cause.js';
import { getOrder, getSession, isLookupError } from '../../src/index.js';
import { options, order, session } from './helpers.js';

// Whatever the service sends, a lookup ends as data or as a LookupError: never another error, never a hang.
async function outcome(lookup: () => Promise<unknown>): Promise<'data' | 'lookup-error'> {
  try {
    const data = await lookup();
    expect(typeof data).toBe('object');
    return 'data';
  } catch (error) {
    if (!isLookupError(error)) throw error;
    return 'lookup-error';
  }
}

const noRetry = { maxRetries: 0, timeout: 2000 };
const statuses = fc.constantFrom(200, 201, 204, 400, 401, 404, 409, 422, 500, 502);

// Mutates a valid resource: some fields replaced by arbitrary JSON values.
const mutated = (base: Record<string, unknown>) =>
  fc
    .tuple(fc.subarray(Object.keys(base)), fc.array(fc.jsonValue(), { minLength: 1 }))
    .map(([keys, values]) =>
      Object.fromEntries(Object.entries(base).map(([k, v]) => [k, keys.includes(k) ? values[keys.indexOf(k) % values.length] : v])),
    );

describe('whatever the service sends or the caller passes', () => {
  test('any JSON value as the whole body ends as data or a LookupError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), statuses, async (json, status) => {
        const fetch = async () => new Response(status === 204 ? null : JSON.stringify(json), { status });
        await outcome(() => getOrder('ord_ada_1', options(fetch, noRetry)));
        await outcome(() => getSession('cs_open_ada', options(fetch, noRetry)));
      }),
      { numRuns: 300 },
    );
  });

  test('any JSON value as data, and any mutation of a valid resource, ends as data or a LookupError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), mutated(order), mutated(session)), fc.integer({ min: -1, max: 201 }), async (data, code) => {
        const fetch = async () => Response.json({ code, msg: 'm', data });
        await outcome(() => getOrder('ord_ada_1', options(fetch, noRetry)));
        await outcome(() => getSession('cs_open_ada', options(fetch, noRetry)));
      }),
      { numRuns: 300 },
    );
  });

  test('any byte string as a body ends as data or a LookupError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), statuses, async (bytes, status) => {
        const fetch = async () => new Response(status === 204 ? null : bytes, { status });
        await outcome(() => getOrder('ord_ada_1', options(fetch, noRetry)));
      }),
      { numRuns: 300 },
    );
  });

  test('any id either is refused with a TypeError before a request, or travels as one path segment', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), async (id) => {
        let url: URL | undefined;
        const fetch = async (request: Request) => {
          url = new URL(request.url);
          return Response.json({ code: 0, msg: 'ok', data: order });
        };
        try {
          await getOrder(id, options(fetch, noRetry));
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect(url).toBeUndefined();
          return;
        }
        expect(url?.pathname.startsWith('/api/order/')).toBe(true);
        expect(url?.pathname.slice('/api/order/'.length)).not.toContain('/');
        expect(decodeURIComponent(url!.pathname.slice('/api/order/'.length))).toBe(id);
        expect(url?.search).toBe('');
      }),
      { numRuns: 500 },
    );
    // 500 runs: seconds on a loaded machine, so more than the default 5 s test timeout (no assertion is timed).
  }, 30_000);
});

describe('redaction', () => {
  // Keys of visible ASCII rich in the marker's own characters, and texts made of pieces of them and of those characters.
  const char = fc.constantFrom(...'[]redactRE', ...'abcxyz0123456789+/_-');
  const key = fc.string({ unit: char, minLength: 12, maxLength: 40 });
  const pieceOf = (of: string) =>
    fc.oneof(
      fc.tuple(fc.nat(of.length), fc.nat(of.length)).map(([from, to]) => of.slice(Math.min(from, to), Math.max(from, to))),
      fc.string({ unit: char, maxLength: 3 }),
    );
  const stretches = (key: string, text: string) =>
    Array.from({ length: key.length - 11 }, (_, at) => key.slice(at, at + 12).toLowerCase()).filter((part) => text.toLowerCase().includes(part));

  test('leaves no stretch of 12 characters of the key in any text, a key holding [ ] or the letters of redacted included', () => {
    fc.assert(
      fc.property(
        key.chain((k) =>
          fc.tuple(
            fc.constant(k),
            fc.array(pieceOf(k), { maxLength: 8 }).map((parts) => parts.join('')),
          ),
        ),
        ([k, text]) => {
          expect(stretches(k, redact(text, k))).toEqual([]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('a key holding [ beside a stretch of it: nothing of the key next to the marker', () => {
    const k = 'qiy+6gKCfwB[0123456789abcdef';
    const shown = redact(`x qiy+6gKCfwB${k.slice(12)} y`, k);
    expect(shown).not.toContain('qiy+6gKCfwB');
    expect(shown).toMatch(/^x \[redacted\][^a-z0-9]*redacted\] y$/);
    // Two stretches back to back, neither next to the other in the key, are one run: one marker.
    expect(redact(`<${k.slice(0, 12)}${k.slice(-12)}>`, k)).toBe('<[redacted]>');
  });
});
