import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildIfStale, killAll, startBin, type Bin } from './bin.js';

// docs/testing.md's control API commands run as written, in order, against the built bin started as the doc says;
// each prints the status and body of the `# →` line under it.
const DOC = readFileSync(resolve(import.meta.dirname, '../../docs/testing.md'), 'utf8');
const section = DOC.slice(DOC.indexOf('## The control API'), DOC.indexOf('## MSW'));
const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) =>
  [...block!.matchAll(/^(curl [^\n]*(?:\\\n[^\n]*)*)\n# → (\d{3})(?: (.*))?$/gm)].map(([, command, status, body]) => ({
    command: command!,
    status: Number(status),
    body: body ?? '',
  })),
);
let bin: Bin;
let url: string;

beforeAll(async () => {
  buildIfStale();
  expect(section).toContain('npx checkout-lookup-sandbox --port 8790 --key sk_sandbox_dev');
  bin = startBin(['--port', '0', '--key', 'sk_sandbox_dev'], tmpdir()); // 8790 may be taken: the same, on a free port
  [, url] = (await bin.waitFor(/sandbox on (http:\/\/127\.0\.0\.1:\d+)\n/)) as unknown as [string, string];
}, 120_000);
afterAll(killAll);

test('the control API section has its commands, each with the answer it prints', () => {
  expect(commands.length).toBeGreaterThanOrEqual(18);
  expect(section.match(/^curl /gm)).toHaveLength(commands.length);
});

test('every curl command of the control API section prints what the doc says', async () => {
  for (const { command, status, body } of commands) {
    const script = `curl() { command curl -w '\\n@@%{http_code}' "$@"; }\n${command.replaceAll('http://127.0.0.1:8790', url)}`;
    const { stdout } = await promisify(execFile)('bash', ['-c', script]);
    const at = stdout.lastIndexOf('\n@@');
    const actual = { command, status: Number(stdout.slice(at + 3)), body: stdout.slice(0, at).replaceAll('\r', '') };
    const expected = body.endsWith('…')
      ? { command, status, body: expect.stringMatching(new RegExp(`^${body.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) }
      : { command, status, body };
    expect(actual).toEqual(expected);
  }
});
