import { execFileSync } from 'node:child_process';
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import packed from '../shared/packed.js';
import { NODE_24 } from '../shared/run.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** `import.meta.resolve('checkout-lookup')` from the user's project, as Node resolves it through the exports map. */
    runtimesEntryUrl: string;
    /** The names the package exports, as Node 24 imports it from that project, sorted. */
    runtimesExports: string[];
  }
}

/** The shared packed install (test/shared/packed.ts), with the fixtures copied into the user's project. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const teardown = await packed(project);
  const { app } = project.getProvidedContext().packed;
  const fixtures = join(import.meta.dirname, 'fixtures');
  for (const file of await readdir(fixtures)) await copyFile(join(fixtures, file), join(app, file));
  const entryUrl = execFileSync(NODE_24, ['--input-type=module', '-e', "console.log(import.meta.resolve('checkout-lookup'))"], {
    cwd: app,
    encoding: 'utf8',
    timeout: 30_000,
  }).trim();
  project.provide('runtimesEntryUrl', entryUrl);
  const names = execFileSync(
    NODE_24,
    ['--input-type=module', '-e', "console.log(JSON.stringify(Object.keys(await import('checkout-lookup')).sort()))"],
    {
      cwd: app,
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  project.provide('runtimesExports', JSON.parse(names) as string[]);
  return teardown;
}
