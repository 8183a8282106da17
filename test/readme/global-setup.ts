import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script without types; its JSDoc says what it returns.
import { packAndInstall } from '../../scripts/pack-install.mjs';
import { repoRoot } from '../runtimes/child.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The user's project: package.json and node_modules/checkout-lookup (from the packed tarball), valibot. */
    readmeApp: string;
  }
}

/** Packs the built package and installs it into a temp project, as a user does, for every quickstart; removes it after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const packageDir = process.env['CHECKOUT_LOOKUP_PACKAGE_DIR'] ?? repoRoot;
  const installed = (await packAndInstall({ packageDir })) as { app: string; remove: () => Promise<void> };
  project.provide('readmeApp', installed.app);
  return () => installed.remove();
}
