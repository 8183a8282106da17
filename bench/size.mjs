// Measurement 1: bundle size, min and min+gzip (level 9), with esbuild and with rollup + node-resolve + terser,
// of the BUILT package as a user's bundler sees it (bare imports through package.json "exports" and
// "sideEffects"), beside the baselines of bench/baselines and the worker's deploy bundle from wrangler.
// scripts/size.mjs (the size budget of `npm test`) runs on import and exports nothing, so the bundling is
// written here again with the same settings.
import { execFile } from 'node:child_process';
import { readFile, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import * as esbuild from 'esbuild';
import { rollup } from 'rollup';
import { BENCH, BIN, DIST, PACKAGE_DIR, ROOT, progress } from './lib.mjs';

const baseline = (file) => JSON.stringify(join(BENCH, 'baselines', file));

/** What is bundled: `source` is a user's entry module. */
export const ENTRIES = [
  { group: 'sdk', name: 'getOrder', source: "export { getOrder } from 'checkout-lookup';" },
  { group: 'sdk', name: 'getSession', source: "export { getSession } from 'checkout-lookup';" },
  { group: 'sdk', name: 'getOrder + getSession', source: "export { getOrder, getSession } from 'checkout-lookup';" },
  { group: 'sdk', name: 'checkout-lookup/testing (all exports)', source: "export * from 'checkout-lookup/testing';" },
  { group: 'baseline', name: 'bare fetch + JSON.parse (getOrder)', source: `export { getOrder } from ${baseline('bare-fetch.mjs')};` },
  { group: 'baseline', name: 'zod v4 + fetch (getOrder)', source: `export { getOrder } from ${baseline('zod.mjs')};` },
  { group: 'baseline', name: 'zod v4 + fetch (both)', source: `export { getOrder, getSession } from ${baseline('zod.mjs')};` },
  { group: 'baseline', name: 'zod/mini + fetch (getOrder)', source: `export { getOrder } from ${baseline('zod-mini.mjs')};` },
  { group: 'baseline', name: 'zod/mini + fetch (both)', source: `export { getOrder, getSession } from ${baseline('zod-mini.mjs')};` },
];

const ESBUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  // What wrangler asks for when it bundles a Worker.
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['browser', 'module', 'main'],
  target: 'es2022',
  legalComments: 'none',
  write: false,
  logLevel: 'silent',
};

const gzip = (code) => (code.length === 0 ? 0 : gzipSync(code, { level: 9 }).length);

export async function measureSize() {
  const work = await mkdtemp(join(tmpdir(), 'checkout-lookup-bench-size-'));
  try {
    // A throwaway project whose node_modules/checkout-lookup is this package, so imports resolve as a user's do.
    await mkdir(join(work, 'node_modules'));
    await symlink(PACKAGE_DIR, join(work, 'node_modules', 'checkout-lookup'), 'dir');
    await writeFile(join(work, 'package.json'), '{ "name": "bench-size", "private": true, "type": "module" }\n');

    const rows = [];
    let getOrderModules;
    for (const [index, entry] of ENTRIES.entries()) {
      const file = join(work, `entry-${index}.mjs`);
      await writeFile(file, `${entry.source}\n`);
      const built = await esbuild.build({ ...ESBUILD_OPTIONS, entryPoints: [file], absWorkingDir: work, metafile: true });
      const esbuildCode = built.outputFiles[0]?.text ?? '';
      const rollupCode = await bundleWithRollup(file);
      rows.push({
        group: entry.group,
        name: entry.name,
        esbuild: { min: Buffer.byteLength(esbuildCode), gzip: gzip(esbuildCode) },
        rollup: { min: Buffer.byteLength(rollupCode), gzip: gzip(rollupCode) },
      });
      if (entry.name === 'getOrder') getOrderModules = modulesOf(built.metafile);
      progress(`size: ${entry.name}`);
    }
    const getOrderAttribution = await attribute("export { getOrder } from 'checkout-lookup';", work);
    const worker = await workerBundle(work);
    progress('size: worker deploy bundle');
    return { rows, getOrderModules, getOrderAttribution, worker };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const BENIGN_WARNINGS = new Set(['INVALID_ANNOTATION', 'CIRCULAR_DEPENDENCY']);

async function bundleWithRollup(file) {
  const warnings = [];
  const bundle = await rollup({
    input: file,
    plugins: [nodeResolve({ browser: true }), terser({ format: { comments: false } })],
    onwarn: (warning) => {
      // zod's sources carry comments rollup cannot place and a circular import; neither changes the output.
      if (!BENIGN_WARNINGS.has(warning.code)) warnings.push(warning);
    },
  });
  try {
    const { output } = await bundle.generate({ format: 'es' });
    if (warnings.length > 0) throw new Error(`rollup warned: ${warnings.map((warning) => warning.message).join('; ')}`);
    return output[0].code.trim();
  } finally {
    await bundle.close();
  }
}

/** Minified bytes each input module contributes to the bundle, largest first (from esbuild's metafile). */
function modulesOf(metafile) {
  const [output] = Object.values(metafile.outputs);
  return Object.entries(output.inputs)
    .map(([path, { bytesInOutput }]) => ({
      module: path.replace(/^.*node_modules\//, '').replace(/^(?:\.\.\/)+.*?\/dist\//, 'checkout-lookup/dist/'),
      bytes: bytesInOutput,
    }))
    .filter((row) => row.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * Where the bytes of an entry come from, finer than the metafile of the built package (one module, dist/index.js):
 * 1. the same entry bundled by esbuild from src/ (the package's source, same settings), whose metafile gives the
 *    minified bytes of each source file, and valibot's;
 * 2. the unminified bundle cut into top-level statements, each minified alone: the largest declarations.
 */
async function attribute(source, work) {
  const file = join(work, 'attribute-src.mjs');
  await writeFile(file, `${source.replace("'checkout-lookup'", JSON.stringify(join(ROOT, 'src', 'index.ts')))}\n`);
  const fromSource = await esbuild.build({ ...ESBUILD_OPTIONS, entryPoints: [file], absWorkingDir: work, metafile: true });
  const code = fromSource.outputFiles[0]?.text ?? '';
  const files = modulesOf(fromSource.metafile).map((row) => ({ ...row, module: row.module.replace(/^.*?\/src\//, 'src/') }));

  const entry = join(work, 'attribute-dist.mjs');
  await writeFile(entry, `${source}\n`);
  const plain = await esbuild.build({ ...ESBUILD_OPTIONS, minify: false, entryPoints: [entry], absWorkingDir: work });
  const statements = [];
  let module = '';
  for (const line of (plain.outputFiles[0]?.text ?? '').split('\n')) {
    const marker = /^\/\/ (\S+\.[cm]?[jt]s)$/.exec(line);
    if (marker) module = marker[1].replace(/^.*node_modules\//, '').replace(/^(?:\.\.\/)+.*?\/dist\//, 'checkout-lookup/dist/');
    else if (/^\S/.test(line) || statements.length === 0) statements.push({ module, head: line, text: line });
    else statements[statements.length - 1].text += `\n${line}`;
  }
  for (const statement of statements) {
    try {
      statement.bytes = (await esbuild.transform(statement.text, { minify: true, format: 'esm', logLevel: 'silent' })).code.length;
    } catch {
      statement.bytes = Buffer.byteLength(statement.text);
    }
  }
  const largest = statements
    .filter((statement) => statement.bytes > 0 && !/^export /.test(statement.head))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 15)
    .map(({ module: from, head, bytes }) => ({ module: from, statement: head.trim().slice(0, 80), bytes }));
  const valibotNames = statements
    .filter((statement) => statement.module.startsWith('valibot'))
    .map((statement) => /^(?:async )?(?:function\*? |var |let |const |class )([\w$]+)/.exec(statement.head)?.[1])
    .filter(Boolean);
  return {
    fromSource: { min: Buffer.byteLength(code), gzip: gzip(code), files },
    largest,
    valibotNames,
  };
}

/**
 * The worker as `wrangler deploy --dry-run --outdir` writes it (wrangler does not minify unless asked), and with
 * `--minify`: bytes and gzip of the uploaded module.
 */
async function workerBundle(work) {
  const result = { command: 'npx wrangler deploy --dry-run --outdir <tmp> [--minify]' };
  for (const minify of [false, true]) {
    const outdir = join(work, minify ? 'worker-min' : 'worker');
    // --alias: the worker bundles the same copy of the built package as everything else measured.
    const alias = `checkout-lookup:${join(DIST, 'index.js')}`;
    const args = ['deploy', '--dry-run', '--outdir', outdir, '--alias', alias, ...(minify ? ['--minify'] : [])];
    try {
      await promisify(execFile)(join(BIN, 'wrangler'), args, {
        cwd: ROOT,
        timeout: 120_000,
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', PATH: `${BIN}:${process.env.PATH}` },
      });
      const files = (await readdir(outdir)).filter((name) => /\.m?js$/.test(name));
      let bytes = 0;
      let gzipped = 0;
      for (const name of files) {
        const code = await readFile(join(outdir, name));
        bytes += code.length;
        gzipped += gzip(code);
      }
      result[minify ? 'minified' : 'asDeployed'] = { files, bytes, gzip: gzipped };
    } catch (error) {
      result.error = `wrangler deploy --dry-run failed: ${String(error.stderr || error.message).trim().split('\n').slice(-3).join(' ')}`;
      break;
    }
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureSize(), null, 2));
}
