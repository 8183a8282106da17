import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../shared/run.js';

export const README = join(repoRoot, 'README.md');

/** A fenced code block under a `###` heading of the README's `## Quickstarts` section. */
export interface Quickstart {
  /** The heading line, such as `### Node (20.3 or later)`. */
  readonly heading: string;
  /** The fence's info string, such as `ts`. */
  readonly lang: string;
  /** The block's text, exactly as in the README, with a final newline. */
  readonly code: string;
  /** 1-based line of the README where the code starts, for failure messages. */
  readonly line: number;
}

/**
 * The lines of the README section whose heading line matches `heading` (`## ` or `### `), up to the next heading
 * of the same or a higher level, and the 0-based index of its heading line. Throws, naming what is missing.
 */
export function section(heading: RegExp, text = readFileSync(README, 'utf8')): { lines: string[]; start: number; heading: string } {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^#{2,3} /.test(line) && heading.test(line));
  if (start === -1) throw new Error(`${README} has no heading matching ${heading}`);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const next = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line));
  return { lines: lines.slice(start + 1, next === -1 ? undefined : next), start, heading: lines[start]! };
}

/**
 * Every fenced code block under the `### ` heading matching `heading` inside `## Quickstarts`, in order.
 * Throws, naming what is missing, when the section, the heading or a closing fence is not there.
 */
export function quickstartBlocks(heading: RegExp, text = readFileSync(README, 'utf8')): Quickstart[] {
  const quickstarts = section(/^## Quickstarts\s*$/, text);
  const at = quickstarts.lines.findIndex((line) => line.startsWith('### ') && heading.test(line));
  if (at === -1) throw new Error(`"## Quickstarts" in ${README} has no heading matching ${heading}`);
  const lines = quickstarts.lines;
  const blocks: Quickstart[] = [];
  for (let index = at + 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^#{1,3} /.test(line)) break;
    const open = /^(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (!open) continue;
    const fence = open[1]!;
    const close = lines.findIndex((candidate, end) => end > index && candidate.trimEnd() === fence);
    if (close === -1) throw new Error(`a code block under "${lines[at]}" in ${README} is never closed`);
    blocks.push({
      heading: lines[at]!,
      lang: open[2] ?? '',
      code: `${lines.slice(index + 1, close).join('\n')}\n`,
      line: quickstarts.start + 1 + index + 2,
    });
    index = close;
  }
  return blocks;
}

/**
 * The quickstart's program: the first block under the heading matching `heading` (a `### ` line inside
 * `## Quickstarts`) whose language is one of `langs` (the other blocks are the steps' files and settings).
 * Throws, naming what is missing.
 */
export function quickstart(heading: RegExp, text = readFileSync(README, 'utf8'), langs: readonly string[] = ['ts', 'js']): Quickstart {
  const blocks = quickstartBlocks(heading, text);
  const block = blocks.find((candidate) => langs.includes(candidate.lang));
  if (block === undefined) throw new Error(`the quickstart matching ${heading} in ${README} has no ${langs.join(' or ')} block`);
  return block;
}

/** What a quickstart's steps say it prints: the code span after its "it prints", such as `success 73.27 EUR`. */
export function documentedOutput(heading: RegExp, text = readFileSync(README, 'utf8')): string {
  const quickstarts = section(/^## Quickstarts\s*$/, text);
  const at = quickstarts.lines.findIndex((line) => line.startsWith('### ') && heading.test(line));
  const end = quickstarts.lines.findIndex((line, index) => index > at && line.startsWith('### '));
  const steps = quickstarts.lines.slice(at + 1, end === -1 ? undefined : end).join(' ');
  const shown = /\bit prints `([^`]+)`/.exec(steps)?.[1];
  if (at === -1 || shown === undefined) throw new Error(`the quickstart matching ${heading} in ${README} says nothing it prints`);
  return shown;
}

/**
 * The command a quickstart documents on its first line, `// <program> [flags…] <script> [args…]`: the program,
 * the arguments up to and including the script (the file the block is to be saved as) and that script's name.
 */
export function documentedCommand(block: Quickstart): { program: string; args: string[]; script: string } {
  const first = block.code.split('\n', 1)[0] ?? '';
  const match = /^\/\/\s*(.+?)\s*$/.exec(first);
  if (!match) throw new Error(`the block under "${block.heading}" (README.md line ${block.line}) does not start with a // command`);
  const [program, ...rest] = match[1]!.split(/\s+/);
  const scriptAt = rest.findIndex((arg) => /\.(?:[cm]?[jt]s|tsx?)$/.test(arg));
  if (!program || scriptAt === -1) {
    throw new Error(`the first line under "${block.heading}" names no program and script file: ${first}`);
  }
  return { program, args: rest.slice(0, scriptAt + 1), script: rest[scriptAt]! };
}

/** The command the README documents to start the sandbox for the quickstarts: its first `npx checkout-lookup-sandbox …` line. */
export function sandboxCommand(text = readFileSync(README, 'utf8')): string[] {
  const line = text.split(/\r?\n/).find((candidate) => candidate.startsWith('npx checkout-lookup-sandbox'));
  if (!line) throw new Error(`${README} documents no \`npx checkout-lookup-sandbox\` command`);
  return line.trim().split(/\s+/);
}

/** A fenced code block of a Markdown file. */
export interface CodeBlock {
  /** The Markdown file, relative to the repository, such as `docs/testing.md`. */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly code: string;
  /** The nearest heading above the block, such as `### Bun`. */
  readonly heading: string;
}

/** Every fenced block of `file` (relative to the repository) whose language is one of `langs`. */
export function codeBlocks(file: string, langs: readonly string[]): CodeBlock[] {
  const lines = readFileSync(join(repoRoot, file), 'utf8').split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  let heading = '';
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (/^#{1,6} /.test(line)) heading = line;
    const open = /^(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (!open) continue;
    const close = lines.findIndex((candidate, end) => end > index && candidate.trimEnd() === open[1]);
    if (close === -1) throw new Error(`the code block at ${file}:${index + 1} is never closed`);
    const lang = open[2] ?? '';
    if (langs.includes(lang)) blocks.push({ file, line: index + 1, lang, code: `${lines.slice(index + 1, close).join('\n')}\n`, heading });
    index = close;
  }
  return blocks;
}

/** The Markdown files that ship with the package and hold code: README.md and docs/*.md. */
export function shippedDocs(): string[] {
  return [
    'README.md',
    ...readdirSync(join(repoRoot, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
}

/**
 * A consumer's project in a temp dir: the packed checkout-lookup and its valibot copied from `app`, where
 * `npm install <tarball>` put them, every other package (types, vitest, msw, happy-dom...) linked from this repository's node_modules.
 */
export function consumerProject(app: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-lookup-consumer-'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "consumer", "version": "1.0.0", "private": true, "type": "module" }\n');
  mkdirSync(join(dir, 'node_modules'));
  const own = new Set(['checkout-lookup', 'valibot']);
  // Copied, not linked: Node resolves a package's imports from its real path, and the optional peers
  // (msw, @hono/node-server) are to be found in this project, as in a user's.
  for (const name of own) cpSync(join(app, 'node_modules', name), join(dir, 'node_modules', name), { recursive: true });
  for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
    if (own.has(name) || name.startsWith('.')) continue;
    symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  return dir;
}
