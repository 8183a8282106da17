// Baseline: the same schemas as zod-schemas.mjs in zod/mini (zod v4's functional, tree-shakable API).
import * as z from 'zod/mini';
import { toDate } from './dates.mjs';

const text = () => z.nullish(z.string());
const amount = () => z.nullish(z.number());
const integer = () => z.nullish(z.int());
const date = () => z.nullish(z.pipe(z.union([z.number(), z.string()]), z.transform(toDate)));

const priceDataItem = () =>
  z.looseObject({ name: text(), unitAmount: amount(), quantity: integer(), currency: text(), imageUrl: text() });

export const OrderSchema = /* @__PURE__ */ (() =>
  z.looseObject({
    orderId: text(),
    merchantReferenceId: text(),
    invoiceId: text(),
    customerId: text(),
    createTime: date(),
    productId: text(),
    priceId: text(),
    priceDataList: z.nullish(z.array(priceDataItem())),
    paymentMethod: z.nullish(z.looseObject({ paymentMethodType: text(), paymentInstrumentId: text() })),
    amountSubtotal: amount(),
    amountTotal: amount(),
    paymentCurrency: text(),
    originalCurrency: text(),
    status: text(),
    sessionId: text(),
    metadata: z.nullish(z.looseObject({})),
  }))();

export const CheckoutSessionSchema = /* @__PURE__ */ (() =>
  z.looseObject({
    sessionId: text(),
    token: text(),
    status: text(),
    paymentStatus: text(),
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
    price: z.nullish(
      z.looseObject({
        priceId: text(),
        priceList: z.nullish(z.array(z.looseObject({ amount: amount(), currency: text(), exchangeRate: amount() }))),
        recurring: z.nullish(z.looseObject({ freeTrialDays: integer(), interval: text() })),
      }),
    ),
    product: z.nullish(z.looseObject({ productId: text(), productName: text() })),
    customer: z.nullish(z.looseObject({ customerId: text(), email: text() })),
    priceDataList: z.nullish(z.array(priceDataItem())),
  }))();
