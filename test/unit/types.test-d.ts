import type * as v from 'valibot';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type CheckoutSession,
  type CheckoutSessionSchema,
  getOrder,
  getSession,
  type LookupOptions,
  type Order,
  type PriceDataItem,
} from '../../src/index.js';

describe('public types', () => {
  test('getOrder and getSession resolve to the schemas\' output types', () => {
    expectTypeOf(getOrder).returns.resolves.toEqualTypeOf<Order>();
    expectTypeOf(getSession).returns.resolves.toEqualTypeOf<CheckoutSession>();
    expectTypeOf<CheckoutSession>().toEqualTypeOf<v.InferOutput<typeof CheckoutSessionSchema>>();
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
  });
});
