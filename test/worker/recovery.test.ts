import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { bearer, expectNoSecrets } from './helpers.js';
import type { Answer } from './helpers.js';
import { startLocal, toAnswer } from './in-process.js';
import type { Local } from './in-process.js';

// Recovery: every request asks the service itself, so a request never inherits another's failure or wait. The
// service is held at a gate the test opens call by call.

/** The answer to a request, or `'still waiting'` after `ms`; answers are kept for the secret scan. */
async function within(promise: Promise<Response>, ms = 3000): Promise<Answer | 'still waiting'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms)));
  try {
    const response = await Promise.race([promise, late]);
    if (response === 'still waiting') return response;
    const answer = await toAnswer(response);
    (local.answers as Answer[]).push(answer);
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

/** Waits on the event loop for a condition, at most 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = performance.now() + 5000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The service behind a gate: each call waits until the test opens it, and passes once it is open (calls are counted). */
interface Gate {
  calls: number;
  open(): void;
  /** Lets the n-th call (from 1) through alone. */
  release(call: number): void;
}

let local: Local;
let gate: Gate;

beforeEach(() => {
  // A long deadline, so no SDK timer plays a part in these tests.
  local = startLocal({ vars: { UPSTREAM_TIMEOUT_MS: '60000' } });
  const waiting = new Map<number, () => void>();
  let isOpen = false;
  gate = {
    calls: 0,
    open() {
      isOpen = true;
      for (const release of waiting.values()) release();
      waiting.clear();
    },
    release(call) {
      waiting.get(call)?.();
      waiting.delete(call);
    },
  };
  const { sandbox } = local;
  // Set before the first request: the worker reads its settings once per environment object.
  local.env.UPSTREAM = {
    async fetch(request: Request) {
      gate.calls += 1;
      const call = gate.calls;
      if (!isOpen) await new Promise<void>((resolve) => waiting.set(call, resolve));
      return sandbox.fetch(request);
    },
  };
});

afterEach(async () => {
  gate.open();
  expectNoSecrets(local);
  await local.close();
});

describe('a recovered service', () => {
  test('is seen by the very next request after a failed one', async () => {
    gate.open();
    const ada = await local.token('cus_ada');
    // An HTML page where JSON belongs, once: a failure the SDK does not retry.
    local.sandbox.fault({ route: 'order', id: 'ord_ada_1' }, { kind: 'html', times: 1 });
    const failed = await within(local.respond('/api/order/ord_ada_1', { headers: bearer(ada) }));
    if (failed === 'still waiting') throw new Error('an answer never came');
    expect(failed.status).toBe(502);
    const next = await within(local.respond('/api/order/ord_ada_1', { headers: bearer(ada) }));
    if (next === 'still waiting') throw new Error('an answer never came');
    expect(next.status).toBe(200);
    expect(next.json().data.orderId).toBe('ord_ada_1');
    expect(gate.calls).toBe(2);
  });

  test('is seen by a request that arrives while an identical lookup is still stuck', async () => {
    const ada = await local.token('cus_ada');
    const stuck = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    await until(() => gate.calls === 1);
    const next = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    // The second request asks the service itself rather than waiting on the first.
    await until(() => gate.calls === 2);

    // The service answers the second call (it has recovered) while the first is still stuck.
    gate.release(2);
    const second = await within(next);
    if (second === 'still waiting') throw new Error('the second request waited on the first lookup');
    expect(second.status).toBe(200);
    expect(second.json().data.orderId).toBe('ord_ada_1');

    gate.open();
    const first = await within(stuck);
    if (first === 'still waiting') throw new Error('an answer never came');
    expect(first.status).toBe(200);
    expect(local.logs.filter((line) => line.status === 200)).toHaveLength(2);
  });
});
