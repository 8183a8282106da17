import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The worker imports the built package (as a user would), and the tests use the built sandbox.
export default function checkBuilt(): void {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  for (const file of ['dist/index.js', 'dist/testing/index.js', 'dist/testing/node.js']) {
    if (!existsSync(`${root}${file}`)) throw new Error(`${file} is missing: run \`npm run build\` before these tests`);
  }
}
