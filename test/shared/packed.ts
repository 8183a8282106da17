import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { knownNode20, repoRoot } from './run.js';

/** What the shared setup made, once per vitest run, for every project that uses the packed package. */
export interface Packed {
  /** The tarball `npm pack` wrote from a clean clone (its `prepack` built dist there). */
  readonly tarball: string;
  /** Paths inside the tarball, as `npm pack --json` lists them. */
  readonly files: readonly string[];
  /** A secret written to .dev.vars and .env in the clone before packing, as `npm start` leaves them in a checkout. */
  readonly canary: string;
  /** A user's project where the tarball is installed with `npm install <tarball>` (valibot from the registry). */
  readonly app: string;
  /** The package's `checkout-lookup` command as npm installed it in `app`: what `npx checkout-lookup` runs there. */
  readonly bin: string;
  /** A Node 20 binary: see `knownNode20` in run.ts. */
  readonly node20: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    packed: Packed;
  }
}

const SHARED = Symbol.for('checkout-lookup.test.packed');
type Shared = { packing: Promise<Packed & { dir: string }>; users: number };

/**
 * Global setup shared by the runtimes, readme and package projects: the first one packs and installs, the others
 * reuse it (vitest runs every project's global setup in its one main process); the last teardown removes it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scope = globalThis as { [SHARED]?: Shared };
  scope[SHARED] ??= { packing: packAndInstall(), users: 0 };
  const shared = scope[SHARED];
  shared.users++;
  const { dir, ...packed } = await shared.packing;
  project.provide('packed', packed);
  return async () => {
    if (--shared.users > 0) return;
    delete scope[SHARED];
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * Clones the repository into a temp dir at HEAD, or at the working tree's tracked changes when there are some
 * (`git stash create` makes that commit without touching the worktree; untracked files stay out, as in a clone),
 * links this checkout's node_modules instead of a slow `npm ci`, runs `npm pack` there (`prepack` builds dist),
 * and installs the tarball into a fresh project.
 */
async function packAndInstall(): Promise<Packed & { dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'checkout-lookup-packed-'));
  try {
    const commit = (await command('git', ['stash', 'create'], repoRoot)).trim() || (await command('git', ['rev-parse', 'HEAD'], repoRoot)).trim();
    const clone = join(dir, 'clone');
    await command('git', ['clone', '--quiet', '--shared', '--no-checkout', repoRoot, clone], dir);
    await command('git', ['checkout', '--quiet', '--detach', commit], clone);
    const canary = `sk_canary_${randomUUID()}`;
    await writeFile(join(clone, '.dev.vars'), `API_KEY=${canary}\n`);
    await writeFile(join(clone, '.env'), `API_KEY=${canary}\n`);
    await symlink(join(repoRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');

    const output = await command('npm', ['pack', '--json', '--pack-destination', dir], clone);
    const [result] = JSON.parse(output.slice(output.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
    const tarball = join(dir, result.filename);

    const app = join(dir, 'app');
    await mkdir(app);
    await writeFile(join(app, 'package.json'), '{ "name": "user-app", "version": "1.0.0", "private": true, "type": "module" }\n');
    await command('npm', ['install', tarball, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], app);
    for (const name of ['checkout-lookup', 'valibot']) {
      if (!existsSync(join(app, 'node_modules', name, 'package.json'))) throw new Error(`npm install left no node_modules/${name} in ${app}`);
    }
    const node20 = knownNode20() ?? (await fetchNode20());
    return { dir, tarball, files: result.files.map((file) => file.path), canary, app, bin: join(app, 'node_modules/.bin/checkout-lookup'), node20 };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Node 20 from the npm registry (node-<platform>-<arch>, the binary package the `node` package installs), cached. */
async function fetchNode20(): Promise<string> {
  const cache = join(tmpdir(), `checkout-lookup-node20-${process.platform}-${process.arch}`);
  const binary = join(cache, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  await mkdir(cache, { recursive: true });
  const output = await command('npm', ['pack', `node-${process.platform}-${process.arch}@20`, '--json', '--pack-destination', cache], cache);
  const [{ filename }] = JSON.parse(output.slice(output.indexOf('['))) as [{ filename: string }];
  await command('tar', ['-xzf', filename], cache);
  await rm(join(cache, filename));
  return binary;
}

function command(program: string, args: readonly string[], cwd: string): Promise<string> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // vitest's flags are for vitest's own Node
  return new Promise((resolve, reject) => {
    execFile(program, args, { cwd, env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`\`${program} ${args.join(' ')}\` in ${cwd} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}
