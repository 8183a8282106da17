// Type-checks every TypeScript program of the repository with one `tsc -b` (`npm run typecheck` and `npm test` run
// this): one process parses a library's declarations once for all of them, where five `tsc -p` took twice the CPU.
// Each tsconfig keeps its .tsbuildinfo under test-output/tsc/, so a rerun checks only the programs that changed, and
// in them only what changed. Exits with tsc's status.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { readCommandLine } from './command-line.mjs';

readCommandLine(process.argv.slice(2), {
  name: 'scripts/typecheck.mjs',
  usage: `Usage: npm run typecheck   (node scripts/typecheck.mjs)

Type-checks every TypeScript program of the repository with one tsc -b, rechecking only what changed since the
last run (test-output/tsc/); exits with tsc's status.

  -h, --help  this help
`,
});

const ROOT = resolve(import.meta.dirname, '..');
const CACHE = resolve(ROOT, 'test-output/tsc');

/** Each program, with the globals its files run with. */
const PROGRAMS = [
  'test/tsconfig.json', // the Node-side tests and src/ (Node types)
  'test/worker/tsconfig.json', // the worker's and browser tests (Node types, wrangler's Env)
  'tsconfig.json', // the SDK (no Node types)
  'tsconfig.worker.json', // the worker (Workers types)
  'test/msw-workers/tsconfig.json', // msw in workerd (Workers types)
];

/**
 * `tsc -b` checks a program again only when a file its tsconfig lists (a root) changed. This marks the others: a
 * program whose last check read a file of this repository that is not a root (the worker's source, imported by its
 * tests) and changed since, or that was checked before the last `npm install` (npm rewrites
 * node_modules/.package-lock.json; the files it unpacks keep their packages' dates), gets its .tsbuildinfo dated
 * 1970, older than its tsconfig, which tsc -b takes as a change: it checks that program again, reusing what did not
 * change. dist/ is left to the tsconfigs, which list the entry points they import: those name their chunks by
 * content, and every build rewrites them. Returns the marked files.
 */
function markChanged() {
  const installed = statSync(resolve(ROOT, 'node_modules/.package-lock.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const marked = [];
  for (const name of readdirSync(CACHE).filter((file) => file.endsWith('.tsbuildinfo'))) {
    const info = resolve(CACHE, name);
    const checked = statSync(info).mtimeMs;
    const { fileNames = [], root = [] } = JSON.parse(readFileSync(info, 'utf8'));
    // `root` holds 1-based ids into fileNames, single or as [first, last] ranges.
    const roots = new Set(root.flatMap((id) => (Array.isArray(id) ? Array.from({ length: id[1] - id[0] + 1 }, (_, at) => id[0] + at) : [id])));
    const changed = fileNames.some((file, index) => {
      const path = resolve(CACHE, file);
      if (roots.has(index + 1) || path.includes(`${sep}node_modules${sep}`) || path.startsWith(resolve(ROOT, 'dist') + sep)) return false;
      return (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY) > checked;
    });
    if (changed || installed > checked) {
      utimesSync(info, 0, 0);
      marked.push(info);
    }
  }
  return marked;
}

mkdirSync(CACHE, { recursive: true });
const started = new Date();
const marked = markChanged();
const tsc = resolve(ROOT, 'node_modules/typescript/bin/tsc');
const { status, signal } = spawnSync(process.execPath, [tsc, '-b', ...PROGRAMS, '--noEmit', '--incremental'], { cwd: ROOT, stdio: 'inherit' });
// tsc -b rewrites a .tsbuildinfo only when what it holds changed: a marked program that still checks as before keeps
// the 1970 date, and would be checked again on every run. It was checked now, as of when this began.
if (status === 0) {
  for (const info of marked) if (statSync(info).mtimeMs === 0) utimesSync(info, started, started);
}
process.exit(status ?? (signal ? 1 : 0));
