// A private copy of the built package for one bench run. Others may rebuild dist/ (tsup cleans it first) while
// the bench runs; every measurement reads this copy instead, so all of them see the same, complete build.
// Layout, as npm would install it for a user:
//   <dir>/package.json
//   <dir>/node_modules/checkout-lookup/{package.json,dist/}   copied
//   <dir>/node_modules/{valibot,@hono}                          links to the project's node_modules
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const REQUIRED = ['index.js', 'testing/index.js', 'testing/node.js'];

export async function snapshotPackage({ attempts = 5 } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'checkout-lookup-bench-pkg-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const packageDir = join(dir, 'node_modules', 'checkout-lookup');
    for (let attempt = 1; ; attempt++) {
      await rm(packageDir, { recursive: true, force: true });
      await mkdir(packageDir, { recursive: true });
      try {
        await cp(join(ROOT, 'package.json'), join(packageDir, 'package.json'));
        await cp(join(ROOT, 'dist'), join(packageDir, 'dist'), { recursive: true });
        if (REQUIRED.every((file) => existsSync(join(packageDir, 'dist', file)))) break;
      } catch {
        // dist/ changed under the copy: try again.
      }
      if (attempt >= attempts) throw new Error('dist/ kept changing or is incomplete (is someone rebuilding it?)');
      await new Promise((resolveWait) => setTimeout(resolveWait, 3000));
    }
    for (const name of ['valibot', '@hono']) {
      await symlink(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
    }
    await writeFile(join(dir, 'package.json'), '{ "name": "checkout-lookup-bench", "private": true, "type": "module" }\n');
    return { dir, packageDir, dist: join(packageDir, 'dist'), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
