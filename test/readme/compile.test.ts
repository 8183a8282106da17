import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { DENO } from '../shared/run.js';
import { buildProjects } from '../shared/tsc-build.js';
import { type CodeBlock, codeBlocks, consumerProject, quickstartBlocks, section, shippedDocs } from './readme.js';

// Every TypeScript and JavaScript block of README.md and docs/ compiled as a strict consumer would, against the
// packed package: strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, module nodenext; Node's types only
// (no DOM) for Node examples, bun-types for Bun, `deno check` for Deno. Worker blocks compile with the compiler
// options of the tsconfig.json the README's Workers quickstart has its reader write, as written (its `lib` and
// `types` too), with the strict settings above only where it sets nothing: a step it leaves out fails here.
// The runnable ones run elsewhere: quickstarts.test.ts, environments.test.ts, test/sandbox and test/msw-workers.
const { app }: Packed = inject('packed');
const consumer = consumerProject(app);
afterAll(() => rmSync(consumer, { recursive: true, force: true }));

type Kind = 'node' | 'workers' | 'bun' | 'deno';

/** Where a block runs, from what it uses; the file name its first line gives, if any. */
function kindOf(block: CodeBlock): Kind {
  if (/\bDeno\./.test(block.code)) return 'deno';
  if (/\bBun\./.test(block.code)) return 'bun';
  if (/ExportedHandler|^\/\/ worker(\.test)?\.ts$|(?<![.\w])env\.API_/m.test(block.code)) return 'workers';
  return 'node';
}
const nameOf = (block: CodeBlock) => /^\/\/ ([\w.-]+\.[cm]?[jt]s)\s*$/m.exec(block.code.split('\n', 1)[0]!)?.[1];

// The README's two-line teaser runs inside a Worker's fetch handler, where `env` is its argument: declared here.
const PRELUDES: Array<[RegExp, string]> = [
  [
    /^import \{ getOrder \} from 'checkout-lookup';\nconst order = await getOrder\('ord_123', \{ baseUrl: env\./,
    'declare const env: { API_BASE_URL: string; API_KEY: string };\n',
  ],
];

const STRICT = {
  target: 'ES2022',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
  noEmit: true,
};
/** The `compilerOptions` of the README's Workers quickstart: its `json` block, the step that writes tsconfig.json. */
function workersQuickstartOptions(): Record<string, unknown> {
  const tsconfig = quickstartBlocks(/^### Cloudflare Workers$/).find((block) => block.lang === 'json');
  if (tsconfig === undefined) throw new Error('the Workers quickstart of README.md writes no tsconfig.json (a json block)');
  const { compilerOptions } = JSON.parse(tsconfig.code) as { compilerOptions?: Record<string, unknown> };
  if (compilerOptions === undefined) throw new Error(`README.md:${tsconfig.line}: the tsconfig.json block has no compilerOptions`);
  return compilerOptions;
}
const README_WORKERS = workersQuickstartOptions();
const SETTINGS: Record<Exclude<Kind, 'deno'>, object> = {
  node: { lib: ['ES2022'], types: ['node'] },
  workers: README_WORKERS,
  bun: { lib: ['ESNext'], types: ['bun-types'] },
};

let workersQuickstart: string | undefined;
const blocks = shippedDocs().flatMap((file) => codeBlocks(file, ['ts', 'typescript', 'js', 'mjs']));
const written = new Map<Kind, string[]>();
const files = new Map<Kind, number>();
const headings = new Map<string, Kind[]>();
let count = 0;
for (const block of blocks) {
  const kind = kindOf(block);
  const folder = join(consumer, 'blocks', kind, String(++count));
  mkdirSync(folder, { recursive: true });
  const name = nameOf(block) ?? `block.${block.lang === 'js' ? 'mjs' : 'ts'}`;
  const prelude = PRELUDES.find(([pattern]) => pattern.test(block.code))?.[1] ?? '';
  // `export {}` keeps a block without imports a module of its own, so no two blocks share a global scope.
  writeFileSync(join(folder, name), `${prelude}${block.code}export {};\n`);
  // A test file that imports './worker.js' gets the `// worker.ts` block shown before it in the same file.
  if (/from '\.\/worker\.js'/.test(block.code)) {
    const worker = blocks.filter((other) => other.file === block.file && other.line < block.line && nameOf(other) === 'worker.ts').at(-1);
    if (worker === undefined) throw new Error(`${block.file}:${block.line} imports ./worker.js, but no // worker.ts block comes before it`);
    writeFileSync(join(folder, 'worker.ts'), worker.code);
  }
  if (block.file === 'README.md' && block.heading === '### Cloudflare Workers') workersQuickstart = relative(consumer, folder);
  written.set(kind, [...(written.get(kind) ?? []), `${block.file}:${block.line}`]);
  headings.set(`${block.file} ${block.heading}`, [...(headings.get(`${block.file} ${block.heading}`) ?? []), kind]);
  files.set(kind, (files.get(kind) ?? 0) + (/from '\.\/worker\.js'/.test(block.code) ? 2 : 1));
}

// The three tsc programs, one per runtime, in one tsc process (it parses each declaration file once), which also
// lists each program's files (absolute paths, one a line); started by the first test that needs it.
const TSC_KINDS = ['node', 'workers', 'bun'] as const;
for (const kind of TSC_KINDS) {
  writeFileSync(
    join(consumer, `tsconfig.${kind}.json`),
    JSON.stringify({ compilerOptions: { ...STRICT, ...SETTINGS[kind] }, include: [`blocks/${kind}/**/*.ts`, `blocks/${kind}/**/*.mjs`] }, null, 2),
  );
}
// The Workers quickstart alone, with the compiler options of its tsconfig.json as written, and the same less the
// `lib` line its step says to keep.
if (workersQuickstart === undefined) throw new Error('README.md\'s "### Cloudflare Workers" quickstart has no TypeScript block');
const QUICKSTART = 'tsconfig.workers-quickstart.json';
const WITHOUT_LIB = 'tsconfig.workers-without-lib.json';
const { lib: _lib, ...withoutLib } = README_WORKERS;
for (const [name, compilerOptions] of [
  [QUICKSTART, README_WORKERS],
  [WITHOUT_LIB, withoutLib],
] as const) {
  writeFileSync(join(consumer, name), JSON.stringify({ compilerOptions, include: [`${workersQuickstart}/*.ts`] }, null, 2));
}
let built: ReturnType<typeof buildProjects> | undefined;
function build(): ReturnType<typeof buildProjects> {
  built ??= buildProjects(consumer, [...TSC_KINDS.map((kind) => `tsconfig.${kind}.json`), QUICKSTART, WITHOUT_LIB], ['--listFiles']);
  return built;
}

/** Runs a checker in the consumer project: its output, and whether it failed. */
function check(
  program: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ failed: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const environment: Record<string, string | undefined> = { ...process.env, ...env };
    delete environment.NODE_OPTIONS;
    execFile(program, args, { cwd: consumer, env: environment, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ failed: error !== null, stdout, stderr }),
    );
  });
}

/** The checker's output when it failed, else `undefined`. */
async function compile(program: string, args: readonly string[], env: Record<string, string> = {}): Promise<string | undefined> {
  const { failed, stdout, stderr } = await check(program, args, env);
  return failed ? `${stdout}\n${stderr}`.replaceAll(consumer, '<consumer>') : undefined;
}

describe('every code block in README.md and docs/ compiles as a strict consumer would', () => {
  test('the blocks are found: quickstarts for Workers, Deno, Bun and Node, and the testing guide', () => {
    expect(written.get('workers')?.length).toBeGreaterThanOrEqual(3);
    expect(written.get('deno')).toHaveLength(1);
    expect(written.get('bun')).toHaveLength(1);
    expect(written.get('node')?.length).toBeGreaterThanOrEqual(6);
    expect(headings.get('README.md ### Cloudflare Workers')).toEqual(['workers']);
    expect(headings.get('README.md ### Node (20.3 or later)')).toEqual(['node']);
    expect(headings.get('README.md ## Testing')).toEqual(['node']);
  });

  test('the Workers quickstart compiles with its tsconfig.json exactly as written (no skipLibCheck)', { timeout: 240_000 }, async () => {
    const { files: listed, errors } = (await build()).get(QUICKSTART)!;
    expect(listed.filter((file) => file.includes(`/${workersQuickstart}/`))).toHaveLength(1);
    expect(errors.replaceAll(consumer, '<consumer>') || undefined, `README.md's Workers quickstart with its own tsconfig.json`).toBeUndefined();
  });

  test("the Workers quickstart's `lib` line is needed, as its step says: without it, the errors it names", { timeout: 240_000 }, async () => {
    expect(README_WORKERS).toMatchObject({ lib: ['ES2022'], types: ['@cloudflare/workers-types'] });
    const step = section(/^### Cloudflare Workers$/).lines.join(' ');
    const named = /Keep the `lib` line: .*? errors such as `([^`]+)`/.exec(step)?.[1];
    expect(named, 'the step says which errors tsc reports without the lib line').toBeDefined();
    const { errors } = (await build()).get(WITHOUT_LIB)!;
    expect(errors).toContain(named);
  });

  test.each(TSC_KINDS)("%s blocks: tsc with strict settings and only that runtime's types", { timeout: 240_000 }, async (kind) => {
    const { files: listed, errors } = (await build()).get(`tsconfig.${kind}.json`)!;
    // Every block's file is in the program (an extension the include misses would pass unchecked).
    expect(listed.filter((file) => file.includes(`/blocks/${kind}/`))).toHaveLength(files.get(kind)!);
    expect(errors.replaceAll(consumer, '<consumer>') || undefined, `blocks: ${written.get(kind)?.join(', ')}`).toBeUndefined();
  });

  test('deno blocks: deno check with strict settings', { timeout: 120_000 }, async () => {
    const config = join(consumer, 'deno.json');
    const {
      module: _module,
      moduleResolution: _resolution,
      allowJs: _allowJs,
      checkJs: _checkJs,
      target: _target,
      noEmit: _noEmit,
      skipLibCheck: _skip,
      ...options
    } = STRICT;
    writeFileSync(config, JSON.stringify({ compilerOptions: options }, null, 2));
    const failure = await compile(DENO, ['check', '--config', config, 'blocks/deno/'], {
      DENO_DIR: join(consumer, '.deno'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    });
    expect(failure, `blocks: ${written.get('deno')?.join(', ')}`).toBeUndefined();
  });
});
