import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The WebSocket address of the run's one Chromium (playwright's browser server), or '' when Chromium is missing. */
    chromiumEndpoint: string;
  }
}

/**
 * Global setup of the e2e project: one Chromium for every file of the run, instead of one per file. Each file connects
 * to it (`launch()` in browser.ts) and opens its own contexts, so no cookie, storage or route is shared between files;
 * a file's `browser.close()` ends its connection and its contexts, not the browser. When Chromium is missing the files
 * skip themselves (chromiumAvailable), so nothing is started.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    project.provide('chromiumEndpoint', '');
    return async () => {};
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    expectPlaywrightsFeaturesOff(server.process().pid);
  } catch (error) {
    await server.close();
    throw error;
  }
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

/**
 * Chromium keeps only the last `--disable-features` of its command line, and CHROMIUM_ARGS' comes after Playwright's
 * own. Fails when Playwright's names a feature that CHROMIUM_ARGS' does not (a newer playwright-core), so that feature
 * is not silently turned back on.
 */
function expectPlaywrightsFeaturesOff(pid: number | undefined) {
  const file = `/proc/${pid}/cmdline`;
  if (pid === undefined || !existsSync(file)) return;
  const lists = readFileSync(file, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length));
  const ours = CHROMIUM_ARGS.find((arg) => arg.startsWith('--disable-features='))?.slice('--disable-features='.length);
  if (lists.at(-1) !== ours) throw new Error(`Chromium's last --disable-features is not CHROMIUM_ARGS' own: ${lists.at(-1)}`);
  const kept = new Set(ours?.split(','));
  const missing = lists.flatMap((list) => list.split(',')).filter((feature) => !kept.has(feature));
  if (missing.length > 0) {
    throw new Error(`Chromium would run with ${missing.join(', ')} on: add them to PLAYWRIGHT_DISABLED_FEATURES in test/e2e/browser.ts`);
  }
}
