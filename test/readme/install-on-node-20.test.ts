import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { repoRoot } from '../shared/run.js';
import { section } from './readme.js';

// A contributor's first command on Node 20, CI's Node: `npm ci` works (npm scripts run the tools on the devDependencies'
// Node 24) and says so in one note, instead of one EBADENGINE warning per tool that wants Node 22.12. Run with
// Node 20 and the machine's npm, in copies of this repository's package.json, lockfile and .npmrc.
const { node20, tarball }: Packed = inject('packed');
const npm = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A temp folder holding copies of `files` of this repository. */
function copyOf(files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'install-on-node-20-'));
  dirs.push(dir);
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    copyFileSync(join(repoRoot, file), join(dir, file));
  }
  return dir;
}

/** `npm <args>` on Node 20 in `cwd`: its exit code and everything it printed. */
function npmOnNode20(cwd: string, args: readonly string[]): Promise<{ code: number; output: string }> {
  const env: Record<string, string | undefined> = { ...process.env, PATH: `${join(node20, '..')}:/usr/bin:/bin` };
  for (const name of Object.keys(env)) if (/^npm_/i.test(name) || name === 'NODE_OPTIONS') delete env[name];
  return new Promise((resolve) =>
    execFile(node20, [npm, ...args], { cwd, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : Number(error.code ?? 1), output: `${stdout}${stderr}` }),
    ),
  );
}

/** The lowest Node that vitest's `engines` allow, such as `22.12`: the tools' need. */
function toolsNeed(): string {
  const { engines } = JSON.parse(readFileSync(join(repoRoot, 'node_modules/vitest/package.json'), 'utf8')) as { engines: { node: string } };
  const [, major, minor] = /(\d+)\.(\d+)\.\d+/.exec(engines.node) ?? [];
  return `${major}.${minor}`;
}

describe('npm ci on Node 20', () => {
  test('this is Node 20', () => {
    expect(execFileSync(node20, ['--version'], { encoding: 'utf8' })).toMatch(/^v20\./);
  });

  test('resolves the lockfile with no EBADENGINE warning, where npm without .npmrc prints one per tool', { timeout: 120_000 }, async () => {
    const args = ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'];
    const quiet = await npmOnNode20(copyOf(['package.json', 'package-lock.json', '.npmrc']), args);
    expect(quiet.code, quiet.output).toBe(0);
    expect(quiet.output).not.toMatch(/\bnpm warn\b|EBADENGINE/);
    // The same without the repository's .npmrc: the warnings it keeps out.
    const loud = await npmOnNode20(copyOf(['package.json', 'package-lock.json']), args);
    expect(loud.code, loud.output).toBe(0);
    expect(loud.output.match(/^npm warn EBADENGINE Unsupported engine \{$/gm)?.length).toBeGreaterThan(10);
    expect(loud.output).toContain(`required: { node: '>=${toolsNeed()}.0' }`);
  });

  test('prints, after installing, one note that says what the Node means and that nothing needs doing', { timeout: 120_000 }, async () => {
    // The repository's own scripts, run by a real `npm ci` of a project that has no dependencies.
    const dir = copyOf(['.npmrc', 'scripts/install-note.mjs']);
    const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'clone', version: '1.0.0', scripts }));
    await npmOnNode20(dir, ['install', '--offline', '--no-audit', '--no-fund']); // writes the lockfile npm ci needs
    const { code, output } = await npmOnNode20(dir, ['ci', '--offline', '--no-audit', '--no-fund']);
    expect(code, output).toBe(0);
    const version = execFileSync(node20, ['--version'], { encoding: 'utf8' }).trim().slice(1);
    const note = output.slice(output.indexOf('checkout-lookup: '));
    expect(note).toMatch(new RegExp(`^checkout-lookup: npm runs on Node ${version.replaceAll('.', '\\.')}, `));
    expect(note.replace(/\s+/g, ' ')).toContain(`need Node ${toolsNeed()} or later. Nothing to do: npm scripts and npx run them on the Node 24`);
    expect(output).not.toMatch(/\bnpm warn\b/);
  });

  test("the README's and CONTRIBUTING's setup name the Node the tools need, and that Node 24 comes with them", () => {
    const readme = section(/^## Contributing$/).lines.join(' ');
    expect(readme).toContain(`with Node ${toolsNeed()} or later (Node 24 comes with the devDependencies`);
    const contributing = readFileSync(join(repoRoot, 'CONTRIBUTING.md'), 'utf8');
    const setup = contributing.slice(
      contributing.indexOf('## Set up and try it'),
      contributing.indexOf('\n## ', contributing.indexOf('## Set up and try it')),
    );
    expect(setup.replace(/\s+/g, ' ')).toContain(`Requirements: **Node ${toolsNeed()} or later** with npm`);
    expect(setup).toContain('Node 24 comes with the `devDependencies`');
    // The devDependencies do bring Node 24.
    const { devDependencies } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(devDependencies.node).toMatch(/^\^24\./);
  });

  test('a project that installs the packed package hears of no install script of it', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'install-on-node-20-user-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'package.json'), '{ "name": "user", "version": "1.0.0", "private": true }\n');
    const { code, output } = await npmOnNode20(dir, ['install', tarball, '--offline', '--no-audit', '--no-fund']);
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/install-scripts|checkout-lookup: npm runs on|npm warn/);
  });

  test('prints nothing on a Node that runs the tools itself, nor when npm packs', async () => {
    const { installNote } = (await import(join(repoRoot, 'scripts/install-note.mjs'))) as {
      installNote: (userAgent?: string, command?: string) => string | undefined;
    };
    expect(installNote('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', 'ci')).toContain('Node 20.20.2');
    expect(installNote('npm/11.19.1 node/v22.11.0 linux x64 workspaces/false', 'install')).toContain('Node 22.11.0');
    expect(installNote(`npm/11.19.1 node/v${toolsNeed()}.0 linux x64 workspaces/false`, 'ci')).toBeUndefined();
    expect(installNote('npm/11.19.1 node/v24.21.0 linux x64 workspaces/false', 'ci')).toBeUndefined();
    expect(installNote('npm/11.19.1 node/v26.0.0 linux x64 workspaces/false', 'install')).toBeUndefined();
    expect(installNote('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false', 'pack')).toBeUndefined();
    expect(installNote(undefined, 'ci')).toBeUndefined();
  });
});
