import type { LookupOptions } from '../../src/index.js';

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

export const ok = (data: unknown): Responder => () => envelope(data);

export const order = {
  orderId: 'ord_1',
  merchantReferenceId: 'ref-1',
  invoiceId: 'inv_1',
  customerId: 'cus_1',
  createTime: 1_763_800_000_000,
  productId: 'prod_1',
  priceId: 'price_1',
  priceDataList: [
    { name: 'Mug', unitAmount: 12.5, quantity: 2, currency: 'EUR', imageUrl: 'https://img.test/mug.png' },
  ],
  paymentMethod: { paymentMethodType: 'CARD', paymentInstrumentId: 'pi_1' },
  amountSubtotal: 25,
  amountTotal: 29.75,
  paymentCurrency: 'EUR',
  originalCurrency: 'EUR',
  status: 'success',
  sessionId: 'cs_1',
  metadata: { campaign: 'spring' },
};

export const session = {
  sessionId: 'cs_1',
  token: 'tok_1',
  status: 'open',
  paymentStatus: 'unpaid',
  amountSubtotal: 10,
  amountTotal: 10,
  originalCurrency: 'USD',
  paymentCurrency: 'USD',
  subscriptionId: 'sub_1',
  invoiceId: 'inv_1',
  orderId: 'ord_1',
  merchantReferenceId: 'ref-1',
  locale: 'en-US',
  cancelUrl: 'https://shop.test/cancel',
  successUrl: 'https://shop.test/success',
  created: '2026-11-20T10:00:00Z',
  expire: '2026-11-21T10:00:00Z',
  price: {
    priceId: 'price_1',
    priceList: [{ amount: 10, currency: 'USD', exchangeRate: 1 }],
    recurring: { freeTrialDays: 7, interval: 'week' },
  },
  product: { productId: 'prod_1', productName: 'Weekly box' },
  customer: { customerId: 'cus_1', email: 'ada@example.test' },
  priceDataList: [{ name: 'Box', unitAmount: 10, quantity: 1, currency: 'USD', imageUrl: 'https://img.test/box.png' }],
};
