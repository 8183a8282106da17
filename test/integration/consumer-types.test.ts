import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildProjects } from '../shared/tsc-build.js';

// A Node-only TypeScript consumer of the BUILT package: no DOM lib, only Node's types, and the package's .d.ts
// checked (skipLibCheck: false). A DOM-only name in the public types (HeadersInit...) fails here with TS2304.
const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'checkout-lookup-consumer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

mkdirSync(join(work, 'node_modules/@types'), { recursive: true });
symlinkSync(root, join(work, 'node_modules/checkout-lookup'), 'dir');
symlinkSync(join(root, 'node_modules/valibot'), join(work, 'node_modules/valibot'), 'dir');
symlinkSync(join(root, 'node_modules/@types/node'), join(work, 'node_modules/@types/node'), 'dir');
symlinkSync(join(root, 'node_modules/undici-types'), join(work, 'node_modules/undici-types'), 'dir');
writeFileSync(join(work, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
writeFileSync(
  join(work, 'index.ts'),
  `import { ApiError, getOrder, getSession, InvalidIdError, isLookupError, type LookupOptions, type Order } from 'checkout-lookup';
import { createSandbox } from 'checkout-lookup/testing';

const options: LookupOptions = {
  baseUrl: 'https://checkout.test/',
  headers: { 'X-Request-Id': 'r1' },
};
export async function total(id: string): Promise<number | null | undefined> {
  try {
    const order: Order = await getOrder(id, options);
    const session = await getSession('cs_1', { ...options, fetch: createSandbox().fetch });
    // @ts-expect-error: a misspelt field is a compile error
    order.amountTotl;
    return order.amountTotal ?? session.amountTotal;
  } catch (error) {
    if (error instanceof InvalidIdError) return null;
    if (error instanceof ApiError) console.log(error.status, error.code, error.retryAfter);
    if (isLookupError(error)) console.log(error.method, error.path, error.attempts, error.elapsedMs);
    throw error;
  }
}
`,
);

const RESOLUTIONS = [
  ['node16', 'node16'],
  ['nodenext', 'nodenext'],
  ['bundler', 'esnext'],
] as const;
for (const [moduleResolution, module] of RESOLUTIONS) {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      types: ['node'],
      module,
      moduleResolution,
      strict: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
      noEmit: true,
    },
    files: ['index.ts'],
  };
  writeFileSync(join(work, `tsconfig.${moduleResolution}.json`), JSON.stringify(config));
}
// The three programs in one tsc process (it parses @types/node and the package's declarations once), started by the
// first test that needs it.
let built: ReturnType<typeof buildProjects> | undefined;
function build(): ReturnType<typeof buildProjects> {
  built ??= buildProjects(
    work,
    RESOLUTIONS.map(([moduleResolution]) => `tsconfig.${moduleResolution}.json`),
  );
  return built;
}

describe('the built package compiles in a Node-only TypeScript project (lib ES2022, types node, skipLibCheck false)', () => {
  test.each(RESOLUTIONS.map(([moduleResolution]) => moduleResolution))('with moduleResolution %s', { timeout: 240_000 }, async (moduleResolution) => {
    const output = (await build()).get(`tsconfig.${moduleResolution}.json`);
    expect(output?.errors).toBe('');
  });
});
