#!/usr/bin/env node
// Installs the BUILT package the way a user does: `npm pack` the project (only what package.json "files"
// publishes), then `npm install <tarball>` into a fresh project in a temp dir, which brings valibot from the
// registry. Shared by the runtime tests (test/runtimes/global-setup.ts); also runnable by hand:
//
//   node scripts/pack-install.mjs            prints the directory of the installed project (remove it after)

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packs `packageDir` and installs the tarball into a new project.
 *
 * @param {{ packageDir?: string, parent?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ dir: string, app: string, tarball: string, remove: () => Promise<void> }>} `app` is the
 * user's project (its node_modules holds checkout-lookup and valibot); `remove()` deletes `dir` and all in it.
 */
export async function packAndInstall({ packageDir = root, parent = tmpdir(), timeoutMs = 180_000 } = {}) {
  if (!existsSync(join(packageDir, 'dist', 'index.js'))) {
    throw new Error(`${join(packageDir, 'dist', 'index.js')} does not exist: run \`npm run build\` first`);
  }
  const dir = await mkdtemp(join(parent, 'checkout-lookup-install-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const packed = await npm(['pack', '--json', '--pack-destination', dir], packageDir, timeoutMs);
    const [{ filename } = {}] = JSON.parse(packed);
    if (typeof filename !== 'string') throw new Error(`npm pack printed no filename:\n${packed}`);
    const tarball = join(dir, filename);

    const app = join(dir, 'app');
    await mkdir(app);
    await writeFile(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'runtime-app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
    );
    // No lifecycle scripts: the package has none, and a user's install of it must not need any.
    await npm(['install', tarball, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], app, timeoutMs);
    for (const name of ['checkout-lookup', 'valibot']) {
      if (!existsSync(join(app, 'node_modules', name, 'package.json'))) {
        throw new Error(`npm install left no node_modules/${name} in ${app}`);
      }
    }
    return { dir, app, tarball, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

function npm(args, cwd, timeout) {
  return new Promise((resolvePromise, reject) => {
    execFile('npm', args, { cwd, timeout, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const why = error.killed ? `timed out after ${timeout} ms` : `exited with ${error.code ?? error.signal}`;
        reject(new Error(`\`npm ${args.join(' ')}\` in ${cwd} ${why}\n${stdout}\n${stderr}`.trim()));
      } else {
        resolvePromise(stdout);
      }
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { app } = await packAndInstall({ packageDir: process.env.CHECKOUT_LOOKUP_PACKAGE_DIR ?? root });
  console.log(app);
}
