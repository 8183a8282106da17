import * as v from 'valibot';
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, CheckoutSessionSchema, getOrder, getSession, LookupError, OrderSchema, ValidationError } from '../../src/index.js';
import { validate } from '../../src/core/validate.js';
import { envelope, ok, options, order, recordingFetch, session } from './helpers.js';

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('resolved'), (error: unknown) => error);

describe('nested session records are checked field by field', () => {
  test.each([
    ['price.priceList.0.amount', { price: { priceId: 'p', priceList: [{ amount: '1', currency: 'EUR', exchangeRate: 1 }] } }, 'expected finite number, received string'],
    ['price.recurring.freeTrialDays', { price: { priceId: 'p', recurring: { freeTrialDays: 'x', interval: 'week' } } }, 'expected integer, received string'],
    ['product.productId', { product: { productId: 5, productName: 'n' } }, 'expected string, received number'],
  ])('%s', async (path, change, message) => {
    const error = (await failure(getSession('cs_1', options(recordingFetch(ok({ ...session, ...change })).fetch)))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path, message }]);
  });
});

describe('the envelope', () => {
  test('a code that is no integer is named as such', async () => {
    const error = (await failure(getOrder('ord_1', options(async () => envelope(order, { code: 1.5 }))))) as ValidationError;
    expect(error.issues).toEqual([{ path: 'code', message: 'expected integer, received number' }]);
  });
});

describe('the issues left out', () => {
  test('of list items: 20 wrong line items are all shown, with no "(and more)"', async () => {
    const answer = ok({ ...order, priceDataList: Array.from({ length: 20 }, () => 5) });
    const error = (await failure(getOrder('ord_1', options(recordingFetch(answer).fetch)))) as ValidationError;
    expect(error.issues).toHaveLength(20);
    expect(error.issues[19]).toEqual({ path: 'priceDataList.19', message: 'expected Object, received number' });
    expect(error.message).toMatch(/priceDataList\.19: expected Object, received number after 1 attempt in \d+ ms$/);
    expect(error.message).not.toContain('(and more)');
  });

  test('of list items: 21 wrong line items show 20 and "(and more)"', async () => {
    const answer = ok({ ...order, priceDataList: Array.from({ length: 21 }, () => 5) });
    const error = (await failure(getOrder('ord_1', options(recordingFetch(answer).fetch)))) as ValidationError;
    expect(error.issues).toHaveLength(20);
    expect(error.issues.map((issue) => issue.path)).not.toContain('priceDataList.20');
    expect(error.message).toMatch(/priceDataList\.19: expected Object, received number \(and more\) after 1 attempt in \d+ ms$/);
  });

  test('stop the parse at the 21st issue: the items after it are never read', () => {
    let read = 0;
    const items = new Proxy(Array.from({ length: 1000 }, () => 5), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read++;
        return Reflect.get(target, key, receiver);
      },
    });
    const [output, issues, more] = validate(OrderSchema, { priceDataList: items }, 'data');
    expect(output).toBeUndefined();
    expect(issues).toHaveLength(20);
    expect(more).toBe(true);
    expect(read).toBe(21);
  });

  test('the stop holds when the app registered valibot messages of its own (no language), which answer before the count', () => {
    v.setSchemaMessage(() => 'Invalid');
    v.setSpecificMessage(v.custom, () => 'Invalid custom');
    try {
      let read = 0;
      const items = new Proxy(Array.from({ length: 1000 }, () => ({ quantity: 1.5 })), {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) read++;
          return Reflect.get(target, key, receiver);
        },
      });
      const [, issues, more] = validate(OrderSchema, { priceDataList: items }, 'data');
      expect(issues).toHaveLength(20);
      expect(issues![19]).toEqual({ path: 'priceDataList.19.quantity', message: 'expected integer, received number' });
      expect(more).toBe(true);
      expect(read).toBe(21);
    } finally {
      v.deleteSchemaMessage();
      v.deleteSpecificMessage(v.custom);
    }
  });

  test('of fields outside lists: more than 20 show 20 and "(and more)"', async () => {
    const bad = {
      ...Object.fromEntries(Object.keys(session).map((key) => [key, []])),
      price: { priceId: 1, recurring: { freeTrialDays: 'x', interval: 1 } },
      product: { productId: 1, productName: 1 },
      customer: { customerId: 1, email: 1 },
    };
    // The schema on its own reports every issue; the SDK keeps the first 20 of them, in order.
    const paths = v.safeParse(CheckoutSessionSchema, bad).issues!.map((issue) => issue.path!.map((item) => item.key).join('.'));
    expect(paths.length).toBeGreaterThan(20);
    const error = (await failure(getSession('cs_1', options(recordingFetch(ok(bad)).fetch)))) as ValidationError;
    expect(error.issues.map((issue) => issue.path)).toEqual(paths.slice(0, 20));
    expect(error.message).toContain(' (and more) after 1 attempt in ');
  });
});

describe('errors', () => {
  test('the base class is named LookupError', () => {
    const error = new LookupError('x', { method: 'GET', path: '/p', attempts: 1, elapsedMs: 0 });
    expect(error.name).toBe('LookupError');
  });

  test('an error without a cause has no cause property at all', async () => {
    const error = await failure(getOrder('ord_1', options(async () => envelope(null, { status: 404, code: 404 }))));
    expect(error).toBeInstanceOf(ApiError);
    expect(Object.hasOwn(error as object, 'cause')).toBe(false);
  });
});

describe('the browser guard', () => {
  const scope = globalThis as { window?: unknown; document?: unknown };
  afterEach(() => {
    delete scope.window;
    delete scope.document;
  });

  test('needs both a window and a document: either alone is no browser', async () => {
    for (const name of ['window', 'document'] as const) {
      scope[name] = {};
      await expect(getOrder('ord_1', options(recordingFetch(ok(order)).fetch))).resolves.toMatchObject({ orderId: 'ord_ada_1' });
      delete scope[name];
    }
  });
});

describe('option rules at their edges', () => {
  test('timeout: 1 ms is allowed', async () => {
    await expect(getOrder('ord_1', options(recordingFetch(ok(order)).fetch, { timeout: 1 }))).resolves.toMatchObject({ orderId: 'ord_ada_1' });
  });
});

describe('a body that stalls before its first byte', () => {
  test('is cancelled when the deadline fires', async () => {
    let cancelled = false;
    const stalled = () => new Response(new ReadableStream({ cancel: () => void (cancelled = true) }));
    const error = await failure(getOrder('ord_1', options(async () => stalled(), { timeout: 50, maxRetries: 0 })));
    expect((error as Error).name).toBe('TimeoutError');
    expect(cancelled).toBe(true);
  });
});
