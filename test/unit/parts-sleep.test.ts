import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { sleep } from '../../src/core/sleep.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** An AbortSignal whose listeners are counted. */
function countedSignal() {
  const controller = new AbortController();
  const add = vi.spyOn(controller.signal, 'addEventListener');
  const remove = vi.spyOn(controller.signal, 'removeEventListener');
  return { controller, signal: controller.signal, add, remove };
}

describe('sleep', () => {
  test('resolves after ms, not before, and removes its one listener', async () => {
    const { signal, add, remove } = countedSignal();
    let done = false;
    const slept = sleep(100, signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await slept;
    expect(done).toBe(true);
    expect(add).toHaveBeenCalledTimes(1);
    expect(add.mock.calls[0]?.[0]).toBe('abort');
    expect(add.mock.calls[0]?.[2]).toEqual({ once: true });
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove.mock.calls[0]?.[0]).toBe('abort');
    expect(remove.mock.calls[0]?.[1]).toBe(add.mock.calls[0]?.[1]);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('rejects with the signal reason on abort and clears its timer', async () => {
    const { controller, signal, add } = countedSignal();
    const slept = sleep(10_000, signal);
    expect(vi.getTimerCount()).toBe(1);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(slept).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
    expect(add).toHaveBeenCalledTimes(1);
  });

  test('rejects at once with the reason of a signal already aborted, arming nothing', async () => {
    const reason = new Error('gone');
    const aborted = AbortSignal.abort(reason);
    const add = vi.spyOn(aborted, 'addEventListener');
    await expect(sleep(10, aborted)).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
    expect(add).not.toHaveBeenCalled();
  });

  test('many sleeps on one signal leave no listener behind', async () => {
    const { signal, add, remove } = countedSignal();
    const sleeps = Promise.all(Array.from({ length: 100 }, (_, index) => sleep(index + 1, signal)));
    await vi.advanceTimersByTimeAsync(100);
    await sleeps;
    expect(add).toHaveBeenCalledTimes(100);
    expect(remove).toHaveBeenCalledTimes(100);
  });
});
