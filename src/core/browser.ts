/** The globals that tell a browser page from a server runtime. */
export interface BrowserGlobals {
  window?: unknown;
  document?: unknown;
  process?: { versions?: { node?: unknown } | undefined } | undefined;
  Deno?: unknown;
  Bun?: unknown;
}

/**
 * True in a real browser page: a DOM window and document, and no server runtime. A DOM hosted by Node, Deno or Bun
 * (vitest's happy-dom or jsdom environments) is not a browser, so test runners work; Workers have no document.
 */
export function isBrowser(global: BrowserGlobals = globalThis): boolean {
  return !!(global.window && global.document) && !(global.process?.versions?.node || global.Deno || global.Bun);
}
