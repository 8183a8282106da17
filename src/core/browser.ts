/** True in a page with a DOM window and document (browsers, happy-dom); false in Workers, Deno, Bun and Node. */
export function isBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return !!scope.window && !!scope.document;
}
