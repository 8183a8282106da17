import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { Packed } from '../shared/packed.js';
import { NODE_24 } from '../shared/run.js';
import { codeBlocks, consumerProject } from './readme.js';

// The testing guide's examples (README.md "## Testing" and docs/testing.md, those for Node's test runners) run as
// written with vitest in a consumer's project where the packed package is installed, once with
// `environment: 'node'` and once with `environment: 'happy-dom'`, both with vitest's and happy-dom's default
// settings: a DOM hosted by Node is not a browser, so the examples that pass `apiKey` work in both, and the sandbox
// answers CORS for any origin, so happy-dom's same-origin policy lets serveSandbox's and MSW's answers through.
// Worker, Deno and Bun examples run in their own runtimes elsewhere.
const { app }: Packed = inject('packed');
const consumer = consumerProject(app);
afterAll(() => rmSync(consumer, { recursive: true, force: true }));

const forNode = (code: string) => !/\bDeno\.|\bBun\.|ExportedHandler|from '\.\/worker\.js'|^\/\/ (worker|vitest\.config)\.ts/m.test(code);
const examples = [
  ...codeBlocks('README.md', ['ts']).filter((block) => block.heading === '## Testing'),
  ...codeBlocks('docs/testing.md', ['ts']).filter((block) => forNode(block.code)),
];
const dir = join(consumer, 'examples');
mkdirSync(dir);
let expected = 0;
examples.forEach((block) => {
  const name = `${block.file.replace(/\W/g, '-')}-${block.line}`;
  if (/from 'vitest'/.test(block.code)) {
    writeFileSync(join(dir, `${name}.test.ts`), block.code);
    expected += [...block.code.matchAll(/^test\(/gm)].length;
  } else {
    // A script: it runs when imported; a throw fails its test.
    writeFileSync(join(dir, `${name}.ts`), `${block.code}export {};\n`);
    writeFileSync(
      join(dir, `${name}.test.ts`),
      `import { test } from 'vitest';\ntest('${name} runs as written', async () => {\n  await import('./${name}.js');\n});\n`,
    );
    expected += 1;
  }
});
// The environment each run is in, seen from inside it.
writeFileSync(
  join(dir, 'environment.test.ts'),
  `import { expect, test } from 'vitest';\ntest('environment', () => {\n  expect(typeof document).toBe(process.env['EXPECT_DOCUMENT']);\n});\n`,
);

interface Report {
  numTotalTests: number;
  numPassedTests: number;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

// The configurations: the guide's own for happy-dom, vitest's defaults for node.
const happyDomConfig = codeBlocks('docs/testing.md', ['ts']).find(
  (block) => block.heading === '### In a DOM test environment (happy-dom)' && block.code.startsWith('// vitest.config.ts'),
);
const CONFIGS: Record<string, string> = {
  node: "export default { test: { environment: 'node' } };\n",
  'happy-dom': happyDomConfig?.code ?? '',
};

function vitest(environment: string, expectDocument: string): Promise<Report> {
  const config = join(consumer, `vitest.${environment}.config.ts`);
  writeFileSync(config, CONFIGS[environment]!);
  const output = join(consumer, `report.${environment}.json`);
  const env: Record<string, string | undefined> = { ...process.env, EXPECT_DOCUMENT: expectDocument };
  // The vitest running this file says so in its environment; the one started here is a user's own.
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'NODE_OPTIONS' || name === 'TEST') delete env[name];
  // A test's time limit of 30 s, not vitest's 5 s: these check what the examples do, and this file runs beside others
  // on a busy machine, where one example once took more than 5 s.
  const args = [
    join(consumer, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    config,
    '--testTimeout=30000',
    '--reporter=json',
    `--outputFile=${output}`,
  ];
  return new Promise((resolve, reject) =>
    execFile(NODE_24, args, { cwd: consumer, env, timeout: 150_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        resolve(JSON.parse(readFileSync(output, 'utf8')) as Report);
      } catch {
        reject(new Error(`vitest (${environment}) wrote no report: ${error?.message}\n${stdout}\n${stderr}`));
      }
    }),
  );
}

const failures = (report: Report) =>
  report.testResults.flatMap((file) => [
    ...(file.status === 'failed' && file.assertionResults.length === 0 ? [`${file.name}: ${file.message}`] : []),
    ...file.assertionResults
      .filter((result) => result.status !== 'passed')
      .map((result) => `${result.fullName}: ${result.failureMessages.join('\n')}`),
  ]);

describe("the testing guide's examples pass under vitest", () => {
  test("they are found: the README's, and the guide's own, MSW and serveSandbox among them", () => {
    expect(examples.filter((block) => block.file === 'README.md')).toHaveLength(1);
    expect(examples.some((block) => block.code.includes("from 'checkout-lookup/testing/msw'"))).toBe(true);
    expect(examples.some((block) => block.code.includes("from 'checkout-lookup/testing/node'"))).toBe(true);
    expect(expected).toBeGreaterThanOrEqual(8);
    expect(happyDomConfig?.code).toContain("environment: 'happy-dom'");
    // happy-dom's default settings: its same-origin policy on, nothing turned off for the sandbox.
    expect(happyDomConfig?.code).not.toMatch(/environmentOptions|happyDOM|disableSameOriginPolicy/);
  });

  test.each([
    ['node', 'undefined'],
    ['happy-dom', 'object'],
  ])("with environment: '%s'", { timeout: 180_000 }, async (environment, expectDocument) => {
    const report = await vitest(environment, expectDocument);
    expect(failures(report)).toEqual([]);
    expect(report.numPassedTests).toBe(expected + 1);
  });
});
