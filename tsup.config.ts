import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';

// The command-line entry bundles @hono/node-server: its MIT licence travels with it.
const honoLicense = readFileSync('node_modules/@hono/node-server/LICENSE', 'utf8').trim();

// The optional peers load with a top-level await in ES modules, so a missing one can be named; CommonJS has no
// top-level await: its build takes the `require` twin (src/testing/load-*.cjs) of each loader.
const peersForCommonJs: Plugin = {
  name: 'peers-for-commonjs',
  setup(build) {
    if (build.initialOptions.format !== 'cjs') return;
    build.onResolve({ filter: /^\.\/load-(hono|msw)\.js$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\.js$/, '.cjs')) }));
  },
};

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      'testing/index': 'src/testing/index.ts',
      'testing/node': 'src/testing/node.ts',
      'testing/msw': 'src/testing/msw.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    // Everything but the command-line entry, built beside this one at the same time.
    clean: ['!testing/cli.js'],
    // Library builds stay readable: users' bundlers minify, and stack traces help them.
    minify: false,
    splitting: false,
    treeshake: false,
    sourcemap: false,
    target: 'es2022',
    platform: 'neutral',
    external: ['valibot', '@hono/node-server', 'msw', /^node:/],
    esbuildPlugins: [peersForCommonJs],
  },
  {
    // `checkout-lookup-sandbox`: one ES module for Node, with @hono/node-server (and the bit of hono it uses)
    // bundled, so `npx checkout-lookup-sandbox` works with nothing but this package installed.
    entry: { 'testing/cli': 'src/testing/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    minify: false,
    splitting: false,
    sourcemap: false,
    target: 'node20',
    platform: 'node',
    noExternal: ['@hono/node-server', 'hono'],
    footer: { js: `/*! Bundled: @hono/node-server (https://github.com/honojs/node-server)\n${honoLicense}\n*/` },
  },
]);
