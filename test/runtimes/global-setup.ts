import { execFileSync } from 'node:child_process';
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script without types; its JSDoc says what it returns.
import { packAndInstall } from '../../scripts/pack-install.mjs';
import { NODE_24, repoRoot } from './child.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The user's project: package.json, node_modules/checkout-lookup (from the packed tarball), valibot, fixtures. */
    runtimesApp: string;
    /** `import.meta.resolve('checkout-lookup')` from that project, as Node resolves it through the exports map. */
    runtimesEntryUrl: string;
  }
}

/** Packs the built package and installs it into a temp project once for every runtime test; removes it after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const packageDir = process.env['CHECKOUT_LOOKUP_PACKAGE_DIR'] ?? repoRoot;
  const installed = (await packAndInstall({ packageDir })) as { app: string; remove: () => Promise<void> };
  try {
    const fixtures = join(import.meta.dirname, 'fixtures');
    for (const file of await readdir(fixtures)) await copyFile(join(fixtures, file), join(installed.app, file));
    const entryUrl = execFileSync(NODE_24, ['--input-type=module', '-e', "console.log(import.meta.resolve('checkout-lookup'))"], {
      cwd: installed.app,
      encoding: 'utf8',
      timeout: 30_000,
    }).trim();
    project.provide('runtimesApp', installed.app);
    project.provide('runtimesEntryUrl', entryUrl);
  } catch (error) {
    await installed.remove();
    throw error;
  }
  return () => installed.remove();
}
