import { beforeAll, expect, test } from 'vitest';
import { useLocalStack } from './in-process.js';

// Items priced in one currency under a subtotal and total in another: the page shows both amounts, so it says
// that the items are not added up, as it does when the items mix currencies.

const stack = useLocalStack();
let cookie: string;

beforeAll(async () => {
  cookie = await stack.cookie('cus_ada');
});

const page = async (path: string, language: string) =>
  (await stack.send(path, { headers: { Cookie: cookie, 'Accept-Language': language } })).body.replace(/[\u00a0\u202f]/g, ' ');

/** Stores an order of one espresso cup at 10 in `itemCurrency`, under a subtotal and total of EUR 10. */
const putCupOrder = (orderId: string, itemCurrency: string) =>
  stack.sandbox.putOrder({
    orderId,
    customerId: 'cus_ada',
    status: 'success',
    originalCurrency: 'EUR',
    paymentCurrency: 'EUR',
    amountSubtotal: 10,
    amountTotal: 10,
    priceDataList: [{ name: 'Espresso cup', unitAmount: 10, quantity: 1, currency: itemCurrency, imageUrl: null }],
  });

test.each([
  ['en', 'The items are priced in USD and the subtotal in EUR, so this page does not add them up.'],
  ['de', 'Die Artikel haben Preise in USD, die Zwischensumme in EUR, daher rechnet diese Seite sie nicht zusammen.'],
  ['fr', 'Les articles sont facturés en USD et le sous-total en EUR ; cette page ne les additionne donc pas.'],
  ['es', 'Los artículos tienen precios en USD y el subtotal en EUR, así que esta página no los suma.'],
])('%s: one item at USD 10 under a subtotal and total of EUR 10: the page says the items are not added up', async (language, words) => {
  putCupOrder('ord_ada_usd_items', 'usd');
  const html = await page('/orders/ord_ada_usd_items', language);
  expect(html).toContain(words);
});

test('items in the subtotal’s own currency, even spelled in lower case, carry no such note', async () => {
  putCupOrder('ord_ada_eur_items', 'eur');
  const html = await page('/orders/ord_ada_eur_items', 'en');
  expect(html).not.toContain('does not add them up');
  expect(html).not.toContain('class="note"');
});
