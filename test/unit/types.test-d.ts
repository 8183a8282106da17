import * as v from 'valibot';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type AnyLookupError,
  type ApiError,
  type AttemptEvent,
  type CheckoutSession,
  CheckoutSessionSchema,
  getOrder,
  getSession,
  type LookupOptions,
  type Order,
  OrderSchema,
  type PriceDataItem,
  PriceDataItemSchema,
  isLookupError,
  type NetworkErrorCause,
  type NetworkError,
  type TimeoutError,
  type ValidationIssue,
} from '../../src/index.js';
import type { SandboxCheckoutSession, SandboxOrder, SandboxPriceDataItem } from '../../src/testing/types.js';

/** The keys of a type without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/**
 * What the service sends for a record the SDK returns as `T`, by the rule the schemas follow: a date as `D` (epoch
 * milliseconds or ISO text), any other value as it is, and every object with room for fields beyond its own.
 */
type Sent<T, D> = T extends Date
  ? D
  : T extends readonly (infer Item)[]
    ? Sent<Item, D>[]
    : T extends object
      ? { [K in keyof T]: Sent<T[K], D> } & { [field: string]: unknown }
      : T;

/** The wire type without the id the sandbox requires, as the schema's input has it: absent or null allowed. */
type WithoutStoredId<T, Id extends keyof T> = Omit<T, Id> & { [K in Id]?: T[K] | null | undefined };

describe('one source per record: the schema', () => {
  test('the public types are what the schemas return', () => {
    expectTypeOf<Order>().toEqualTypeOf<v.InferOutput<typeof OrderSchema>>();
    expectTypeOf<CheckoutSession>().toEqualTypeOf<v.InferOutput<typeof CheckoutSessionSchema>>();
    expectTypeOf<PriceDataItem>().toEqualTypeOf<v.InferOutput<typeof PriceDataItemSchema>>();
  });

  test("the sandbox's wire types are what the schemas read, with the id the sandbox stores a record under", () => {
    expectTypeOf<SandboxPriceDataItem>().toEqualTypeOf<v.InferInput<typeof PriceDataItemSchema>>();
    expectTypeOf<WithoutStoredId<SandboxOrder, 'orderId'>>().toEqualTypeOf<WithoutStoredId<v.InferInput<typeof OrderSchema>, 'orderId'>>();
    expectTypeOf<WithoutStoredId<SandboxCheckoutSession, 'sessionId'>>().toEqualTypeOf<
      WithoutStoredId<v.InferInput<typeof CheckoutSessionSchema>, 'sessionId'>
    >();
    expectTypeOf<SandboxOrder['orderId']>().toEqualTypeOf<string>();
    expectTypeOf<SandboxCheckoutSession['sessionId']>().toEqualTypeOf<string>();
  });

  test('field for field, the wire type is the public type as sent: orders with epoch dates, sessions with ISO text', () => {
    expectTypeOf<KnownKeys<SandboxOrder>>().toEqualTypeOf<keyof Order>();
    expectTypeOf<KnownKeys<SandboxCheckoutSession>>().toEqualTypeOf<keyof CheckoutSession>();
    expectTypeOf<KnownKeys<SandboxPriceDataItem>>().toEqualTypeOf<keyof PriceDataItem>();
    expectTypeOf<WithoutStoredId<SandboxOrder, 'orderId'>>().toEqualTypeOf<WithoutStoredId<Sent<Order, number>, 'orderId'>>();
    expectTypeOf<WithoutStoredId<SandboxCheckoutSession, 'sessionId'>>().toEqualTypeOf<WithoutStoredId<Sent<CheckoutSession, string>, 'sessionId'>>();
    expectTypeOf<SandboxPriceDataItem>().toEqualTypeOf<Sent<PriceDataItem, never>>();
  });
});

describe("the service's fields, as its documentation lists them (/work/shared/api-spec.md, docs/service.md)", () => {
  test('each record has those fields, no more and no fewer', () => {
    expectTypeOf<keyof Order>().toEqualTypeOf<
      | 'orderId'
      | 'merchantReferenceId'
      | 'invoiceId'
      | 'customerId'
      | 'createTime'
      | 'productId'
      | 'priceId'
      | 'priceDataList'
      | 'paymentMethod'
      | 'amountSubtotal'
      | 'amountTotal'
      | 'paymentCurrency'
      | 'originalCurrency'
      | 'status'
      | 'sessionId'
      | 'metadata'
    >();
    expectTypeOf<keyof CheckoutSession>().toEqualTypeOf<
      | 'sessionId'
      | 'token'
      | 'status'
      | 'paymentStatus'
      | 'amountSubtotal'
      | 'amountTotal'
      | 'originalCurrency'
      | 'paymentCurrency'
      | 'subscriptionId'
      | 'invoiceId'
      | 'orderId'
      | 'merchantReferenceId'
      | 'locale'
      | 'cancelUrl'
      | 'successUrl'
      | 'created'
      | 'expire'
      | 'price'
      | 'product'
      | 'customer'
      | 'priceDataList'
    >();
    expectTypeOf<keyof PriceDataItem>().toEqualTypeOf<'name' | 'unitAmount' | 'quantity' | 'currency' | 'imageUrl'>();
    expectTypeOf<keyof NonNullable<Order['paymentMethod']>>().toEqualTypeOf<'paymentMethodType' | 'paymentInstrumentId'>();
    type Price = NonNullable<CheckoutSession['price']>;
    expectTypeOf<keyof Price>().toEqualTypeOf<'priceId' | 'priceList' | 'recurring'>();
    expectTypeOf<keyof NonNullable<Price['priceList']>[number]>().toEqualTypeOf<'amount' | 'currency' | 'exchangeRate'>();
    expectTypeOf<keyof NonNullable<Price['recurring']>>().toEqualTypeOf<'freeTrialDays' | 'interval'>();
    expectTypeOf<keyof NonNullable<CheckoutSession['product']>>().toEqualTypeOf<'productId' | 'productName'>();
    expectTypeOf<keyof NonNullable<CheckoutSession['customer']>>().toEqualTypeOf<'customerId' | 'email'>();
  });
});

describe('public types', () => {
  test('getOrder and getSession resolve to Order and CheckoutSession', () => {
    expectTypeOf(getOrder).returns.resolves.toEqualTypeOf<Order>();
    expectTypeOf(getSession).returns.resolves.toEqualTypeOf<CheckoutSession>();
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

  test("the exported schemas are valibot's looseObjects: v.pick, v.omit and their entries compile", () => {
    const picked = v.pick(OrderSchema, ['orderId']);
    expectTypeOf<v.InferOutput<typeof picked>['orderId']>().toEqualTypeOf<Order['orderId']>();
    const omitted = v.omit(CheckoutSessionSchema, ['sessionId']);
    expectTypeOf<'sessionId' extends KnownKeys<v.InferOutput<typeof omitted>> ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<'created' extends KnownKeys<v.InferOutput<typeof omitted>> ? true : false>().toEqualTypeOf<true>();
    const entries = { ...PriceDataItemSchema.entries };
    expectTypeOf<v.InferOutput<(typeof entries)['quantity']>>().toEqualTypeOf<PriceDataItem['quantity']>();
  });
});
