import { describe, expect, test } from 'vitest';
import { getOrder, isLookupError, NetworkError, ValidationError } from '../../src/index.js';
import { ok, options, order, recordingFetch } from './helpers.js';

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('resolved'), (error: unknown) => error);
const throwing = (value: unknown) => async (): Promise<Response> => {
  throw value;
};

describe('validation messages', () => {
  test('list every issue by path, the body itself as "body"', async () => {
    const error = (await failure(getOrder('ord_1', options(recordingFetch(ok({ ...order, orderId: 5, amountTotal: '1' })).fetch)))) as ValidationError;
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: orderId: expected string, received number, amountTotal: expected finite number, received string after 1 attempt in /);
    const body = (await failure(getOrder('ord_1', options(async () => new Response('null'))))) as ValidationError;
    expect(body.message).toMatch(/^GET \/api\/order\/ord_1: body: expected Object, received null after/);
    expect(body.issues).toEqual([{ path: '', message: 'expected Object, received null' }]);
  });

  test('name the wrong type inside the payment method', async () => {
    const answer = ok({ ...order, paymentMethod: { paymentMethodType: 7, paymentInstrumentId: 'pi_1' } });
    const error = (await failure(getOrder('ord_1', options(recordingFetch(answer).fetch)))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([{ path: 'paymentMethod.paymentMethodType', message: 'expected string, received number' }]);
  });
});

describe('the cause of a network failure', () => {
  test('of a thrown string is the string as its message, with no name', async () => {
    const error = (await failure(getOrder('ord_1', options(throwing('boom'), { maxRetries: 0 })))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).toEqual({ message: 'boom' });
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: boom after 1 attempt in \d+ ms$/);
  });

  test('of a thrown value with nothing to read keeps only the message "[redacted]"', async () => {
    const error = (await failure(getOrder('ord_1', options(throwing(Object.create(null)), { maxRetries: 0 })))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).toEqual({ message: '[redacted]' });
    expect(error.message).toMatch(/^GET \/api\/order\/ord_1: \[redacted\] after 1 attempt in \d+ ms$/);
  });
});

describe('the brand', () => {
  test('every error of this package carries the shared brand that other copies of the package check', async () => {
    const error = await failure(getOrder('ord_1', options(throwing(new Error('x')), { maxRetries: 0 })));
    expect((error as Record<symbol, unknown>)[Symbol.for('checkout-lookup.error')]).toBe(true);
    expect(isLookupError(error)).toBe(true);
  });
});
