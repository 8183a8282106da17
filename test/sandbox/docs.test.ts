import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildIfStale, killAll, startBin, type Bin } from './bin.js';

// docs/testing.md's control API commands run as written, in order, against the built bin started as the doc says,
// then those of docs/testing-reference.md's refused requests; each prints the status and body of the `# →` line under it.
const DOC = readFileSync(resolve(import.meta.dirname, '../../docs/testing.md'), 'utf8');
const REFERENCE = readFileSync(resolve(import.meta.dirname, '../../docs/testing-reference.md'), 'utf8');
const section = DOC.slice(DOC.indexOf('## The control API'), DOC.indexOf('## From a browser'));
const refusals = REFERENCE.slice(REFERENCE.indexOf('## Refused requests to the control API'));
const curls = (text: string) =>
  [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) =>
    [...block!.matchAll(/^(curl [^\n]*(?:\\\n[^\n]*)*)\n# → (\d{3})(?: (.*))?$/gm)].map(([, command, status, body]) => ({
      command: command!,
      status: Number(status),
      body: body ?? '',
    })),
  );
const guided = curls(section);
const refused = curls(refusals);
const commands = [...guided, ...refused];
let bin: Bin;
let url: string;

beforeAll(async () => {
  buildIfStale();
  expect(section).toContain('npx checkout-lookup-sandbox --port 8790 --key sk_sandbox_dev');
  bin = startBin(['--port', '0', '--key', 'sk_sandbox_dev'], tmpdir()); // 8790 may be taken: the same, on a free port
  [, url] = (await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/)) as unknown as [string, string];
}, 120_000);
afterAll(killAll);

test('the control API section has its commands, each with the answer it prints; the reference, each refusal', () => {
  expect(commands.length).toBeGreaterThanOrEqual(18);
  expect(section.match(/^curl /gm)).toHaveLength(guided.length);
  expect(refusals.match(/^curl /gm)).toHaveLength(refused.length);
  expect(refused.length).toBeGreaterThanOrEqual(12);
  // The reference holds what is refused, the guide what works: a refusal is a 4xx, and the guide keeps none but its
  // few examples of a mistake (a missing key, a mismatched id, a bad field, a scenario that is done).
  expect(refused.filter(({ status }) => status < 400)).toEqual([]);
  expect(section).toContain('npx checkout-lookup-sandbox --port 8790 --key sk_sandbox_dev');
  expect(refusals).toContain('npx checkout-lookup-sandbox --port 8790 --key sk_sandbox_dev');
});

test('every curl command of the control API section prints what the doc says', async () => {
  for (const { command, status, body } of commands) {
    // curl's own deadline for each command: one that stalls fails naming itself (curl exits 28), not the whole test.
    const script = `curl() { command curl --max-time 15 -w '\\n@@%{http_code}' "$@"; }\n${command.replaceAll('http://127.0.0.1:8790', url)}`;
    const { stdout } = await promisify(execFile)('bash', ['-c', script]);
    const at = stdout.lastIndexOf('\n@@');
    const actual = { command, status: Number(stdout.slice(at + 3)), body: stdout.slice(0, at).replaceAll('\r', '') };
    const expected = body.endsWith('…')
      ? { command, status, body: expect.stringMatching(new RegExp(`^${body.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) }
      : { command, status, body };
    expect(actual).toEqual(expected);
  }
  // About twenty bash and curl processes one after another: vitest's 5 s default is a timing test on a loaded machine.
}, 60_000);

test('the control API table lists exactly the methods each route allows', async () => {
  const table = section.slice(section.indexOf('| Method and path |'), section.indexOf('Any other path under'));
  const documented = new Map<string, Set<string>>();
  for (const [, cell] of table.matchAll(/^\| ((?:`[^`|]+`,? ?)+) \|/gm)) {
    const methods = [...cell!.matchAll(/\b(GET|PUT|POST|DELETE)\b/g)].map(([method]) => method);
    const path = /(\/__sandbox\/\S+?)`/.exec(cell!)![1]!;
    for (const method of methods) documented.set(path, (documented.get(path) ?? new Set()).add(method));
  }
  expect([...documented.keys()].sort()).toEqual([
    '/__sandbox/faults',
    '/__sandbox/faults/{id}',
    '/__sandbox/log',
    '/__sandbox/orders/{id}',
    '/__sandbox/reset',
    '/__sandbox/scenarios',
    '/__sandbox/scenarios/{id}',
    '/__sandbox/sessions/{id}',
  ]);
  for (const [path, methods] of documented) {
    // A method no route has: the 405's Allow lists what the route does.
    const answer = await fetch(`${url}${path.replace('{id}', 'x_1')}`, { method: 'PATCH', headers: { 'x-api-key': 'sk_sandbox_dev' } });
    expect({ path, status: answer.status, allow: answer.headers.get('allow')?.split(', ').sort() }).toEqual({
      path,
      status: 405,
      allow: [...methods].sort(),
    });
  }
});

test("the command's options table has every flag of its --help, and no other", async () => {
  const help = startBin(['--help'], tmpdir());
  await help.exit;
  const flags = (text: string) => [...new Set([...text.matchAll(/(?<![\w-])(-[a-z]|--[a-z][a-z-]+)\b/g)].map(([flag]) => flag))].sort();
  const cli = DOC.slice(DOC.indexOf('## From a terminal'), DOC.indexOf('## The control API'));
  const table = cli.slice(cli.indexOf('| Option | Default | Meaning |'));
  const rows = table.slice(0, table.indexOf('\n\n'));
  const firstCells = rows
    .split('\n')
    .slice(2)
    .map((row) => row.split(' | ')[0]!)
    .join(' ');
  const usage = help.output().slice(help.output().indexOf('\n\n') + 2);
  const options = usage.slice(usage.indexOf('\n\n') + 2, usage.indexOf('The sample worker'));
  expect(flags(firstCells)).toEqual(
    flags(
      options
        .split('\n')
        .map((line) => line.slice(0, 25))
        .join(' '),
    ),
  );
  expect(flags(firstCells)).toContain('--no-cors');
});

/** Orders Node versions (`20.19`, `22.12.0`) by their numbers. */
const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The lowest Node version a semver range of `engines` admits, without trailing zeros: `>=22.12.0` is `22.12`. */
function lowest(range: string): string {
  const versions = range.split('||').map((part) => /\d+(?:\.\d+){0,2}/.exec(part)?.[0] ?? '');
  return versions.sort(byVersion)[0]!.replace(/(\.0)+$/, '');
}

test('the Node versions of "What each part needs" are those the packages require', () => {
  const needs = DOC.slice(DOC.indexOf('## What each part needs'), DOC.indexOf('## In your tests'));
  const pkg = (name: string) =>
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../../node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
      engines: { node: string };
    };
  const own = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    engines: { node: string };
    peerDependencies: Record<string, string>;
  };
  const row = (part: string) => needs.split('\n').find((line) => line.startsWith(`| ${part}`)) ?? '';
  const major = (range: string) => /\d+/.exec(range)![0];
  // The package's floor is the SDK's; each part needs that, or what the package it needs requires, if that is later.
  const floor = lowest(own.engines.node);
  const later = (range: string) => [floor, lowest(range)].sort(byVersion)[1];
  expect(row('`checkout-lookup/testing` (')).toContain(`Node ${floor} or later`);
  expect(row('`npx checkout-lookup-sandbox`')).toContain(`Node ${floor} or later`);
  expect(row('`checkout-lookup/testing/node`')).toContain(
    `Node ${later(pkg('@hono/node-server').engines.node)} or later, and \`@hono/node-server\` ${major(own.peerDependencies['@hono/node-server']!)}`,
  );
  expect(row('`checkout-lookup/testing/msw`')).toContain(
    `\`msw\` ${major(own.peerDependencies.msw!)} (an optional peer dependency), which needs **Node ${lowest(pkg('msw').engines.node)} or later**`,
  );
  expect(row('the vitest examples')).toContain(
    `vitest ${major(pkg('vitest').version)} needs **Node ${lowest(pkg('vitest').engines.node)} or later** (\`${pkg('vitest').engines.node.replaceAll('|', '\\|')}\`)`,
  );
  expect(row('the vitest examples')).toContain(`happy-dom, for a DOM environment, Node ${lowest(pkg('happy-dom').engines.node)} or later`);
});
