import { describe, expect, test } from 'vitest';
import { orderView } from '../../worker/allow-list.js';
import type { PageRequest } from '../../worker/app.js';
import { chooseReader } from '../../worker/i18n/index.js';
import { readSettings } from '../../worker/settings.js';
import { layout } from '../../worker/views/layout.js';
import { failurePage, homePage } from '../../worker/views/message-pages.js';
import { orderPage } from '../../worker/views/order.js';

// A view is a function of its data: it takes the record and the reader, and returns its markup and what the page
// loads; no request context, nothing set on one, no answer sent. The route answers with it (`c.html`), and redirects
// itself (Check again, once a checkout has its order: complete-checkout-without-order.test.ts).

const read = readSettings({ API_BASE_URL: 'https://api.example.com', API_KEY: 'test-key', AUTH_SECRET: 'a'.repeat(43) });
if (!('settings' in read)) throw new Error(read.problem);
const request: PageRequest = {
  reader: chooseReader('de-DE'),
  timeZone: 'UTC',
  settings: read.settings,
  site: 'orders.example.com',
  path: '/orders/ord_1',
  customerId: 'cus_1',
};
const markup = async (value: unknown) => String(await value);

describe('the views', () => {
  test('an order: the same data gives the same page, with its title, running head and pictures, outside any request', async () => {
    const order = orderView({
      orderId: 'ord_1',
      merchantReferenceId: 'REF-1',
      customerId: 'cus_1',
      status: 'success',
      paymentCurrency: 'EUR',
      amountTotal: 12.5,
      priceDataList: [{ name: 'Beans', unitAmount: 12.5, quantity: 1, currency: 'EUR', imageUrl: 'https://images.example.com/beans.png' }],
    });
    const page = orderPage(order, request, false, undefined);
    expect(page).toMatchObject({ status: 200, title: 'Bestellung REF-1', runningHead: 'Bestellung REF-1', signedIn: true });
    expect([...(page.images ?? [])].map((url) => url?.href)).toEqual(['https://images.example.com/beans.png']);
    const body = await markup(page.body);
    expect(body).toContain('<h1>Ihre Bestellung</h1>');
    // The record's words and amounts, in the reader's language and format.
    expect(body).toContain('Beans');
    expect(body).toContain('12,50\u00a0€');
    expect(body).toBe(await markup(orderPage(order, request, false, undefined).body));
    const document = await markup(layout(page, request, 'n0nce'));
    expect(document).toContain('<html lang="de-DE">');
    expect(document).toContain('<style nonce="n0nce">@page');
    expect(document).toContain(body);
  });

  test('a message page and a failure page: words, status and headers as data', async () => {
    const home = homePage(request);
    expect(home.status).toBe(200);
    expect(await markup(home.body)).toContain('cus_1');
    const failure = failurePage(504, request, 'req-1');
    expect(failure).toMatchObject({ status: 504, headers: { 'X-Request-Id': 'req-1' } });
    expect(await markup(layout(failure, request, undefined))).not.toContain('nonce');
  });
});
