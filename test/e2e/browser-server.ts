import { existsSync } from 'node:fs';
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
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
