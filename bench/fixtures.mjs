// Payloads of the benchmarks, in the service's wire format (api-spec): a typical order (3 line items, about
// 1.5 KB as an envelope), a large order (100 line items) and a checkout session. Each comes as the envelope's
// JSON text and as the parsed `data` object.

const IMAGES = 'https://images.example.com/products';

function item(index) {
  const names = ['Single-origin espresso beans, 1 kg', 'Ceramic pour-over dripper', 'Unbleached paper filters, 100 pcs'];
  return {
    name: `${names[index % names.length]}${index >= names.length ? ` #${index}` : ''}`,
    unitAmount: [24.99, 18.5, 4.25][index % 3],
    quantity: (index % 4) + 1,
    currency: 'EUR',
    imageUrl: `${IMAGES}/item-${String(index).padStart(4, '0')}.jpg`,
  };
}

function order(orderId, items) {
  return {
    orderId,
    merchantReferenceId: 'ADA-2026-0042',
    invoiceId: 'inv_bench_0042',
    customerId: 'cus_ada',
    createTime: 1_795_010_851_412,
    productId: 'prod_espresso_beans',
    priceId: 'price_espresso_beans_once',
    priceDataList: Array.from({ length: items }, (_, index) => item(index)),
    paymentMethod: { paymentMethodType: 'CARD', paymentInstrumentId: 'pi_card_ada_4242' },
    amountSubtotal: 72.73,
    amountTotal: 77.52,
    paymentCurrency: 'EUR',
    originalCurrency: 'EUR',
    status: 'success',
    sessionId: 'cs_complete_ada',
    metadata: {
      channel: 'web',
      giftWrap: true,
      giftMessage: 'Happy analysing! From all of us at the roastery, with thanks for your order.',
      shipping: 4.79,
      warehouse: 'fra-2',
      campaign: 'autumn-2026-newsletter',
      deliveryNote: 'Please leave the parcel with the neighbours at number 14 if nobody answers the door.',
      shippingAddressId: 'addr_ada_home_01',
      billingAddressId: 'addr_ada_home_01',
      loyaltyTier: 'gold',
      loyaltyPointsEarned: 77,
      couponCode: 'AUTUMN10',
      referrer: 'https://newsletter.example.com/autumn-2026',
    },
  };
}

const session = {
  sessionId: 'cs_complete_ada',
  token: 'tok_cs_complete_ada_1b8e44',
  status: 'complete',
  paymentStatus: 'paid',
  amountSubtotal: 68.48,
  amountTotal: 73.27,
  originalCurrency: 'EUR',
  paymentCurrency: 'EUR',
  subscriptionId: null,
  invoiceId: 'inv_ada_1',
  orderId: 'ord_ada_1',
  merchantReferenceId: 'ADA-2026-0042',
  locale: 'en-GB',
  cancelUrl: 'https://shop.example.com/cart',
  successUrl: 'https://shop.example.com/orders/thanks',
  created: '2026-11-18T14:02:11.000Z',
  expire: '2026-11-19T14:02:11.000Z',
  price: {
    priceId: 'price_espresso_beans_once',
    priceList: [{ amount: 24.99, currency: 'EUR', exchangeRate: 1 }],
    recurring: { freeTrialDays: 14, interval: 'week' },
  },
  product: { productId: 'prod_espresso_beans', productName: 'Single-origin espresso beans, 1 kg' },
  customer: { customerId: 'cus_ada', email: 'ada@example.com' },
  priceDataList: [item(0), item(1)],
};

const envelope = (data) => JSON.stringify({ code: 0, msg: 'success', data });

/** The payloads, by name: `json` is the whole envelope's text, `data` its `data`. */
export const PAYLOADS = Object.freeze({
  'typical order': { kind: 'order', data: order('ord_bench_typical', 3) },
  'large order': { kind: 'order', data: order('ord_bench_large', 100) },
  session: { kind: 'session', data: session },
});
for (const payload of Object.values(PAYLOADS)) payload.json = envelope(payload.data);

/** Id under which the per-call benchmark stores the typical order in the sandbox. */
export const TYPICAL_ORDER_ID = 'ord_bench_typical';
