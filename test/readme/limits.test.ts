import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../shared/run.js';
import { README, section } from './readme.js';

// The README is read in a minute: at most 300 lines, prose at most 120 characters a line, a table cell at most a
// sentence, and a first screen (40 lines) that says what the package is, installs it, shows the two-line call and
// the three ways to start, the scaffold first, with a table of contents whose links land on headings.
const text = readFileSync(README, 'utf8');
const lines = text.replace(/\n$/, '').split('\n');
const FIRST_SCREEN = 40;

/** The lines outside fenced code blocks, with their 1-based numbers. */
function prose(): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const open = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && open !== undefined) fence = open;
    else if (fence !== undefined && line.trimEnd() === fence) fence = undefined;
    else if (fence === undefined) out.push({ line: index + 1, text: line });
  });
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped but `-` and `_`, spaces as `-`. */
const anchor = (heading: string) =>
  heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('README.md reads in a minute', () => {
  test('it has at most 300 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(300);
  });

  test('every line but a table row has at most 120 characters', () => {
    const long = lines
      .map((line, index) => ({ line: index + 1, length: [...line].length }))
      .filter(({ line, length }) => {
        return length > 120 && !lines[line - 1]!.startsWith('|');
      });
    expect(long).toEqual([]);
  });

  test('every table cell is at most a sentence', () => {
    const cells = prose()
      .filter(({ text: line }) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
      .flatMap(({ line, text: row }) =>
        row
          .replace(/\\\|/g, '/')
          .split('|')
          .slice(1, -1)
          .map((cell) => ({ line, cell: cell.trim() })),
      );
    expect(cells.length).toBeGreaterThan(40);
    // Outside code spans and link targets, no sentence ends before the cell does, and none runs past 100 characters.
    const plain = (cell: string) => cell.replace(/`[^`]*`/g, 'code').replace(/\]\([^)]*\)/g, ']');
    const long = cells.filter(({ cell }) => /[.!?]\s+\S/.test(plain(cell)) || [...plain(cell)].length > 100);
    expect(long).toEqual([]);
  });

  test('its first screen says what it is, installs it, shows the two-line call and the three ways to start', () => {
    const screen = lines.slice(0, FIRST_SCREEN).join('\n');
    expect(lines[0]).toBe('# checkout-lookup');
    // What it is: the paragraph under the title names the two functions' job and the runtimes.
    expect(lines.slice(1, 5).join(' ')).toMatch(/checkout session or an order.*Cloudflare Workers, Deno, Bun, Node and browsers/);
    expect(screen).toMatch(/^```sh\nnpm install checkout-lookup\b/m);
    // The two-line call, as a block of exactly two lines.
    expect(screen).toMatch(/^```ts\nimport \{ getOrder \} from 'checkout-lookup';\nconst order = await getOrder\([^\n]*\);\n```$/m);
    // The three ways, numbered, the scaffold first, then the sandbox, then the quickstarts, each linking to its section.
    const ways = [...screen.matchAll(/^(\d)\. \*\*\[[^\]]+\]\(#([\w-]+)\)\*\*: (.*)$/gm)].map(([, number, target, rest]) => ({
      number,
      target,
      rest,
    }));
    expect(ways.map(({ number }) => number)).toEqual(['1', '2', '3']);
    expect(ways[0]!.rest).toContain('`npx checkout-lookup create');
    expect(ways[1]!.rest).toContain('`npx checkout-lookup-sandbox`');
    expect(ways[2]!.target).toBe('quickstarts');
    expect(screen).toMatch(/^## Contents$/m);
  });

  test('the table of contents, on the first screen, lists every section, and each way to start is in that order', () => {
    const contents = section(/^## Contents$/);
    expect(contents.start).toBeLessThan(FIRST_SCREEN);
    expect(contents.start + contents.lines.length).toBeLessThanOrEqual(FIRST_SCREEN);
    const listed = new Set([...contents.lines.join('\n').matchAll(/\]\(#([\w-]+)\)/g)].map(([, target]) => target));
    const sections = lines.filter((line) => /^## /.test(line) && line !== '## Contents' && line !== '## License').map(anchor);
    expect(sections.filter((target) => !listed.has(target))).toEqual([]);
    expect(sections.slice(0, 3)).toEqual(['start-with-a-worker-create', 'try-it-the-sandbox', 'quickstarts']);
  });

  test('every link to a heading of the README lands on one', () => {
    const headings = new Set(lines.filter((line) => /^#{1,6} /.test(line)).map(anchor));
    const targets = prose().flatMap(({ line, text: row }) => [...row.matchAll(/\]\(#([^)]+)\)/g)].map(([, target]) => ({ line, target })));
    expect(targets.length).toBeGreaterThan(15);
    expect(targets.filter(({ target }) => !headings.has(target!))).toEqual([]);
  });

  test('each quickstart but the browser note is numbered steps, the first naming what to use', () => {
    const quickstarts = section(/^## Quickstarts$/);
    const headings = quickstarts.lines.filter((line) => line.startsWith('### '));
    expect(headings).toEqual(['### Cloudflare Workers', '### Deno', '### Bun', '### Node (20.3 or later)', '### In a browser']);
    for (const heading of headings.slice(0, -1)) {
      const steps = section(new RegExp(`^${heading.replace(/[()]/g, '\\$&')}$`)).lines.filter((line) => /^\d+\. /.test(line));
      expect(steps[0], heading).toMatch(/^1\. Use (Node|Deno|Bun) \d/);
      expect(
        steps.map((step) => Number(/^\d+/.exec(step)![0])),
        heading,
      ).toEqual(steps.map((_, index) => index + 1));
      expect(
        steps.some((step) => /^\d+\. Write `[^`]+`/.test(step)),
        heading,
      ).toBe(true);
      expect(steps.at(-1), heading).toMatch(/\bit prints `/);
    }
  });

  test('the scaffold names the Node version wrangler needs before its commands', () => {
    const wrangler = JSON.parse(readFileSync(join(repoRoot, 'node_modules/wrangler/package.json'), 'utf8')) as { engines: { node: string } };
    const [, version] = /^>=(\d+\.\d+)\.0$/.exec(wrangler.engines.node) ?? [];
    const scaffold = section(/^## Start with a Worker/).lines.filter((line) => line.trim() !== '');
    expect(scaffold[0]).toMatch(new RegExp(`^1\\. Use Node ${version!.replace('.', '\\.')} or later\\b.*\\bwrangler\\b`));
  });
});
