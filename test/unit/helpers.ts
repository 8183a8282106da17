import { expect, vi } from 'vitest';
import { type LookupOptions, ValidationError } from '../../src/index.js';
import { SANDBOX_IDS, SANDBOX_ORDERS_BY_ID, SANDBOX_SESSIONS_BY_ID } from '../../src/testing/seed.js';
import type { SandboxCheckoutSession, SandboxOrder, SandboxPriceDataItem } from '../../src/testing/types.js';

export type Responder = (request: Request, attempt: number) => Response | Promise<Response>;

/**
 * A `fetch` that records the real `Request`s it is given and answers with real `Response`s: nothing global is
 * patched. `answers` are used in turn; the last one repeats.
 */
export function recordingFetch(...answers: Responder[]) {
  const requests: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request);
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (!answer) throw new Error('recordingFetch needs at least one answer');
    return answer(request, requests.length);
  };
  return { fetch, requests };
}

export const BASE = 'https://checkout.test/';
// Generated per run, like every local secret of this project: no key, even a fake one, is committed.
export const KEY = `sk_test_${crypto.randomUUID().replaceAll('-', '')}`;

export function options(fetch: LookupOptions['fetch'], extra: Partial<LookupOptions> = {}): LookupOptions {
  return { baseUrl: BASE, apiKey: KEY, fetch, ...extra };
}

export function envelope(data: unknown, init: ResponseInit & { code?: number; msg?: string } = {}): Response {
  const { code = 0, msg = 'success', ...rest } = init;
  return Response.json({ code, msg, data }, rest);
}

export const ok =
  (data: unknown): Responder =>
  () =>
    envelope(data);

// The one fixture source is the sandbox's seed: the seeded order `ord_ada_1` (two items in EUR, paid by card) and
// the open, unpaid session `cs_open_ada` (a weekly subscription with a 14-day trial), as deep copies.
export const order = structuredClone(SANDBOX_ORDERS_BY_ID[SANDBOX_IDS.orders.ada]) as SandboxOrder & { priceDataList: SandboxPriceDataItem[] };

export const session = structuredClone(SANDBOX_SESSIONS_BY_ID[SANDBOX_IDS.sessions.open]) as SandboxCheckoutSession & {
  priceDataList: SandboxPriceDataItem[];
};

/** What `promise` rejected with, which must be a `ValidationError`. */
export async function validationFailure(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

/** Runs a call to its end while fake timers jump over every wait. */
export async function settle<T>(promise: Promise<T>): Promise<T> {
  const settled = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const result = await settled;
  if ('error' in result) throw result.error;
  return result.value;
}
