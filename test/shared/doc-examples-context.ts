// What a project's global setup hands its guide-examples.test.ts (test/sandbox/docs-examples.ts writes the files). A
// module of its own with no import, so the Workers program of msw-workers sees it without the Node-side writer.
export {};

declare module 'vitest' {
  interface ProvidedContext {
    /** How many `example-N.ts` files the project's global setup wrote: what its `guide-examples.test.ts` must find. */
    docExamples: number;
  }
}
