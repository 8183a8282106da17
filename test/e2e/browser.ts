import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether Chromium is here. In CI its absence is a failure (CI installs it); on a developer's machine the e2e
 * tests are skipped, loudly.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: CI must install Chromium (apt-get install -y chromium)`);
  console.warn(`\n\n  !!! e2e SKIPPED: ${CHROMIUM} not found. Install it with: sudo apt-get install -y chromium\n\n`);
  return false;
}

/**
 * The features Playwright turns off when it launches Chromium (its `--disable-features`, in playwright-core's
 * chromiumSwitches). Chromium keeps only the last `--disable-features` of its command line, so the one in
 * CHROMIUM_ARGS names these again; browser-server.ts checks the launched browser's command line against them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The flags every test's Chromium runs with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing but loopback: every other host name fails to resolve without a DNS query.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  // Headless Chromium opens a browser window per context, and each window preloads its address bar's drop-down, a
  // WebUI page in a renderer of its own: about 2.5 s of CPU per context, a sixth of page-states' CPU. No test types
  // into an address bar. Nor a spare renderer process kept warm for the next navigation: Chromium started one after
  // most navigations and ended it about a second later unused, some 200 processes in a run of page-states.
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'].join(',')}`,
];

/**
 * A connection to the run's one Chromium (browser-server.ts, the e2e project's global setup): contexts opened on it are
 * this file's own, and `close()` ends them and the connection, not the browser.
 */
export function launch(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (!endpoint) throw new Error(`no Chromium to connect to: the e2e project's global setup found none at ${CHROMIUM}`);
  return chromium.connect(endpoint);
}

const COLOURS = ['#b5651d', '#6b8e23', '#4682b4', '#8b4513'];

/**
 * Keeps the browser on loopback: product images (https://images.example.com/…) are answered with a local SVG
 * placeholder, anything else off loopback is refused.
 */
export async function stayOnLoopback(context: BrowserContext): Promise<string[]> {
  const refused: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'images.example.com') {
        const name = url.pathname.split('/').at(-1) ?? '?';
        const colour = COLOURS[name.length % COLOURS.length];
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="${colour}"/><text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${name[0]?.toUpperCase()}</text></svg>`;
        await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svg });
        return;
      }
      refused.push(url.href);
      await route.abort('blockedbyclient');
    },
  );
  return refused;
}

/** The built package as a browser bundles it (`export * from 'checkout-lookup'`, ESM), for pages served to Chromium. */
export async function sdkForBrowsers(): Promise<string> {
  const bundle = await build({
    stdin: { contents: "export * from 'checkout-lookup';", resolveDir: fileURLToPath(new URL('../../', import.meta.url)), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return bundle.outputFiles[0]!.text;
}
