/** True in a page with a DOM window and document (browsers, happy-dom); false in Workers, Deno, Bun and Node. */
export function isBrowser(): boolean {
  return !!((globalThis as { window?: unknown }).window && (globalThis as { document?: unknown }).document);
}
