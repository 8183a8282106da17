// The command-line rules every command of the package follows (`checkout-lookup` and its subcommands, `npm start`,
// `npm run deploy`, `checkout-lookup-sandbox`): `--help` and `-h` print the usage on stdout and exit 0; an unknown
// option or command is named, with "did you mean" when a known one is close, then the usage, on stderr, exit 2.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The edit distance of `a` and `b`: characters added, removed, changed, or two neighbours swapped. */
function distance(a, b) {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/**
 * The one of `known` that `given` is likely a typo of, or `undefined`: the nearest by edit distance when it is at
 * most a third of the word (at least one), or the only one `given` begins (`--por` for `--port`). Case is ignored.
 */
export function closest(given, known) {
  const word = given.toLowerCase();
  const near = known
    .map((name) => ({ name, far: distance(word, name.toLowerCase()) }))
    .sort((a, b) => a.far - b.far)
    .find(({ far }) => far <= Math.max(1, Math.floor(word.replace(/^-+/, '').length / 3)));
  if (near !== undefined) return near.name;
  const starting = known.filter((name) => word.length > 2 && name.toLowerCase().startsWith(word));
  return starting.length === 1 ? starting[0] : undefined;
}

/** "unknown <what> <given>", and "; did you mean <closest>?" when one of `known` is close. */
export function unknown(what, given, known) {
  const near = closest(given, known);
  return `unknown ${what} ${given}${near === undefined ? '' : `; did you mean ${near}?`}`;
}

/** The options of a parseArgs `options` object as typed: `--port` and `-p`. */
function spellings(options) {
  return Object.entries(options).flatMap(([name, { short }]) => [`--${name}`, ...(short ? [`-${short}`] : [])]);
}

/**
 * The sentence for the first option in `args` that `options` (parseArgs's shape) does not have, or `undefined`.
 * Options after `--` are not options.
 */
export function unknownOptionIn(args, options) {
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const stray = tokens.find((token) => token.kind === 'option' && !Object.hasOwn(options, token.name));
  return stray === undefined
    ? undefined
    : unknown(
        'option',
        stray.rawName,
        spellings(options).filter((name) => name.startsWith('--')),
      );
}

/**
 * Reads a command's arguments with parseArgs (`options`, and positionals when `positionals` is true): `--help` or
 * `-h` prints `usage` and exits 0; an unknown option or a bad value prints `<name>: <problem>`, then the usage, on
 * stderr, and exits 2. Returns parseArgs's `{ values, positionals }`.
 */
export function readCommandLine(args, { name, usage, options = {}, positionals = false }) {
  const all = { ...options, help: { type: 'boolean', short: 'h' } };
  const fail = (problem) => usageError(name, usage, problem);
  const stray = unknownOptionIn(args, all);
  if (stray !== undefined) fail(stray);
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: all, strict: true, allowPositionals: positionals });
  } catch (error) {
    fail(error.message);
  }
  if (parsed.values.help) {
    process.stdout.write(usage.endsWith('\n') ? usage : `${usage}\n`);
    process.exit(0);
  }
  return parsed;
}

/** Prints `<name>: <problem>`, a blank line and the usage on stderr; exit code 2. */
export function usageError(name, usage, problem) {
  process.stderr.write(`${name}: ${problem}\n\n${usage.endsWith('\n') ? usage : `${usage}\n`}`);
  process.exit(2);
}

/**
 * A script's usage from its own header comment (the `//` lines it starts with, after a `#!` line), under
 * `Usage: <synopsis>`: for the bench scripts, whose header says what they measure and how they are called.
 */
export function usageFromHeader(url, synopsis) {
  const header = readFileSync(fileURLToPath(url), 'utf8')
    .replace(/^#!.*\n/, '')
    .match(/^(?:\/\/.*\n)+/)?.[0];
  const text = (header ?? '').replace(/^\/\/ ?/gm, '');
  return `Usage: ${synopsis}\n\n${text}\n  -h, --help  this help\n`;
}
