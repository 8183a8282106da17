// Child process: throughput of one way of reading one payload, in a fresh process (no JIT state shared with
// other cases). Receives { method, payload, warmupMs, batchMs, batches }; answers with operations per second of
// each batch. Methods other than the baselines use the BUILT package.
import * as v from 'valibot';
import { PAYLOADS } from '../fixtures.mjs';
import { distUrl } from '../lib.mjs';

process.once('message', async ({ method, payload: name, warmupMs, batchMs, batches }) => {
  try {
    const payload = PAYLOADS[name];
    const operation = await prepare(method, payload);
    await operation(); // fails here, before timing, if the method cannot read the payload
    let operations = 1;
    const count = async (ms) => {
      const { rate, count: done } = await loop(operation, ms);
      operations += done;
      return rate;
    };
    await count(warmupMs);
    const rates = [];
    for (let index = 0; index < batches; index++) rates.push(await count(batchMs));
    // `operations`: all of them, warm-up included, to divide a whole-process profile by.
    process.send({ method, payload: name, rates, operations });
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) });
  }
});

/** Runs `operation` for about `ms` milliseconds; returns operations per second and how many ran. */
async function loop(operation, ms) {
  // Checking the clock every 64 operations keeps performance.now() out of what is measured.
  let count = 0;
  const started = performance.now();
  let elapsed = 0;
  const sync = operation.sync === true;
  do {
    if (sync) for (let index = 0; index < 64; index++) operation();
    else for (let index = 0; index < 64; index++) await operation();
    count += 64;
    elapsed = performance.now() - started;
  } while (elapsed < ms);
  return { rate: (count / elapsed) * 1000, count };
}

function expectOk(result) {
  if (!result.success) throw new Error('the payload did not validate');
}

async function prepare(method, { kind, json, data }) {
  const sdk = await import(distUrl('index.js'));
  const schema = kind === 'order' ? sdk.OrderSchema : sdk.CheckoutSessionSchema;
  const schemaName = kind === 'order' ? 'OrderSchema' : 'CheckoutSessionSchema';
  const sync = (operation) => Object.assign(operation, { sync: true });
  // A fetch that answers at once with a new Response of the prebuilt body, as a service would.
  const bytes = new TextEncoder().encode(json);
  const fetch = async () => new Response(bytes, { status: 200, headers: { 'content-type': 'application/json' } });
  const options = { baseUrl: 'https://service.test', apiKey: 'bench-key-not-secret', fetch };
  const id = kind === 'order' ? data.orderId : data.sessionId;

  switch (method) {
    case 'JSON.parse':
      return sync(() => JSON.parse(json));
    case 'SDK schema (v.safeParse)':
      return sync(() => expectOk(v.safeParse(schema, data)));
    case 'JSON.parse + SDK schema':
      return sync(() => expectOk(v.safeParse(schema, JSON.parse(json).data)));
    case 'zod v4 schema (safeParse)': {
      const zod = await import('../baselines/zod-schemas.mjs');
      return sync(() => expectOk(zod[schemaName].safeParse(data)));
    }
    case 'zod/mini schema (safeParse)': {
      const mini = await import('../baselines/zod-mini-schemas.mjs');
      return sync(() => expectOk(mini[schemaName].safeParse(data)));
    }
    case 'SDK full path, in-memory fetch': {
      const get = kind === 'order' ? sdk.getOrder : sdk.getSession;
      return () => get(id, options);
    }
    case 'bare fetch + JSON.parse, in-memory fetch': {
      const bare = await import('../baselines/bare-fetch.mjs');
      const get = kind === 'order' ? bare.getOrder : bare.getSession;
      return () => get(id, options);
    }
    default: {
      // 'step:<name>, in-memory fetch': the baselines between bare fetch and the SDK (bench/baselines/steps.mjs).
      const step = /^step:(\w+), in-memory fetch$/.exec(method)?.[1];
      if (step === undefined || kind !== 'order') throw new Error(`unknown method ${method} for ${kind}`);
      const { stepGetOrder } = await import('../baselines/steps.mjs');
      const get = stepGetOrder(step, sdk.OrderSchema);
      return () => get(id, options);
    }
  }
}
