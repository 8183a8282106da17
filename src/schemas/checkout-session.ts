import * as v from 'valibot';
import { amount, date, integer, known, text } from './fields.js';
import { PriceDataItemSchema } from './price-data.js';

/**
 * Schema of a checkout session (the `data` of `GET /api/checkout/session/{id}`). Unknown fields are kept;
 * `created` and `expire` become `Date`s.
 */
export const CheckoutSessionSchema = /* @__PURE__ */ (() =>
  v.looseObject({
    sessionId: text(),
    token: text(),
    status: known<'open'>(),
    paymentStatus: known<'unpaid'>(),
    amountSubtotal: amount(),
    amountTotal: amount(),
    originalCurrency: text(),
    paymentCurrency: text(),
    subscriptionId: text(),
    invoiceId: text(),
    orderId: text(),
    merchantReferenceId: text(),
    locale: text(),
    cancelUrl: text(),
    successUrl: text(),
    created: date(),
    expire: date(),
    price: v.nullish(
      v.looseObject({
        priceId: text(),
        priceList: v.nullish(
          v.array(
            v.looseObject({
              amount: amount(),
              currency: text(),
              exchangeRate: amount(),
            }),
          ),
        ),
        recurring: v.nullish(
          v.looseObject({
            freeTrialDays: integer(),
            interval: known<'week'>(),
          }),
        ),
      }),
    ),
    product: v.nullish(v.looseObject({ productId: text(), productName: text() })),
    customer: v.nullish(v.looseObject({ customerId: text(), email: text() })),
    priceDataList: v.nullish(v.array(PriceDataItemSchema)),
  }))();

/** A checkout session: a payment page session with its price, product, customer and resulting references. */
export type CheckoutSession = v.InferOutput<typeof CheckoutSessionSchema>;
