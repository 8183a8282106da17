import type * as v from 'valibot';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type AnyLookupError,
  type ApiError,
  type AttemptEvent,
  type CheckoutSession,
  type CheckoutSessionSchema,
  getOrder,
  getSession,
  type LookupOptions,
  type Order,
  type OrderSchema,
  type PriceDataItem,
  type PriceDataItemSchema,
  isLookupError,
  type NetworkErrorCause,
  type NetworkError,
  type TimeoutError,
  type ValidationIssue,
} from '../../src/index.js';

/** The keys of a type without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

describe('public types', () => {
  test('getOrder and getSession resolve to Order and CheckoutSession', () => {
    expectTypeOf(getOrder).returns.resolves.toEqualTypeOf<Order>();
    expectTypeOf(getSession).returns.resolves.toEqualTypeOf<CheckoutSession>();
  });

  test('the types list exactly the fields the schemas check, and what the schemas give fits them', () => {
    expectTypeOf<keyof Order>().toEqualTypeOf<KnownKeys<v.InferOutput<typeof OrderSchema>>>();
    expectTypeOf<keyof CheckoutSession>().toEqualTypeOf<KnownKeys<v.InferOutput<typeof CheckoutSessionSchema>>>();
    expectTypeOf<keyof PriceDataItem>().toEqualTypeOf<KnownKeys<v.InferOutput<typeof PriceDataItemSchema>>>();
    expectTypeOf<v.InferOutput<typeof OrderSchema>>().toExtend<Order>();
    expectTypeOf<v.InferOutput<typeof CheckoutSessionSchema>>().toExtend<CheckoutSession>();
    expectTypeOf<v.InferOutput<typeof PriceDataItemSchema>>().toExtend<PriceDataItem>();
  });

  test('a misspelt field does not compile: no index signature', () => {
    // @ts-expect-error: amountTotl is no field of Order
    expectTypeOf<Order['amountTotl']>().toBeUnknown();
    // @ts-expect-error: paymentcurrency is no field of CheckoutSession
    expectTypeOf<CheckoutSession['paymentcurrency']>().toBeUnknown();
    expectTypeOf<string>().not.toExtend<keyof Order>();
    expectTypeOf<string>().not.toExtend<keyof NonNullable<Order['paymentMethod']>>();
    expectTypeOf<string>().not.toExtend<keyof PriceDataItem>();
  });

  test('every field may be absent or null; dates are Dates', () => {
    expectTypeOf<Order['orderId']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Order['createTime']>().toEqualTypeOf<Date | null | undefined>();
    expectTypeOf<CheckoutSession['created']>().toEqualTypeOf<Date | null | undefined>();
    expectTypeOf<PriceDataItem['quantity']>().toEqualTypeOf<number | null | undefined>();
  });

  test('status fields offer the known values as literals and accept any other string', () => {
    type Known<T> = Exclude<T, null | undefined>;
    // Exactly the literal plus `string & {}`: a plain `string` fails here (no autocompletion of the literal).
    expectTypeOf<Known<CheckoutSession['status']>>().toEqualTypeOf<'open' | (string & {})>();
    expectTypeOf<Known<CheckoutSession['paymentStatus']>>().toEqualTypeOf<'unpaid' | (string & {})>();
    expectTypeOf<Known<Order['status']>>().toEqualTypeOf<'success' | (string & {})>();
    expectTypeOf<Known<Known<Order['paymentMethod']>['paymentMethodType']>>().toEqualTypeOf<'CARD' | (string & {})>();
    expectTypeOf<Known<CheckoutSession['status']>>().not.toEqualTypeOf<string>();
    expectTypeOf<'expired'>().toExtend<Known<CheckoutSession['status']>>();
  });

  test('options: only baseUrl is required', () => {
    expectTypeOf<{ baseUrl: string }>().toExtend<LookupOptions>();
    expectTypeOf<{ apiKey: string }>().not.toExtend<LookupOptions>();
    expectTypeOf<{ baseUrl: URL; apiKey: string | undefined }>().toExtend<LookupOptions>();
    expectTypeOf<{ baseUrl: string; timeout: string }>().not.toExtend<LookupOptions>();
  });

  test('options: onAttempt takes an AttemptEvent', () => {
    expectTypeOf<{ baseUrl: string; onAttempt: (event: AttemptEvent) => void }>().toExtend<LookupOptions>();
    expectTypeOf<AttemptEvent['status']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<AttemptEvent['attempt']>().toEqualTypeOf<number>();
  });
});

describe('error types', () => {
  test('isLookupError narrows to the union, and switch (error.name) narrows to one class with its own fields', () => {
    const caught: unknown = null;
    if (isLookupError(caught)) {
      expectTypeOf(caught).toEqualTypeOf<AnyLookupError>();
      switch (caught.name) {
        case 'ApiError':
          expectTypeOf(caught).toEqualTypeOf<ApiError>();
          expectTypeOf(caught.status).toEqualTypeOf<number>();
          expectTypeOf(caught.requestId).toEqualTypeOf<string | undefined>();
          expectTypeOf(caught.headers).toEqualTypeOf<Readonly<Record<string, string>>>();
          break;
        case 'NetworkError':
          expectTypeOf(caught.cause).toEqualTypeOf<NetworkErrorCause | undefined>();
          break;
        case 'TimeoutError':
          expectTypeOf(caught).toEqualTypeOf<TimeoutError>();
          break;
        case 'ValidationError':
          expectTypeOf(caught.issues).toEqualTypeOf<readonly ValidationIssue[]>();
          break;
        default:
          expectTypeOf(caught).toBeNever();
      }
      expectTypeOf(caught.origin).toEqualTypeOf<string>();
    }
  });

  test('NetworkError and TimeoutError have their own cause types; toJSON gives the name and message', () => {
    expectTypeOf<NetworkError['cause']>().toEqualTypeOf<NetworkErrorCause | undefined>();
    expectTypeOf<TimeoutError['cause']>().toExtend<AnyLookupError | undefined>();
    expectTypeOf<ReturnType<ApiError['toJSON']>['message']>().toEqualTypeOf<string>();
  });
});
