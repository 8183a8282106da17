import type { CheckoutSession, Order, PriceDataItem } from 'checkout-lookup';
import { expectTypeOf, test } from 'vitest';
import type { ItemView, OrderView, SessionView } from '../../worker/allow-list.js';

// Every field of the SDK's types is either in the worker's allow-list or left out here, by name, on purpose: a
// field the SDK gains fails this file until someone decides whether customers may see it.
type Part<T> = Exclude<T, null | undefined>;

test('an order view holds every field of Order but the metadata', () => {
  expectTypeOf<keyof OrderView>().toEqualTypeOf<Exclude<keyof Order, 'metadata'>>();
  expectTypeOf<keyof Part<OrderView['paymentMethod']>>().toEqualTypeOf<Exclude<keyof Part<Order['paymentMethod']>, 'paymentInstrumentId'>>();
});

test('a session view holds every field of CheckoutSession but the token', () => {
  expectTypeOf<keyof SessionView>().toEqualTypeOf<Exclude<keyof CheckoutSession, 'token'>>();
  type Price = Part<CheckoutSession['price']>;
  type PriceView = Part<SessionView['price']>;
  expectTypeOf<keyof PriceView>().toEqualTypeOf<keyof Price>();
  expectTypeOf<keyof Part<PriceView['priceList']>[number]>().toEqualTypeOf<keyof Part<Price['priceList']>[number]>();
  expectTypeOf<keyof Part<PriceView['recurring']>>().toEqualTypeOf<keyof Part<Price['recurring']>>();
  expectTypeOf<keyof Part<SessionView['product']>>().toEqualTypeOf<keyof Part<CheckoutSession['product']>>();
  expectTypeOf<keyof Part<SessionView['customer']>>().toEqualTypeOf<keyof Part<CheckoutSession['customer']>>();
});

test('a line item view holds every field of PriceDataItem', () => {
  expectTypeOf<keyof ItemView>().toEqualTypeOf<keyof PriceDataItem>();
});
