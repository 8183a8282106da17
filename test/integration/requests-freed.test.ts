import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

// In a child process of its own, as abort-after-gc.test.ts explains: a call that has ended holds nothing, so its
// Request (whose headers carry the key) is freed, with or without a caller's signal that lives on.
const fixture = fileURLToPath(new URL('./fixtures/requests-freed.mjs', import.meta.url));

test('every Request is freed once its call ends, also when all calls share one long-lived signal', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', fixture], { timeout: 30_000 });
  expect(JSON.parse(stdout)).toEqual({ calls: 2000, withoutSignal: 2000, withSharedSignal: 2000 });
});
