import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

// In a child process of its own: collections forced inside the test worker keep sockets alive through references
// of the worker's own, while a plain `node --expose-gc` shows what a user's process does: without the SDK holding
// each `Request` until its call ends, 20 of 20 sockets stay open here.
const fixture = fileURLToPath(new URL('./fixtures/abort-after-gc.mjs', import.meta.url));

test('calls that time out while garbage collections run still close their sockets within 1 s', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', fixture], { timeout: 15_000 });
  expect(JSON.parse(stdout)).toEqual({ requested: 20, errors: ['TimeoutError'], open: 0 });
});
