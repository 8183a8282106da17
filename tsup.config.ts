import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'testing/node': 'src/testing/node.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  // Library builds stay readable: users' bundlers minify, and stack traces help them.
  minify: false,
  splitting: false,
  treeshake: false,
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  external: ['valibot', '@hono/node-server', /^node:/],
});
