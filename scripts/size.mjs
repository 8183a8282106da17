// Bundle size of the BUILT package as a user's bundler sees it: each entry imports 'checkout-lookup' through the
// package's own package.json (exports, "sideEffects": false) and is bundled and minified by esbuild (as wrangler
// does) and rollup + node-resolve + terser (as Vite does), then gzipped at level 9. `npm test` runs it for the
// budgets below (exit 1 on a miss); the bench runs it and reads its table. CHECKOUT_LOOKUP_PACKAGE_DIR measures another copy.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import * as esbuild from 'esbuild';
import { rollup } from 'rollup';

const root = resolve(fileURLToPath(import.meta.url), '../..');
export const ESBUILD_OPTIONS = { bundle: true, minify: true, format: 'esm', platform: 'neutral', conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['browser', 'module', 'main'], target: 'es2022', legalComments: 'none', write: false, logLevel: 'silent' };
const QUIET = new Set(['EMPTY_BUNDLE', 'INVALID_ANNOTATION', 'CIRCULAR_DEPENDENCY']);

/** Bundles each `{ name, source }` entry with both bundlers: `{ name, esbuild: { min, gzip, code }, rollup: {…} }`. */
export async function bundleSizes(entries, packageDir = process.env.CHECKOUT_LOOKUP_PACKAGE_DIR ?? root) {
  const work = await mkdtemp(join(tmpdir(), 'checkout-lookup-size-'));
  try {
    await mkdir(join(work, 'node_modules'));
    await symlink(resolve(packageDir), join(work, 'node_modules', 'checkout-lookup'), 'dir');
    await writeFile(join(work, 'package.json'), '{ "name": "size-probe", "private": true, "type": "module" }\n');
    const rows = [];
    for (const [index, { name, source }] of entries.entries()) {
      const file = join(work, `entry-${index}.mjs`);
      await writeFile(file, `${source}\n`);
      const built = await esbuild.build({ ...ESBUILD_OPTIONS, entryPoints: [file], absWorkingDir: work });
      const warnings = [];
      const bundle = await rollup({ input: file, plugins: [nodeResolve({ browser: true }), terser({ format: { comments: false } })],
        onwarn: (warning) => QUIET.has(warning.code) || warnings.push(warning.message) });
      const rolled = (await bundle.generate({ format: 'es' })).output[0].code.trim();
      await bundle.close();
      if (warnings.length > 0) throw new Error(`rollup warned on ${name}: ${warnings.join('; ')}`);
      const measure = (code) => ({ min: Buffer.byteLength(code), gzip: code.length === 0 ? 0 : gzipSync(code, { level: 9 }).length, code });
      rows.push({ name, esbuild: measure(built.outputFiles[0]?.text ?? ''), rollup: measure(rolled) });
    }
    return rows;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// Budgets (bytes min+gzip, every bundler); names that must not be kept: the other resource's fields, the testing subpath.
const BUDGET_ONE = 4096;
const BUDGET_BOTH = 4352;
const TESTING = ['createSandbox', 'SANDBOX_IDS', 'serveSandbox'];
const CHECKS = [
  { name: 'getOrder', source: "export { getOrder } from 'checkout-lookup';", budget: BUDGET_ONE, forbidden: ['successUrl', 'cancelUrl'] },
  { name: 'getSession', source: "export { getSession } from 'checkout-lookup';", budget: BUDGET_ONE, forbidden: ['paymentInstrumentId', 'paymentMethodType'] },
  { name: 'getOrder+getSession', source: "export { getOrder, getSession } from 'checkout-lookup';", budget: BUDGET_BOTH, forbidden: [] },
  { name: "import 'checkout-lookup'", source: "import 'checkout-lookup';", budget: 0, forbidden: [] }, // "sideEffects": false
  { name: 'export * (reference)', source: "export * from 'checkout-lookup';", budget: Infinity, forbidden: [] },
];

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const failures = [];
  console.log('bundler  entry                     min B  min+gzip B  budget B');
  for (const [index, row] of (await bundleSizes(CHECKS)).entries()) {
    const { budget, forbidden } = CHECKS[index];
    for (const bundler of ['esbuild', 'rollup']) {
      const { min, gzip: zipped, code } = row[bundler];
      const problems = [...forbidden, ...TESTING].filter((word) => code.includes(word)).map((word) => `contains "${word}"`);
      if (zipped > budget) problems.push(`${zipped} B is over the budget of ${budget} B`);
      failures.push(...problems.map((problem) => `${bundler}, ${row.name}: ${problem}`));
      console.log(`${bundler.padEnd(8)} ${row.name.padEnd(24)} ${String(min).padStart(6)}  ${String(zipped).padStart(10)}  ${String(budget === Infinity ? '-' : budget).padStart(8)}${problems.length ? '  FAIL' : ''}`);
    }
  }
  if (failures.length > 0) console.error(`\nsize: FAILED\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  else console.log('\nsize: ok: every budget met; neither function keeps the other\'s fields nor anything of checkout-lookup/testing; a bare import costs 0 B.');
  process.exitCode = failures.length > 0 ? 1 : 0;
}
