import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { inFlightOf } from '../../worker/env.js';
import { JOIN_WINDOW_MS } from '../../worker/lookup.js';
import { bearer, expectNoSecrets } from './helpers.js';
import type { Answer } from './helpers.js';
import { startLocal, toAnswer } from './in-process.js';
import type { Local } from './in-process.js';

// Joining another request's lookup is event-driven, and never for a lookup that started too long ago. The service
// is held at a gate the test opens, and the worker's timers are frozen (fake and never advanced): a request that
// waited by polling on timers could never see the answer, one woken by the leader sees it at once.

// Captured before any test fakes the timers: the real clock bounds how long a test waits for an answer.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** The answer to a request, or `'still waiting'` after `ms` of real time; answers are kept for the secret scan. */
async function within(promise: Promise<Response>, ms = 3000): Promise<Answer | 'still waiting'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'still waiting'>((resolve) => (timer = realSetTimeout(() => resolve('still waiting'), ms)));
  try {
    const response = await Promise.race([promise, late]);
    if (response === 'still waiting') return response;
    const answer = await toAnswer(response);
    (local.answers as Answer[]).push(answer);
    return answer;
  } finally {
    realClearTimeout(timer);
  }
}

/** How many requests wait on the lookup in flight for `key`. */
function joiners(key: string): number {
  const flight = inFlightOf(local.env).get(key) as { waiters?: Set<unknown> } | undefined;
  return flight?.waiters?.size ?? 0;
}

/** Waits on the real event loop (setImmediate is not faked) for a condition, at most 5 s. */
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
  // A long deadline, so no SDK timer (faked or not) plays a part in these tests.
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
      const call = (gate.calls += 1);
      if (!isOpen) await new Promise<void>((resolve) => waiting.set(call, resolve));
      return sandbox.fetch(request);
    },
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(async () => {
  vi.useRealTimers();
  gate.open();
  expectNoSecrets(local);
  await local.close();
});

describe('a request that joins a lookup in flight', () => {
  test("gets the leader's answer when the leader's call settles, with no timer of its own firing", async () => {
    const ada = await local.token('cus_ada');
    const leader = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    await until(() => gate.calls === 1);
    const joiner = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    // The joiner is waiting on the flight, and the service was not asked again.
    await until(() => joiners('order ord_ada_1') === 1);
    expect(gate.calls).toBe(1);

    gate.open();
    const [first, second] = await Promise.all([within(leader), within(joiner)]);
    if (first === 'still waiting' || second === 'still waiting') throw new Error('an answer never came');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json().data.orderId).toBe('ord_ada_1');
    expect(gate.calls).toBe(1);
    // The joiner's deadline timer is cleared, not left to fire later, and it left the flight.
    expect(joiners('order ord_ada_1')).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(local.logs.filter((line) => line['status'] === 200)).toHaveLength(2);
  });

  test('a request that arrives JOIN_WINDOW_MS or more after the lookup started asks the service itself', async () => {
    const ada = await local.token('cus_ada');
    const doomed = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    await until(() => gate.calls === 1);
    // Time passes without a timer firing: the first lookup is still in flight.
    vi.setSystemTime(Date.now() + JOIN_WINDOW_MS);
    const late = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    await until(() => gate.calls === 2);
    expect(inFlightOf(local.env).size).toBe(1);

    // The service answers the late request's call (it has recovered) while the first call is still stuck.
    gate.release(2);
    const second = await within(late);
    if (second === 'still waiting') throw new Error('the late request waited on the first lookup');
    expect(second.status).toBe(200);

    gate.open();
    const first = await within(doomed);
    if (first === 'still waiting') throw new Error('an answer never came');
    expect(first.status).toBe(200);
    // The late request's flight replaced the first; each removes only its own.
    expect(inFlightOf(local.env).size).toBe(0);
  });

  test('a request just inside the window joins', async () => {
    const ada = await local.token('cus_ada');
    const leader = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    await until(() => gate.calls === 1);
    vi.setSystemTime(Date.now() + JOIN_WINDOW_MS - 1);
    const joiner = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
    await until(() => joiners('order ord_ada_1') === 1);
    gate.open();
    const answers = await Promise.all([within(leader), within(joiner)]);
    expect(answers.map((answer) => (answer === 'still waiting' ? answer : answer.status))).toEqual([200, 200]);
    expect(gate.calls).toBe(1);
  });

  test("a joiner of a lookup that fails gets the leader's failure (502), not a wait", async () => {
    const ada = await local.token('cus_ada');
    // An HTML page where JSON belongs: a failure the SDK does not retry.
    const remove = local.sandbox.fault({ route: 'order', id: 'ord_ada_1' }, { kind: 'html' });
    try {
      const leader = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
      await until(() => gate.calls === 1);
      const joiner = local.respond('/api/order/ord_ada_1', { headers: bearer(ada) });
      await until(() => joiners('order ord_ada_1') === 1);
      gate.open();
      const answers = await Promise.all([within(leader), within(joiner)]);
      expect(answers.map((answer) => (answer === 'still waiting' ? answer : answer.status))).toEqual([502, 502]);
    } finally {
      remove();
    }
  });
});
