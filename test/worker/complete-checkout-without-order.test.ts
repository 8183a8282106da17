import { beforeAll, expect, test } from 'vitest';
import { upstreamRecord } from './helpers.js';
import { useLocalStack } from './in-process.js';

// A checkout that is complete before its order exists: the payment went through, the order is not there yet. The
// page says so, offers a way on (check again, which opens the order once it exists; back to the shop), and never
// shows the checkout's own id as an order number.

const stack = useLocalStack({ vars: { SHOP_URL: 'https://shop.example.com/' } });
let cookie: string;

beforeAll(async () => {
  cookie = await stack.cookie('cus_ada');
  stack.sandbox.putSession({
    ...(await upstreamRecord(stack, '/api/checkout/session/cs_complete_ada')),
    sessionId: 'cs_ada_no_order',
    status: 'complete',
    paymentStatus: 'paid',
    orderId: null,
    merchantReferenceId: null,
  });
});

const page = async (path: string, language: string) =>
  (await stack.send(path, { headers: { Cookie: cookie, 'Accept-Language': language } })).body.replace(/[\u00a0\u202f]/g, ' ');

const CONFIRMED = {
  en: 'your order is confirmed',
  de: 'Ihre Bestellung bestätigt',
  fr: 'votre commande est confirmée',
  es: 'su pedido está confirmado',
};
const NOT_YET = {
  en: 'not available yet',
  de: 'noch nicht verfügbar',
  fr: 'pas encore disponible',
  es: 'aún no está disponible',
};
const NUMBER = /number|nummer|numéro|número/i;

test.each(Object.keys(CONFIRMED) as (keyof typeof CONFIRMED)[])(
  '%s: says the payment is complete and the order not available yet, with a way on, and no order number',
  async (language) => {
    const html = await page('/sessions/cs_ada_no_order', language);
    expect(html).not.toContain(CONFIRMED[language]);
    expect(html).toContain(NOT_YET[language]);
    // The next steps: check again (on to the order once it exists) and back to the shop.
    expect(html).toContain('<a class="button" href="/sessions/cs_ada_no_order?check=1">');
    expect(html).toContain('<a class="button" href="https://shop.example.com/">');
    // The checkout id is never the number to quote, in the facts or the title.
    const facts = [...html.matchAll(/<dt>([^<]*)<\/dt><dd>(.*?)<\/dd>/g)].map(([, label = '', value = '']) => [label, value] as const);
    expect(facts.filter(([label]) => NUMBER.test(label))).toEqual([]);
    expect(html).not.toMatch(/<title>[^<]*cs_ada_no_order/);
    // It is the reference the words point to, in the small print.
    expect(html).toMatch(/<p class="small">[^<]*: cs_ada_no_order\. /);
  },
);

test('"Check again" opens the order once the checkout has one', async () => {
  stack.sandbox.putSession({
    ...(await upstreamRecord(stack, '/api/checkout/session/cs_ada_no_order')),
    orderId: 'ord_ada_1',
  });
  const answer = await stack.send('/sessions/cs_ada_no_order?check=1', { headers: { Cookie: cookie } });
  expect(answer.status).toBe(303);
  expect(answer.headers.location).toBe('/orders/ord_ada_1?from=checkout');
});

// What a checkout calls the merchant's reference before an order exists, and what the complete page's words name.
const REFERENCE = { en: 'Reference', de: 'Referenz', fr: 'Référence', es: 'Referencia' };
const factsOf = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd>(.*?)<\/dd>/g)].map(([, label = '', value = '']) => [label, value] as const);
const bodyText = (html: string) => (html.split('<body>')[1] ?? '').replace(/<[^>]+>/g, ' ');

test.each(Object.keys(REFERENCE) as (keyof typeof REFERENCE)[])(
  '%s: with the shop’s reference, the words name the reference to quote and the page shows that one reference once',
  async (language) => {
    stack.sandbox.putSession({
      ...(await upstreamRecord(stack, '/api/checkout/session/cs_complete_ada')),
      sessionId: 'cs_ada_no_order_ref',
      status: 'complete',
      paymentStatus: 'paid',
      orderId: null,
      merchantReferenceId: 'ADA-2026-0077',
    });
    const html = await page('/sessions/cs_ada_no_order_ref', language);
    const words = REFERENCE[language];
    // The notice says to quote the reference, and the one fact with a reference is labelled so: never an order number.
    expect(html).toMatch(new RegExp(`<section class="notice ok"[^]*?${words}[^]*?</section>`, 'i'));
    expect(factsOf(html).filter(([label]) => NUMBER.test(label))).toEqual([]);
    expect(factsOf(html).filter(([, value]) => value === 'ADA-2026-0077')).toEqual([
      [expect.stringMatching(new RegExp(`^${words} `)), 'ADA-2026-0077'],
    ]);
    // Shown once; the payment service's id, a second candidate, is not shown.
    expect(bodyText(html).match(/ADA-2026-0077/g)).toHaveLength(1);
    expect(bodyText(html)).not.toContain('cs_ada_no_order_ref');
  },
);

test.each(Object.keys(REFERENCE) as (keyof typeof REFERENCE)[])(
  '%s: an unpaid checkout labels the shop’s reference as a reference, since no order exists yet',
  async (language) => {
    stack.sandbox.putSession({
      ...(await upstreamRecord(stack, '/api/checkout/session/cs_open_ada')),
      sessionId: 'cs_ada_unpaid_ref',
      merchantReferenceId: 'ADA-2026-0078',
      expire: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const html = await page('/sessions/cs_ada_unpaid_ref', language);
    expect(factsOf(html).filter(([label]) => NUMBER.test(label))).toEqual([]);
    expect(factsOf(html).filter(([, value]) => value === 'ADA-2026-0078')).toEqual([
      [expect.stringMatching(new RegExp(`^${REFERENCE[language]} `)), 'ADA-2026-0078'],
    ]);
  },
);
