import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LookupOptions } from '../../src/index.js';
import { isBrowser } from '../../src/core/browser.js';
import { DEFAULTS, resolveOptions } from '../../src/core/resolve-options.js';
import { BASE, KEY } from './helpers.js';

const fetch = async () => new Response();
const base = { baseUrl: BASE, apiKey: KEY, fetch } satisfies LookupOptions;

/** The message of the TypeError resolveOptions throws for these options. */
function refusal(extra: Record<string, unknown>): string {
  try {
    resolveOptions({ ...base, ...extra } as LookupOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).not.toContain(KEY);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(Object.keys(extra))}`);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveOptions', () => {
  test('fills in every default from one frozen constant', () => {
    const resolved = resolveOptions({ baseUrl: BASE });
    expect(Object.isFrozen(DEFAULTS)).toBe(true);
    expect(Object.isFrozen(DEFAULTS.successCodes)).toBe(true);
    expect(DEFAULTS).toEqual({ timeout: 10_000, maxRetries: 2, maxBodyBytes: 1_048_576, successCodes: [0, 200] });
    expect(resolved).toMatchObject({ baseUrl: BASE, timeout: 10_000, maxRetries: 2, maxBodyBytes: 1_048_576, successCodes: [0, 200] });
    expect(resolved.fetch).toBe(globalThis.fetch);
    expect(resolved.nativeFetch).toBe(true);
    expect(resolved.now).toBe(Date.now);
    expect(resolved.apiKey).toBeUndefined();
    expect(resolved.signal).toBeUndefined();
    expect(resolved.onAttempt).toBeUndefined();
    expect([...resolved.headers]).toEqual([['accept', 'application/json']]);
  });

  test('an option set to undefined takes its default too', () => {
    const resolved = resolveOptions({ baseUrl: BASE, timeout: undefined, maxRetries: undefined, fetch: undefined, now: undefined, successCodes: undefined, maxBodyBytes: undefined, headers: undefined });
    expect(resolved).toMatchObject({ timeout: 10_000, maxRetries: 2, maxBodyBytes: 1_048_576, successCodes: [0, 200], now: Date.now, fetch: globalThis.fetch });
  });

  test('keeps the options given, and tells an injected fetch from the runtime own', () => {
    const signal = new AbortController().signal;
    const now = () => 5;
    const onAttempt = () => {};
    const resolved = resolveOptions({ ...base, signal, now, timeout: 1.5, maxRetries: 0, maxBodyBytes: 1, successCodes: [], onAttempt } as LookupOptions);
    expect(resolved).toMatchObject({ baseUrl: BASE, apiKey: KEY, fetch, nativeFetch: false, signal, now, timeout: 1.5, maxRetries: 0, maxBodyBytes: 1, successCodes: [], onAttempt });
    expect(resolveOptions({ baseUrl: new URL('https://h.test/v1') }).baseUrl).toBe('https://h.test/v1');
  });

  test('sets Accept and X-API-KEY over the caller headers, and deletes an X-API-KEY given without apiKey', () => {
    const headers = resolveOptions({ ...base, headers: { accept: 'text/html', 'x-api-key': 'other', 'X-Trace': 't' } }).headers;
    expect([...headers]).toEqual([['accept', 'application/json'], ['x-api-key', KEY], ['x-trace', 't']]);
    const noKey = resolveOptions({ baseUrl: BASE, headers: [['X-API-KEY', 'other'], ['x-trace', 'a'], ['x-trace', 'b']] }).headers;
    expect([...noKey]).toEqual([['accept', 'application/json'], ['x-trace', 'a, b']]);
    expect([...resolveOptions({ baseUrl: BASE, headers: new Headers({ 'X-A': '1' }) }).headers]).toEqual([['accept', 'application/json'], ['x-a', '1']]);
    // A one-shot iterable is read once.
    const once = new Map([['x-b', '2']]).entries();
    expect(resolveOptions({ baseUrl: BASE, headers: once as never }).headers.get('x-b')).toBe('2');
  });

  test('refuses a bad baseUrl, showing what was received', () => {
    expect(refusal({ baseUrl: 'h.test' })).toBe('"baseUrl" must be an absolute http(s) URL without a query; received "h.test"');
    expect(refusal({ baseUrl: undefined })).toBe('"baseUrl" must be an absolute http(s) URL without a query; received undefined');
  });

  test('refuses an apiKey that is not a non-empty string of visible ASCII, never showing it', () => {
    const rule = '"apiKey" must be a string of visible ASCII characters; received ';
    expect(refusal({ apiKey: 123 })).toBe(`${rule}number`);
    expect(refusal({ apiKey: [KEY] })).toBe(`${rule}an array`);
    expect(refusal({ apiKey: null })).toBe(`${rule}null`);
    expect(refusal({ apiKey: '' })).toBe(`${rule}a string of length 0`);
    expect(refusal({ apiKey: `${KEY}\n` })).toBe(`${rule}a string of length ${KEY.length + 1}`);
    for (const apiKey of [` ${KEY}`, `${KEY}é`, `${KEY}\u007f`, `a\u0000b`]) expect(refusal({ apiKey })).toContain(`${rule}a string of length`);
    expect(resolveOptions({ ...base, apiKey: '!~' }).apiKey).toBe('!~');
  });

  test('refuses a fetch, now or onAttempt that is not a function', () => {
    expect(refusal({ fetch: 'fetch' })).toBe('"fetch" must be a function; received "fetch"');
    expect(refusal({ fetch: null })).toBe('"fetch" must be a function; received null');
    expect(refusal({ now: 5 })).toBe('"now" must be a function; received 5');
    expect(refusal({ onAttempt: {} })).toBe('"onAttempt" must be a function; received object');
    expect(refusal({ onAttempt: null })).toBe('"onAttempt" must be a function; received null');
  });

  test('says when there is no fetch at all', () => {
    vi.stubGlobal('fetch', undefined);
    expect(refusal({ fetch: undefined })).toBe('"fetch" must be a function; received undefined');
  });

  test('refuses a signal that is not an AbortSignal, and takes one from another realm', () => {
    const rule = '"signal" must be an AbortSignal; received ';
    expect(refusal({ signal: {} })).toBe(`${rule}object`);
    expect(refusal({ signal: null })).toBe(`${rule}null`);
    expect(refusal({ signal: true })).toBe(`${rule}true`);
    expect(refusal({ signal: { aborted: 'no', addEventListener() {} } })).toBe(`${rule}object`);
    expect(refusal({ signal: { aborted: false } })).toBe(`${rule}object`);
    const foreign = { aborted: false, addEventListener() {}, removeEventListener() {} };
    expect(resolveOptions({ ...base, signal: foreign as never }).signal).toBe(foreign);
  });

  test('refuses a timeout that is not a number from 1 to below 2^31, showing it', () => {
    const rule = '"timeout" must be a number from 1 to below 2^31; received ';
    expect(refusal({ timeout: '1000' })).toBe(`${rule}"1000"`);
    expect(refusal({ timeout: true })).toBe(`${rule}true`);
    expect(refusal({ timeout: 0 })).toBe(`${rule}0`);
    expect(refusal({ timeout: 0.5 })).toBe(`${rule}0.5`);
    expect(refusal({ timeout: NaN })).toBe(`${rule}NaN`);
    expect(refusal({ timeout: Infinity })).toBe(`${rule}Infinity`);
    expect(refusal({ timeout: 2 ** 31 })).toBe(`${rule}2147483648`);
    expect(refusal({ timeout: null })).toBe(`${rule}null`);
    expect(resolveOptions({ ...base, timeout: 1 }).timeout).toBe(1);
    expect(resolveOptions({ ...base, timeout: 2 ** 31 - 1 }).timeout).toBe(2 ** 31 - 1);
  });

  test('refuses a maxRetries that is not an integer of 0 or more', () => {
    const rule = '"maxRetries" must be an integer, 0 or more; received ';
    expect(refusal({ maxRetries: null })).toBe(`${rule}null`);
    expect(refusal({ maxRetries: 1.5 })).toBe(`${rule}1.5`);
    expect(refusal({ maxRetries: '2' })).toBe(`${rule}"2"`);
    expect(refusal({ maxRetries: -1 })).toBe(`${rule}-1`);
    expect(resolveOptions({ ...base, maxRetries: 0 }).maxRetries).toBe(0);
  });

  test('refuses a maxBodyBytes that is not a positive integer', () => {
    const rule = '"maxBodyBytes" must be a positive integer; received ';
    expect(refusal({ maxBodyBytes: 0 })).toBe(`${rule}0`);
    expect(refusal({ maxBodyBytes: 1.5 })).toBe(`${rule}1.5`);
    expect(refusal({ maxBodyBytes: '1' })).toBe(`${rule}"1"`);
  });

  test('refuses successCodes that are not an array of integers, showing the first that is not', () => {
    const rule = '"successCodes" must be an array of integers; received ';
    expect(refusal({ successCodes: '0,200' })).toBe(`${rule}"0,200"`);
    expect(refusal({ successCodes: 0 })).toBe(`${rule}0`);
    expect(refusal({ successCodes: null })).toBe(`${rule}null`);
    expect(refusal({ successCodes: [0, '200'] })).toBe(`${rule}"200"`);
    expect(refusal({ successCodes: [0.5, 'x'] })).toBe(`${rule}0.5`);
  });

  test('refuses headers that are not headers, naming the entry that is bad but never showing a value', () => {
    const rule = '"headers" must be valid names and values; received ';
    expect(refusal({ headers: 'x-a: 1' })).toBe(`${rule}string`);
    expect(refusal({ headers: null })).toBe(`${rule}null`);
    expect(refusal({ headers: 5 })).toBe(`${rule}number`);
    expect(refusal({ headers: [['x-a']] })).toBe(`${rule}a bad entry for "x-a"`);
    expect(refusal({ headers: [['x-ok', '1'], ['x-a', '1', '2']] })).toBe(`${rule}a bad entry for "x-a"`);
    expect(refusal({ headers: { 'Bad Name': 'x' } })).toBe(`${rule}a bad entry for "Bad Name"`);
    expect(refusal({ headers: { '': 'x' } })).toBe(`${rule}a bad entry for ""`);
    expect(refusal({ headers: { 'x\n': 'x' } })).toBe(`${rule}a bad entry for "x\\u000a"`);
    expect(refusal({ headers: { Authorization: 'Bearer SECRET\r\nX-Forged: 1' } })).toBe(`${rule}a bad entry for "Authorization"`);
    expect(refusal({ headers: { 'X-A': '\0' } })).toBe(`${rule}a bad entry for "X-A"`);
    expect(refusal({ headers: { 'X-A': 'é€' } })).toBe(`${rule}a bad entry for "X-A"`);
    expect(resolveOptions({ ...base, headers: { "!#$%&'*+-.^_`|~09azAZ": ' ÿ\t' } }).headers.get("!#$%&'*+-.^_`|~09azAZ")).toBe('ÿ');
  });

  test('says so when a one-shot list of headers turns out bad: it cannot be read again to name the entry', () => {
    const once = new Map([['bad name', '1']]).entries();
    expect(refusal({ headers: once })).toBe('"headers" must be valid names and values; received object');
  });

  test('refuses a header that runtimes refuse to send, naming it, whatever its case', () => {
    for (const name of ['Transfer-Encoding', 'connection', 'KEEP-ALIVE', 'Upgrade', 'Expect', 'Content-Length'])
      expect(refusal({ headers: { [name]: 'x' } })).toBe(`"headers" must be free of headers runtimes refuse to send; received "${name.toLowerCase()}"`);
    for (const name of ['Connection-Id', 'X-Upgrade', 'Expected']) expect(resolveOptions({ ...base, headers: { [name]: 'x' } }).headers.get(name)).toBe('x');
  });

  test('checks every option before anything is armed: a bad one leaves no timer behind', () => {
    vi.useFakeTimers();
    try {
      refusal({ maxRetries: -1 });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the browser guard', () => {
  const page = { window: {}, document: {} };

  test('a page with no server runtime is a browser; a DOM hosted by Node, Deno or Bun is not', () => {
    expect(isBrowser(page)).toBe(true);
    expect(isBrowser({ ...page, process: {} })).toBe(true);
    expect(isBrowser({ ...page, process: { versions: {} } })).toBe(true);
    expect(isBrowser({ ...page, process: { versions: { node: '24.0.0' } } })).toBe(false);
    expect(isBrowser({ ...page, Deno: {} })).toBe(false);
    expect(isBrowser({ ...page, Bun: {} })).toBe(false);
    expect(isBrowser({ window: {} })).toBe(false);
    expect(isBrowser({ document: {} })).toBe(false);
    expect(isBrowser({})).toBe(false);
    // Here: Node, no DOM.
    expect(isBrowser()).toBe(false);
  });

  /** Runs `call` as in a browser page (a window, a document, no server runtime), synchronously, and puts Node's
   * own process.versions back before anything else runs. */
  function asBrowser<T>(call: () => T): T {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const versions = process.versions;
    Object.defineProperty(process, 'versions', { value: {}, configurable: true });
    try {
      return call();
    } finally {
      Object.defineProperty(process, 'versions', { value: versions, configurable: true });
      vi.unstubAllGlobals();
    }
  }

  test('in a real browser an apiKey is refused, saying what was found and naming dangerouslyAllowBrowser', () => {
    expect(() => asBrowser(() => resolveOptions(base))).toThrow(
      new TypeError(
        '"apiKey" must stay out of browsers (found window and document, not Node, Deno or Bun); "dangerouslyAllowBrowser" is for tests and trusted pages',
      ),
    );
    expect(() => asBrowser(() => resolveOptions({ ...base, dangerouslyAllowBrowser: false }))).toThrow(TypeError);
  });

  test('in a real browser, no apiKey (a proxy holds it) or dangerouslyAllowBrowser passes', () => {
    expect(asBrowser(() => resolveOptions({ baseUrl: BASE, fetch })).apiKey).toBeUndefined();
    expect(asBrowser(() => resolveOptions({ ...base, dangerouslyAllowBrowser: true })).apiKey).toBe(KEY);
  });

  test('a DOM hosted by Node (vitest happy-dom, jsdom) lets an apiKey through', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(resolveOptions(base).apiKey).toBe(KEY);
  });
});
