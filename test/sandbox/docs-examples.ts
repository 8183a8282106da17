import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
// The ProvidedContext entry `docExamples`, for the global setups that call this.
import type {} from '../shared/doc-examples-context.js';

// The TypeScript examples of docs/testing.md, written out as modules so a test project runs them as written. A
// block whose first line is `// name.ts` becomes that file (`// worker.test.ts` an example like the others); any
// other block becomes `example-N.ts`. A block importing vitest declares its tests; any other block is a script, which
// runs when its file is imported (a throw fails it), given one test that says so. A project's global setup writes
// them, and its `guide-examples.test.ts` imports each `example-N.ts` in a `describe` of its own.
const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Writes the examples of docs/testing.md that `pick` selects into `dir`, imports rewritten by `rewrite`.
 *
 * @returns How many `example-N.ts` files it wrote.
 */
export function writeDocExamples(
  dir: string,
  pick: (code: string) => boolean,
  rewrite: (specifier: string, dir: string) => string = (s) => s,
): number {
  const doc = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.gitignore'), '*\n');
  let count = 0;
  let examples = 0;
  for (const [, block] of doc.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const code = block!;
    if (!pick(code) || /^\/\/ vitest\.config\.ts/.test(code)) continue;
    const named = /^\/\/ ([\w.-]+\.ts)\n/.exec(code)?.[1];
    const source = code.replace(/from '([^']+)'/g, (_, specifier: string) => `from '${rewrite(specifier, dir)}'`);
    count += 1;
    if (named !== undefined && !named.endsWith('.test.ts')) {
      writeFileSync(join(dir, named), source);
      continue;
    }
    examples += 1;
    if (named !== undefined || /from 'vitest'/.test(code)) writeFileSync(join(dir, `example-${count}.ts`), source);
    else
      writeFileSync(
        join(dir, `example-${count}.ts`),
        `${source}\nimport { test as ranAsWritten } from 'vitest';\nranAsWritten('runs as written', () => {});\n`,
      );
  }
  return examples;
}

/** Orders `example-2.ts` before `example-10.ts`. */
export function byNumber(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Points the package's own specifiers at its sources, relative to `dir`. */
export function toSources(specifier: string, dir: string): string {
  const sources: Record<string, string> = {
    'checkout-lookup': 'src/index.ts',
    'checkout-lookup/testing': 'src/testing/index.ts',
    'checkout-lookup/testing/node': 'src/testing/node.ts',
    'checkout-lookup/testing/msw': 'src/testing/msw.ts',
  };
  const target = sources[specifier];
  return target === undefined ? specifier : relative(dir, join(ROOT, target)).replace(/\.ts$/, '.js');
}
