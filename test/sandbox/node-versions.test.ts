import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { knownNode20 } from '../shared/run.js';
import { buildIfStale } from './bin.js';

// The built package on the Node versions it meets: what needs a newer Node than the package's own 20.3 says so when it
// is loaded, in one line, instead of failing later deep inside a dependency.
const DIST = join(resolve(import.meta.dirname, '../..'), 'dist');
const NODE_24 = join(resolve(import.meta.dirname, '../..'), 'node_modules/.bin/node');
const NODE_20 = knownNode20();

/** Loads `file` of dist/ in `node` as ES module or CommonJS; prints how it went as JSON. */
async function load(node: string, file: string, as: 'import' | 'require'): Promise<{ loaded: string[] } | { name: string; message: string }> {
  const path = JSON.stringify(join(DIST, file));
  const script = `try {
  const loaded = ${as === 'import' ? `await import(${path})` : `require(${path})`};
  console.log(JSON.stringify({ loaded: Object.keys(loaded).filter((key) => key !== 'default' && key !== 'module.exports').sort() }));
} catch (error) {
  console.log(JSON.stringify({ name: error.name, message: error.message }));
}`;
  const flags = as === 'import' ? ['--input-type=module', '-e', script] : ['-e', `(async () => { ${script} })()`];
  const { stdout } = await promisify(execFile)(node, flags, { timeout: 60_000 });
  return JSON.parse(stdout);
}

beforeAll(buildIfStale, 120_000);

describe.runIf(NODE_20)('on Node 20', () => {
  test.each(['import', 'require'] as const)(
    'checkout-lookup/testing/msw (%s) fails at once, naming the Node it needs and the one it found',
    async (as) => {
      const version = (await promisify(execFile)(NODE_20!, ['-p', 'process.versions.node'])).stdout.trim();
      expect(await load(NODE_20!, `testing/msw.${as === 'import' ? 'js' : 'cjs'}`, as)).toEqual({
        name: 'Error',
        message: `checkout-lookup/testing/msw needs Node 22.12 or later (msw 3 does); this is Node ${version}`,
      });
    },
  );

  test.each([
    ['index', ['getOrder', 'getSession']],
    ['testing/index', ['createSandbox']],
    ['testing/node', ['serveSandbox']],
  ])('%s loads, as ES module and CommonJS', async (entry, names) => {
    for (const as of ['import', 'require'] as const) {
      const result = await load(NODE_20!, `${entry}.${as === 'import' ? 'js' : 'cjs'}`, as);
      expect(result, `${entry} (${as})`).toMatchObject({ loaded: expect.arrayContaining(names) });
    }
  });
});

test.each(['import', 'require'] as const)('on Node 24, checkout-lookup/testing/msw (%s) loads', async (as) => {
  expect(await load(NODE_24, `testing/msw.${as === 'import' ? 'js' : 'cjs'}`, as)).toEqual({ loaded: ['sandboxHandlers'] });
});
