// Cold start: wall time from process start to the first resolved getOrder against the in-process sandbox
// (bench/cold/get-order.mjs) in each runtime, minus that of an empty script in the same runtime; and the import
// cost of the built main entry alone (bench/cold/import.mjs) in Node 24. Runs alternate between the empty script
// and the measured one; medians of each series.
//   node bench/cold-start.mjs     JSON on stdout
import { join } from 'node:path';
import { NODE20_MISSING, NODE24, ROOT, RUNTIMES, median, progress, timeCommand } from './lib.mjs';

export const COLD_START = { runs: 15, importRuns: 25 };
const script = (name) => join(ROOT, 'bench', 'cold', name);

/** Median wall times of `runs` alternating runs of the empty script and of `name`, and their difference. */
async function overEmpty(command, name, runs) {
  const [empty, measured] = [[], []];
  await timeCommand([...command, script(name)]); // fills the OS file cache and any runtime cache
  for (let index = 0; index < runs; index++) {
    empty.push((await timeCommand([...command, script('empty.mjs')])).ms);
    measured.push((await timeCommand([...command, script(name)])).ms);
  }
  return { emptyMs: median(empty), ms: median(measured), overEmptyMs: median(measured) - median(empty) };
}

export async function measureColdStart(config = COLD_START) {
  const runtimes = [];
  for (const [runtime, command] of Object.entries(RUNTIMES)) {
    runtimes.push({ runtime, ...(await overEmpty(command, 'get-order.mjs', config.runs)) });
    progress(`cold start: ${runtime}`);
  }
  const nodeImport = await overEmpty([NODE24], 'import.mjs', config.importRuns);
  return { config, runtimes, nodeImport, ...(NODE20_MISSING && { note: NODE20_MISSING }) };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { readCommandLine, usageFromHeader } = await import('../scripts/command-line.mjs');
  readCommandLine(process.argv.slice(2), { name: 'bench/cold-start.mjs', usage: usageFromHeader(import.meta.url, 'node bench/cold-start.mjs') });
  console.log(JSON.stringify(await measureColdStart(), null, 2));
}
