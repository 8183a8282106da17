// @vitest-environment happy-dom
import { expect, test } from 'vitest';
import { getOrder } from '../../src/index.js';
import { ok, options, order, recordingFetch } from './helpers.js';

test('in a browser, an apiKey is refused with a message that names the option and the way out', async () => {
  const error = await getOrder('ord_1', options(recordingFetch(ok(order)).fetch)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TypeError);
  expect((error as Error).message).toBe('"apiKey" must be kept out of browsers ("dangerouslyAllowBrowser")');
});
