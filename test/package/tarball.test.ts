import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { repoRoot } from '../shared/run.js';

const { tarball, files, canary }: Packed = inject('packed');
// The tarball's contents, extracted once, to read what a user gets.
const extracted = mkdtempSync(join(tmpdir(), 'checkout-lookup-tarball-'));
execFileSync('tar', ['-xzf', tarball, '-C', extracted]);
afterAll(() => rmSync(extracted, { recursive: true, force: true }));
const read = (path: string) => readFileSync(join(extracted, 'package', path), 'utf8');
/** The fields of the packed package.json these tests read. */
interface Manifest {
  version: string;
  main: string;
  module: string;
  types: string;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  typesVersions: Record<string, unknown>;
  [field: string]: unknown;
}
const manifest = JSON.parse(read('package.json')) as Manifest;
// Links to this project's repository on the web: `…/blob/<ref>/<path>`, `…/tree/<ref>/<path>`, `…/raw/<ref>/<path>`.
const REPOSITORY_FILE = /^https:\/\/github\.com\/checkout-lookup\/checkout-lookup\/(?:blob|tree|raw)\/[^/]+\/([^#?]+)/;

/** Every string target under an exports / typesVersions / bin value. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(targets);
  if (value && typeof value === 'object') return Object.values(value).flatMap(targets);
  return [];
}
const inTarball = (target: string) => target.replace(/^\.\//, '');
const TOP_LEVEL = [
  'package.json',
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
  'wrangler.toml',
  'scripts/checkout-lookup.mjs',
  'scripts/command-line.mjs',
  'scripts/create.mjs',
  'scripts/start.mjs',
  'scripts/dev-vars.mjs',
  'scripts/deploy.mjs',
];

/** The `#anchors` GitHub makes of a Markdown file's headings. */
function anchorsOf(markdown: string): Set<string> {
  const headings = [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)];
  return new Set(
    headings.map(
      (m) =>
        `#${m[1]!
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-')}`,
    ),
  );
}

describe('npm pack from a clean clone', () => {
  test('ships dist, docs, the sample worker template and its scripts, README.md, LICENSE, CHANGELOG.md, package.json', () => {
    for (const file of [
      ...TOP_LEVEL,
      'dist/index.js',
      'docs/testing.md',
      'docs/service.md',
      'docs/openapi.json',
      'worker/index.ts',
      'worker/README.md',
    ]) {
      expect(files).toContain(file);
    }
    const elsewhere = files.filter((file) => !/^(dist|docs|worker)\//.test(file) && !TOP_LEVEL.includes(file));
    expect(elsewhere).toEqual([]);
    // The template is the repository's worker/ as a whole, whatever files it holds: what git tracks there.
    const tracked = execFileSync('git', ['ls-files', 'worker'], { cwd: repoRoot, encoding: 'utf8' }).trim().split('\n');
    expect(files.filter((file) => file.startsWith('worker/')).sort()).toEqual(tracked.sort());
    // The screenshots of docs/ (42 PNGs, 2.4 MB: 99 % of the tarball) stay in the repository; worker/README.md links
    // them by their web address. A package of a 5 KB SDK is not a gallery.
    expect(files.filter((file) => /\.(png|jpe?g|gif|webp)$/i.test(file))).toEqual([]);
    // Spelled out, for a clear message if "files" ever widens.
    // The one test that ships is the sample worker's own, which `npx checkout-lookup create` copies into a project.
    const own = files.filter((file) => !file.startsWith('worker/test/'));
    expect(files.filter((file) => file.startsWith('worker/test/'))).toEqual(['worker/test/worker.test.ts']);
    for (const file of own) expect(file).not.toMatch(/(^|\/)(src|test|bench|node_modules)\/|\.dev\.vars|(^|\/)\.env|\.tgz$|\.test\.|\.map$/);
  });

  test('every relative link in the shipped Markdown resolves inside the tarball, anchors included', () => {
    const markdown = files.filter((file) => file.endsWith('.md'));
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/testing.md', 'worker/README.md']));
    let checked = 0;
    for (const file of markdown) {
      for (const [, link] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link!)) continue; // https:, mailto: ...
        const [path, anchor] = link!.split('#') as [string, string | undefined];
        const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path));
        expect(files, `${file} links to ${link}`).toContain(target);
        if (anchor !== undefined && target.endsWith('.md')) expect(anchorsOf(read(target)), `${file} links to ${link}`).toContain(`#${anchor}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('has the JS, CJS, .d.ts and .d.cts of every export, and every file package.json points at', () => {
    const subpaths = Object.entries(manifest.exports).filter(([subpath]) => subpath !== './package.json');
    expect(subpaths.map(([subpath]) => subpath)).toEqual(expect.arrayContaining(['.', './testing', './testing/node']));
    for (const [subpath, conditions] of subpaths) {
      expect(conditions, subpath).toMatchObject({
        import: { types: expect.stringMatching(/^\.\/dist\/.+\.d\.ts$/), default: expect.stringMatching(/^\.\/dist\/.+\.js$/) },
        require: { types: expect.stringMatching(/^\.\/dist\/.+\.d\.cts$/), default: expect.stringMatching(/^\.\/dist\/.+\.cjs$/) },
      });
    }
    const pointed = [
      manifest.main,
      manifest.module,
      manifest.types,
      ...targets(manifest.exports),
      ...targets(manifest.bin),
      ...targets(manifest.typesVersions).filter((target) => !target.includes('*')),
    ].filter(Boolean);
    for (const target of pointed) expect(files, `package.json points at ${target}`).toContain(inTarball(target));
  });

  test('holds no secret: the .dev.vars and .env of the checkout stay out, their key appears in no file', () => {
    const all = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? all(join(dir, entry.name)) : [join(dir, entry.name)]));
    const contents = all(join(extracted, 'package'));
    expect(contents).toHaveLength(files.length);
    for (const file of contents) expect(readFileSync(file, 'utf8').includes(canary), file).toBe(false);
  });

  test('says where it comes from: MIT LICENSE, repository, homepage, bugs, keywords, a changelog entry for its version', () => {
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: 'git+https://github.com/checkout-lookup/checkout-lookup.git' },
      homepage: 'https://github.com/checkout-lookup/checkout-lookup#readme',
      bugs: { url: 'https://github.com/checkout-lookup/checkout-lookup/issues' },
      keywords: expect.arrayContaining(['checkout', 'sdk']),
    });
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 checkout-lookup contributors\n/);
    expect(read('CHANGELOG.md')).toContain(`## [${manifest.version}]`);
  });

  test('links to a shipped file are relative; web links into the repository name files that do not ship', () => {
    const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).trim().split('\n'));
    const absolute: string[] = [];
    for (const file of files.filter((name) => name.endsWith('.md'))) {
      for (const [, link] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = REPOSITORY_FILE.exec(link!)?.[1];
        if (path === undefined) continue;
        // Offline, or before the repository is public, a web link to a file the user already has leads nowhere.
        expect(files, `${file} links to ${link}, which ships: link it relatively`).not.toContain(path);
        expect(tracked, `${file} links to ${link}, which is not in the repository`).toContain(path);
        absolute.push(path);
      }
    }
    // What stays on the web: the benchmarks, the contributing guide and the pages' screenshots.
    expect(absolute).toEqual(expect.arrayContaining(['BENCHMARKS.md', 'CONTRIBUTING.md', expect.stringMatching(/^docs\/screenshots\/.+\.png$/)]));
  });
});
