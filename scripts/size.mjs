// Bundle size of the BUILT package as a user's bundler sees it: each entry imports 'checkout-lookup' through the
// package's own package.json (exports, "sideEffects": false) and is bundled and minified by esbuild (as wrangler
// does) and rollup + node-resolve + terser (as Vite does), then gzipped at level 9. `npm test` runs it for the
// limits below (exit 1 on a miss); the bench calls measureSizes() (or reads `--json`), never the printed table.
// CHECKOUT_LOOKUP_PACKAGE_DIR measures another copy.
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
export const ESBUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['browser', 'module', 'main'],
  target: 'es2022',
  legalComments: 'none',
  write: false,
  logLevel: 'silent',
};
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
      const bundle = await rollup({
        input: file,
        plugins: [nodeResolve({ browser: true }), terser({ format: { comments: false } })],
        onwarn: (warning) => QUIET.has(warning.code) || warnings.push(warning.message),
      });
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

/**
 * The hard limits, bytes min+gzip with every bundler; `bare` is `import 'checkout-lookup'` alone. The 1.x ceiling is
 * 7,168 per function and 7,424 for both, raised by what the items below cost, measured with esbuild (getSession 7,600,
 * both 7,713): the per-call savings (base URL parsed once, no record for a missing hook, one async read: +46 B; an
 * abort that ends what runs through one slot, not a race at every await, and a strict UTF-8 decode only when needed:
 * +62 B; the options read once each into one shape: +104 B; the abort kept as a field, one validation config: +12 B)
 * and the deadline check after onAttempt, branded failures, the redaction's pattern cache and repeat pass and the
 * array check beside the looseObject schemas (+156 B); the options read in one destructuring, by name (+87 B). At most
 * 7,680 / 7,936 in 1.x.
 */
export const LIMITS = { getOrder: 7616, getSession: 7616, both: 7744, bare: 0 };
// Names that must not be kept: the other resource's fields, anything of the testing subpath.
const TESTING = ['createSandbox', 'SANDBOX_IDS', 'serveSandbox'];
const CHECKS = [
  { key: 'getOrder', name: 'getOrder', source: "export { getOrder } from 'checkout-lookup';", forbidden: ['successUrl', 'cancelUrl'] },
  {
    key: 'getSession',
    name: 'getSession',
    source: "export { getSession } from 'checkout-lookup';",
    forbidden: ['paymentInstrumentId', 'paymentMethodType'],
  },
  { key: 'both', name: 'getOrder+getSession', source: "export { getOrder, getSession } from 'checkout-lookup';", forbidden: [] },
  { key: 'bare', name: "import 'checkout-lookup'", source: "import 'checkout-lookup';", forbidden: [] }, // "sideEffects": false
  { key: 'all', name: 'export * (reference)', source: "export * from 'checkout-lookup';", forbidden: [] },
];
export const BUNDLERS = ['esbuild', 'rollup'];

/**
 * Sizes of the built package as users bundle it: `{ esbuild: { getOrder, getSession, both, bare, all }, rollup: {…},
 * limits, failures }`, each entry `{ name, min, gzip, limit, headroom }` (limit and headroom null for `all`, which
 * has none); `failures` lists every limit missed and every name kept that must not be (empty when all is well).
 */
export async function measureSizes(packageDir) {
  const result = { esbuild: {}, rollup: {}, limits: LIMITS, failures: [] };
  for (const [index, row] of (await bundleSizes(CHECKS, packageDir)).entries()) {
    const { key, name, forbidden } = CHECKS[index];
    const limit = LIMITS[key] ?? null;
    for (const bundler of BUNDLERS) {
      const { min, gzip, code } = row[bundler];
      result[bundler][key] = { name, min, gzip, limit, headroom: limit === null ? null : limit - gzip };
      const kept = [...forbidden, ...TESTING].filter((word) => code.includes(word)).map((word) => `contains "${word}"`);
      const over = limit !== null && gzip > limit ? [`${gzip} B is over the limit of ${limit} B`] : [];
      result.failures.push(...[...kept, ...over].map((problem) => `${bundler}, ${name}: ${problem}`));
    }
  }
  return result;
}

/** The table `node scripts/size.mjs` prints: one line per bundler and entry, with the headroom under its limit. */
export function formatSizes(sizes) {
  const number = (value) => (value === null ? '-' : value.toLocaleString('en-US'));
  const lines = ['bundler  entry                      min B  min+gzip B  limit B  headroom B'];
  for (const bundler of BUNDLERS) {
    for (const { name, min, gzip, limit, headroom } of Object.values(sizes[bundler])) {
      const cells = [number(min).padStart(7), number(gzip).padStart(10), number(limit).padStart(7), number(headroom).padStart(10)];
      lines.push(`${bundler.padEnd(8)} ${name.padEnd(24)} ${cells.join('  ')}${headroom !== null && headroom < 0 ? '  OVER' : ''}`);
    }
  }
  if (sizes.failures.length > 0) lines.push('', 'size: FAILED', ...sizes.failures.map((failure) => `  - ${failure}`));
  else
    lines.push(
      '',
      "size: ok: every limit met; neither function keeps the other's fields nor anything of checkout-lookup/testing; a bare import costs 0 B.",
    );
  return lines.join('\n');
}

// node scripts/size.mjs [--json]: the table (or the JSON of measureSizes); exit 1 when a limit is missed.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { readCommandLine } = await import('./command-line.mjs');
  const usage = `Usage: npm run size   (node scripts/size.mjs [--json])

Bundles each entry of the built package with esbuild and with rollup + terser, minified, and prints min and
min+gzip sizes with the headroom under the limits npm test holds; exit 1 when one is over.

  --json      the figures as JSON
  -h, --help  this help
`;
  const { values } = readCommandLine(process.argv.slice(2), { name: 'scripts/size.mjs', usage, options: { json: { type: 'boolean' } } });
  const sizes = await measureSizes();
  console.log(values.json ? JSON.stringify(sizes, null, 2) : formatSizes(sizes));
  process.exitCode = sizes.failures.length > 0 ? 1 : 0;
}
