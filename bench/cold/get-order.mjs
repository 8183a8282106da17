// Cold start: import the BUILT package and its sandbox, resolve one getOrder against the in-process sandbox
// (createSandbox's fetch as the SDK's `fetch`), end. Runs unchanged in Node, Bun and Deno.
import { getOrder } from '../../dist/index.js';
import { createSandbox } from '../../dist/testing/index.js';

const sandbox = createSandbox();
const order = await getOrder('ord_ada_1', { baseUrl: 'https://sandbox.test', apiKey: sandbox.apiKey, fetch: sandbox.fetch });
if (!(order.createTime instanceof Date)) throw new Error('getOrder did not resolve to an order');
