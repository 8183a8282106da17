import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, type AttemptEvent, getOrder, NetworkError, TimeoutError, ValidationError } from '../../src/index.js';
import { envelope, KEY, ok, options, order, recordingFetch, settle, type Responder } from './helpers.js';

const unavailable: Responder = () => envelope(null, { status: 503, code: 503, msg: 'down' });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Runs getOrder to its end with onAttempt recording every event; gives the events and what the call settled with. */
async function observed(answers: Responder[], extra: Parameters<typeof options>[1] = {}) {
  const events: AttemptEvent[] = [];
  const { fetch } = recordingFetch(...answers);
  const outcome = await settle(getOrder('ord_1', options(fetch, { onAttempt: (event) => void events.push(event), ...extra }))).catch(
    (error: unknown) => error,
  );
  return { events, outcome };
}

describe('onAttempt', () => {
  test('is called once per attempt with its number, method, origin, path, status, duration and the wait before the next', async () => {
    const { events, outcome } = await observed([
      async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return unavailable(request, 1);
      },
      ok(order),
    ]);
    expect(outcome).toMatchObject({ orderId: 'ord_ada_1' });
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({
      attempt: 1,
      method: 'GET',
      origin: 'https://checkout.test',
      path: '/api/order/ord_1',
      status: 503,
      requestId: undefined,
      headers: { 'content-type': 'application/json' },
      error: expect.any(ApiError),
      ms: 40,
      // Math.random() is 0.5: three quarters of the first step of 250 ms.
      retryInMs: 188,
    });
    expect(events[1]).toEqual({
      attempt: 2,
      method: 'GET',
      origin: 'https://checkout.test',
      path: '/api/order/ord_1',
      status: 200,
      requestId: undefined,
      headers: { 'content-type': 'application/json' },
      error: undefined,
      ms: 0,
      retryInMs: undefined,
    });
  });

  test("carries the request id and the answer's headers, redacted, for every attempt that got an answer, success included", async () => {
    const { events } = await observed([
      () => envelope(null, { status: 503, code: 503, msg: 'down', headers: { 'x-request-id': 'req_1', 'x-echo': KEY } }),
      () => envelope(order, { headers: { 'request-id': 'req_2' } }),
    ]);
    expect(events.map((event) => event.requestId)).toEqual(['req_1', 'req_2']);
    expect(events[0]?.headers).toEqual({ 'content-type': 'application/json', 'x-request-id': 'req_1', 'x-echo': '[redacted]' });
    expect(events[1]?.headers).toEqual({ 'content-type': 'application/json', 'request-id': 'req_2' });
    const refused = await observed(
      [
        () => {
          throw new TypeError('fetch failed');
        },
      ],
      { maxRetries: 0 },
    );
    expect(refused.events[0]).toMatchObject({ requestId: undefined, headers: undefined });
  });

  test('tells the last attempt apart: no wait follows it, and its error is the one the call rejects with', async () => {
    const { events, outcome } = await observed([unavailable], { maxRetries: 1 });
    expect(events.map((event) => [event.attempt, event.status, event.retryInMs])).toEqual([
      [1, 503, 188],
      [2, 503, undefined],
    ]);
    expect(events[1]?.error).toBe(outcome);
  });

  test('reports a network failure without a status, and a deadline as a TimeoutError', async () => {
    const refused: Responder = () => {
      throw new TypeError('fetch failed');
    };
    const network = await observed([refused], { maxRetries: 0 });
    expect(network.events).toEqual([expect.objectContaining({ attempt: 1, status: undefined, error: expect.any(NetworkError) })]);
    const hang = await observed([() => new Promise<Response>(() => {})], { timeout: 300 });
    expect(hang.events).toEqual([expect.objectContaining({ attempt: 1, status: undefined, ms: 300, error: expect.any(TimeoutError) })]);
    expect(hang.events[0]?.error).toBe(hang.outcome);
  });

  test('reports a 2xx answer of the wrong shape with its status and the ValidationError', async () => {
    const { events } = await observed([ok({ ...order, orderId: 5 })]);
    expect(events).toEqual([expect.objectContaining({ status: 200, error: expect.any(ValidationError), retryInMs: undefined })]);
  });

  test("reports the caller's abort with its reason", async () => {
    const caller = new AbortController();
    const { events, outcome } = await observed(
      [
        () => {
          caller.abort('stop');
          return new Promise<Response>(() => {});
        },
      ],
      { signal: caller.signal },
    );
    expect(outcome).toBe('stop');
    expect(events).toEqual([expect.objectContaining({ attempt: 1, error: 'stop' })]);
  });

  test('is called synchronously, before the call settles and before the wait begins', async () => {
    const order_: string[] = [];
    const { fetch } = recordingFetch(unavailable, ok(order));
    const call = getOrder('ord_1', options(fetch, { onAttempt: (event) => void order_.push(`attempt ${event.attempt}`) })).then(() =>
      order_.push('settled'),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(order_).toEqual(['attempt 1']);
    expect(vi.getTimerCount()).toBe(2);
    await settle(call);
    expect(order_).toEqual(['attempt 1', 'attempt 2', 'settled']);
  });

  test('a hook that throws or rejects changes nothing', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      for (const onAttempt of [
        () => {
          throw new Error('hook failed');
        },
        async () => {
          throw new Error('hook failed');
        },
      ]) {
        const { fetch, requests } = recordingFetch(unavailable, ok(order));
        await expect(settle(getOrder('ord_1', options(fetch, { onAttempt })))).resolves.toMatchObject({ orderId: 'ord_ada_1' });
        expect(requests).toHaveLength(2);
      }
      await vi.runAllTimersAsync();
      vi.useRealTimers();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  test('never carries a body or the key: the path is redacted, the error is the redacted LookupError', async () => {
    const body = JSON.stringify({ code: 500, msg: `echo ${KEY}`, data: { secret: 'personal data' } });
    const { events } = await observed([() => new Response(body, { status: 500, headers: { 'x-echo': KEY } })], {
      maxRetries: 0,
    });
    const printed = JSON.stringify(events);
    expect(printed).not.toContain(KEY);
    expect(printed).not.toContain('personal data');
    const { events: byId } = await observed([ok(order)], { maxRetries: 0 });
    expect(byId[0]?.path).toBe('/api/order/ord_1');
    const keyed = recordingFetch(ok(order));
    const seen: AttemptEvent[] = [];
    await getOrder(`x${KEY}`, options(keyed.fetch, { onAttempt: (event) => void seen.push(event) }));
    expect(seen[0]?.path).toBe('/api/order/x[redacted]');
  });
});
