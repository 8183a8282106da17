// Measurement 4: cold start, from process start to the first resolved getOrder against the in-process sandbox,
// in Node, Bun and Deno (the versions installed as devDependencies), minus the run time of an empty script in the
// same runtime; and the import cost of the built package in Node. Runs alternate between the empty script and
// the measured one; medians of every series are reported. References beside them: the runtime's own cost of a
// first Request/Response (web-classes.mjs), and the import split into valibot and the package on top.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { BENCH, BIN, DIST, ROOT, median, progress, timeCommand } from './lib.mjs';

export const COLD_START = Object.freeze({ runs: 15, importRuns: 25, importTargetMs: 10 });

let scriptsDir = join(BENCH, 'cold');
const script = (name) => join(scriptsDir, name);

/**
 * bench/cold/*.mjs import '../../dist/…'; when the measured package is elsewhere (the run's copy), copies of them
 * beside it import that instead. The copies live in the package's parent project, so bare imports resolve there.
 */
async function placeScripts() {
  if (DIST === join(ROOT, 'dist')) return;
  scriptsDir = join(DIST, '..', '..', '..', 'cold');
  await rm(scriptsDir, { recursive: true, force: true });
  await mkdir(scriptsDir);
  for (const name of await readdir(join(BENCH, 'cold'))) {
    const source = await readFile(join(BENCH, 'cold', name), 'utf8');
    await writeFile(join(scriptsDir, name), source.replaceAll("'../../dist/", `'${DIST}/`));
  }
}

export const RUNTIMES = [
  { name: 'Node', command: join(ROOT, 'node_modules', 'node', 'bin', 'node'), args: [] },
  { name: 'Bun', command: join(BIN, 'bun'), args: ['run'] },
  // No lockfile written into the project; node_modules used as npm laid it out.
  { name: 'Deno', command: join(BIN, 'deno'), args: ['run', '--no-lock', '--node-modules-dir=manual'] },
];

export async function measureColdStart(config = COLD_START) {
  await placeScripts();
  const runtimes = [];
  for (const runtime of RUNTIMES) {
    const run = async (name) => (await timeCommand(runtime.command, [...runtime.args, script(name)])).ms;
    await run('get-order.mjs'); // fills the OS file cache and any runtime cache before anything is timed
    const empty = [];
    const getOrder = [];
    const webClasses = [];
    for (let index = 0; index < config.runs; index++) {
      empty.push(await run('empty.mjs'));
      getOrder.push(await run('get-order.mjs'));
      webClasses.push(await run('web-classes.mjs'));
    }
    runtimes.push({
      name: runtime.name,
      version: await versionOf(runtime),
      runs: config.runs,
      emptyMs: median(empty),
      getOrderMs: median(getOrder),
      overEmptyMs: median(getOrder) - median(empty),
      webClassesOverEmptyMs: median(webClasses) - median(empty),
    });
    progress(`cold start: ${runtime.name}`);
  }

  const node = RUNTIMES[0];
  // What-if reference: dist/index.js with the parts of valibot it uses bundled in (esbuild, not minified), so
  // Node parses those instead of valibot's whole 200 KB module.
  const work = await mkdtemp(join(tmpdir(), 'checkout-lookup-bench-import-'));
  const empty = [];
  const imported = [];
  const inProcess = [];
  const split = [];
  const inlined = [];
  try {
    await esbuild.build({
      entryPoints: [join(DIST, 'index.js')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      outfile: join(work, 'inlined.mjs'),
      logLevel: 'silent',
    });
    await writeFile(join(work, 'import-inlined.mjs'), "import './inlined.mjs';\n");
    for (let index = 0; index < config.importRuns; index++) {
      empty.push((await timeCommand(node.command, [script('empty.mjs')])).ms);
      imported.push((await timeCommand(node.command, [script('import.mjs')])).ms);
      inProcess.push(Number((await timeCommand(node.command, [script('import-timed.mjs')])).stdout.trim()));
      split.push(JSON.parse((await timeCommand(node.command, [script('import-split.mjs')])).stdout));
      inlined.push((await timeCommand(node.command, [join(work, 'import-inlined.mjs')])).ms);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  progress('cold start: import cost in Node');
  return {
    config,
    runtimes,
    nodeImport: {
      runs: config.importRuns,
      emptyMs: median(empty),
      importMs: median(imported),
      overEmptyMs: median(imported) - median(empty),
      inProcessMs: median(inProcess),
      valibotAloneMs: median(split.map((row) => row.valibotMs)),
      packageOnTopOfValibotMs: median(split.map((row) => row.packageOnTopMs)),
      valibotInlinedOverEmptyMs: median(inlined) - median(empty),
    },
  };
}

async function versionOf(runtime) {
  const { stdout } = await timeCommand(runtime.command, ['--version']);
  return stdout.trim().split('\n')[0];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureColdStart(), null, 2));
}
