import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { DENO } from '../shared/run.js';
import { buildProjects } from '../shared/tsc-build.js';
import { type CodeBlock, codeBlocks, consumerProject, shippedDocs } from './readme.js';

// Every TypeScript and JavaScript block of README.md and docs/ compiled as a strict consumer would, against the
// packed package: strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, module nodenext; Node's types only
// (no DOM) for Node examples, @cloudflare/workers-types for Worker ones, bun-types for Bun, `deno check` for Deno.
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
const SETTINGS: Record<Exclude<Kind, 'deno'>, object> = {
  node: { lib: ['ES2022'], types: ['node'] },
  workers: { lib: ['ES2022'], types: ['@cloudflare/workers-types'] },
  bun: { lib: ['ESNext'], types: ['bun-types'] },
};

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
let built: ReturnType<typeof buildProjects> | undefined;
function build(): ReturnType<typeof buildProjects> {
  built ??= buildProjects(
    consumer,
    TSC_KINDS.map((kind) => `tsconfig.${kind}.json`),
    ['--listFiles'],
  );
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
