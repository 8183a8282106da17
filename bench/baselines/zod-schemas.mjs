// Baseline: the SDK's Order and CheckoutSession schemas (src/schemas) in zod v4 (classic API): every field
// nullish, objects loose (unknown keys kept), dates transformed to Date. Each schema is built in a pure IIFE, as
// the SDK's are, so a bundler drops the one that is not imported.
import * as z from 'zod';
import { toDate } from './dates.mjs';

const text = () => z.string().nullish();
const amount = () => z.number().nullish();
const integer = () => z.int().nullish();
const date = () => z.union([z.number(), z.string()]).transform(toDate).nullish();

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
    priceDataList: z.array(priceDataItem()).nullish(),
    paymentMethod: z.looseObject({ paymentMethodType: text(), paymentInstrumentId: text() }).nullish(),
    amountSubtotal: amount(),
    amountTotal: amount(),
    paymentCurrency: text(),
    originalCurrency: text(),
    status: text(),
    sessionId: text(),
    metadata: z.looseObject({}).nullish(),
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
    price: z
      .looseObject({
        priceId: text(),
        priceList: z.array(z.looseObject({ amount: amount(), currency: text(), exchangeRate: amount() })).nullish(),
        recurring: z.looseObject({ freeTrialDays: integer(), interval: text() }).nullish(),
      })
      .nullish(),
    product: z.looseObject({ productId: text(), productName: text() }).nullish(),
    customer: z.looseObject({ customerId: text(), email: text() }).nullish(),
    priceDataList: z.array(priceDataItem()).nullish(),
  }))();
