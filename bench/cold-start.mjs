// Measurement 4: cold start, from process start to the first resolved getOrder against the in-process sandbox,
// in Node, Bun and Deno (the versions installed as devDependencies), minus the run time of an empty script in the
// same runtime; and the import cost of the built package in Node. Runs alternate between the empty script and
// the measured one; medians of every series are reported.
import { join } from 'node:path';
import { BENCH, BIN, ROOT, median, progress, timeCommand } from './lib.mjs';

export const COLD_START = Object.freeze({ runs: 15, importRuns: 25, importTargetMs: 10 });

const script = (name) => join(BENCH, 'cold', name);

export const RUNTIMES = [
  { name: 'Node', command: join(ROOT, 'node_modules', 'node', 'bin', 'node'), args: [] },
  { name: 'Bun', command: join(BIN, 'bun'), args: ['run'] },
  // No lockfile written into the project; node_modules used as npm laid it out.
  { name: 'Deno', command: join(BIN, 'deno'), args: ['run', '--no-lock', '--node-modules-dir=manual'] },
];

export async function measureColdStart(config = COLD_START) {
  const runtimes = [];
  for (const runtime of RUNTIMES) {
    const run = async (name) => (await timeCommand(runtime.command, [...runtime.args, script(name)])).ms;
    await run('get-order.mjs'); // fills the OS file cache and any runtime cache before anything is timed
    const empty = [];
    const getOrder = [];
    for (let index = 0; index < config.runs; index++) {
      empty.push(await run('empty.mjs'));
      getOrder.push(await run('get-order.mjs'));
    }
    runtimes.push({
      name: runtime.name,
      version: await versionOf(runtime),
      runs: config.runs,
      emptyMs: median(empty),
      getOrderMs: median(getOrder),
      overEmptyMs: median(getOrder) - median(empty),
    });
    progress(`cold start: ${runtime.name}`);
  }

  const node = RUNTIMES[0];
  const empty = [];
  const imported = [];
  const inProcess = [];
  for (let index = 0; index < config.importRuns; index++) {
    empty.push((await timeCommand(node.command, [script('empty.mjs')])).ms);
    imported.push((await timeCommand(node.command, [script('import.mjs')])).ms);
    inProcess.push(Number((await timeCommand(node.command, [script('import-timed.mjs')])).stdout.trim()));
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
