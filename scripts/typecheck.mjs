// Type-checks every TypeScript project of the repository: the package, the worker and each test area.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const projects = [
  'tsconfig.json',
  'worker/tsconfig.json',
  ...readdirSync('test').map((area) => `test/${area}/tsconfig.json`),
].filter((project) => existsSync(project));

for (const project of projects) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  console.log(`typecheck: ${project} ok`);
}
