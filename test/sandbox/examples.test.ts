import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';

// Every `@example` of the sandbox's JSDoc runs as written, against the source, with its imports pointed there.
const SRC = resolve(import.meta.dirname, '../../src');
const IMPORTS: Record<string, string> = {
  'checkout-lookup': `${SRC}/index.ts`,
  'checkout-lookup/testing': `${SRC}/testing/index.ts`,
  'checkout-lookup/testing/node': `${SRC}/testing/node.ts`,
  'checkout-lookup/testing/msw': `${SRC}/testing/msw.ts`,
  'msw/node': 'msw/node',
};
const dir = mkdtempSync(join(tmpdir(), 'sandbox-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const examples = readdirSync(`${SRC}/testing`)
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) =>
    [...readFileSync(`${SRC}/testing/${file}`, 'utf8').matchAll(/@example\n((?: \*(?: .*)?\n)+?) \*(?: @|\/)/g)].map(
      (match, index) => [`${file} #${index + 1}`, match[1]!.replace(/^ \* ?/gm, '')] as const,
    ),
  );

test('the sandbox has examples to run', () => {
  expect(examples.map(([name]) => name)).toEqual(expect.arrayContaining(['create-sandbox.ts #1', 'msw.ts #1', 'node.ts #1', 'seed.ts #1']));
});

test.each(examples)('the example of %s runs as written', async (name, code) => {
  expect(code).toMatch(/^import /); // self-contained: a reader can paste it
  const source = code.replace(/from '([^']+)'/g, (_, specifier: string) => {
    expect(IMPORTS, `${name} imports ${specifier}`).toHaveProperty([specifier]);
    return `from ${JSON.stringify(IMPORTS[specifier])}`;
  });
  const file = join(dir, `${name.replace(/\W+/g, '-')}.ts`);
  writeFileSync(file, `${source}\nexport {};\n`);
  await import(/* @vite-ignore */ file);
});
