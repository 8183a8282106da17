import { beforeAll, describe, expect, test } from 'vitest';
import { chooseReader } from '../../worker/i18n/index.js';
import { upstreamRecord } from './helpers.js';
import { useLocalStack } from './in-process.js';

// What the pages say in their last states: an expired checkout whose payment went through, the complete checkout's
// one number, amounts whose currencies or sums disagree, the pending page without script, and the running head
// every printed sheet carries.

const stack = useLocalStack({ vars: { SHOP_URL: 'https://shop.example.com/' } });
let cookie: string;

beforeAll(async () => {
  cookie = await stack.cookie('cus_ada');
});

const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
const FUTURE = new Date(Date.now() + 86_400_000).toISOString();
const page = async (path: string, language = 'en') =>
  (await stack.send(path, { headers: { Cookie: cookie, 'Accept-Language': language } })).body.replace(/[\u00a0\u202f]/g, ' ');
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const putSession = async (id: string, fields: Record<string, unknown>) =>
  stack.sandbox.putSession({ ...(await upstreamRecord(stack, '/api/checkout/session/cs_open_ada')), sessionId: id, ...fields });
const putOrder = (id: string, fields: Record<string, unknown>) =>
  stack.sandbox.putOrder({ orderId: id, customerId: 'cus_ada', status: 'success', ...fields });
const item = (name: string, unitAmount: number, currency: string, quantity = 1) => ({ name, unitAmount, quantity, currency, imageUrl: null });

describe('an expired checkout says what its payment status says', () => {
  // What each status means in English, the language every other one translates.
  const MEANING = {
    paid: ['says it was paid', 'Keep your receipt and contact the shop'],
    processing: ['you may have been charged', 'Keep your receipt and contact the shop'],
    unknown: ['cannot tell whether a payment was taken', 'keep your receipt and contact the shop'],
    unpaid: ['nothing was charged'],
  } as const;
  const KEYS = { paid: 'expiredPaid', processing: 'expiredProcessing', unknown: 'expiredUnknown', unpaid: 'expired' } as const;
  const escaped = (words: string) => words.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

  for (const language of LANGUAGES) {
    test.each([
      ['paid', 'paid'],
      ['PROCESSING', 'processing'],
      ['refund_pending', 'unknown'],
      [null, 'unknown'],
      ['unpaid', 'unpaid'],
    ] as const)(`${language}: payment status %j reads as %s`, async (paymentStatus, meaning) => {
      const id = `cs_ada_expired_${String(paymentStatus)}`;
      await putSession(id, { status: 'expired', paymentStatus });
      const html = await page(`/sessions/${id}`, language);
      // The state's own title and text in the reader's language, and only an unpaid one says nothing was charged.
      const { t } = chooseReader(language);
      const [title, words] = t[KEYS[meaning]];
      expect(html).toContain(`<h2 id="state">${escaped(title)}</h2><p>${escaped(words)}`);
      if (meaning !== 'unpaid') expect(html).not.toContain(escaped(t.expired[1]));
      if (language === 'en') for (const word of MEANING[meaning]) expect(html).toContain(word);
      if (language === 'en' && meaning !== 'unpaid') expect(html).not.toContain('nothing was charged');
      // The number the advice points to is on the page, and the way back to the shop.
      expect(html).toMatch(/<dd>ADA-SUB-0001<\/dd>/);
      expect(html).toContain('<a class="button" href="https://shop.example.com/">');
    });
  }

  test('each status has words of its own in every language', () => {
    for (const language of LANGUAGES) {
      const { t } = chooseReader(language);
      const texts = Object.values(KEYS).map((key) => t[key][1]);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });
});

describe('the complete checkout names one number to quote', () => {
  test.each(LANGUAGES)('%s: the merchant reference once as the number; the order reached by its button', async (language) => {
    const html = await page('/sessions/cs_complete_ada', language);
    const facts = [...html.matchAll(/<dt>([^<]*)<\/dt><dd>(.*?)<\/dd>/g)].map(([, label, value]) => [label, value]);
    const numbers = facts.filter(([label]) => /number|nummer|numéro|número/i.test(label!));
    expect(numbers).toHaveLength(1);
    expect(numbers[0]![1]).toBe('ADA-2026-0042');
    expect(html).not.toContain('>ord_ada_1<');
    expect(html).toContain('<a class="button" href="/orders/ord_ada_1">');
  });

  test('without a merchant reference, the order id is the number, shown once', async () => {
    await putSession('cs_ada_done', { status: 'complete', paymentStatus: 'paid', orderId: 'ord_ada_1', merchantReferenceId: null });
    const html = await page('/sessions/cs_ada_done');
    expect(html).toContain('<dt>Order number (quote it to the shop)</dt><dd>ord_ada_1</dd>');
    expect(html.match(/>ord_ada_1</g)).toHaveLength(1);
  });
});

describe('money in words where the figures disagree', () => {
  test.each([
    ['EUR', 'eur'],
    ['eur', 'EUR'],
    ['usd', 'usd'],
  ])('currency codes %s and %s are the same currency: no conversion note', async (original, payment) => {
    const id = `ord_ada_case_${original}_${payment}`;
    putOrder(id, {
      originalCurrency: original,
      paymentCurrency: payment,
      amountSubtotal: 20,
      amountTotal: 20,
      priceDataList: [item('Filter papers', 10, original.toUpperCase(), 2)],
    });
    const html = await page(`/orders/${id}`);
    expect(html).not.toContain('Prices are in');
    expect(html).not.toContain('The items');
    expect(html).toMatch(/<strong>(€|\$)20\.00<\/strong>/);
  });

  test('a checkout whose price list spells its currencies in another case still finds the rate', async () => {
    const upstream = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    await putSession('cs_ada_rate', {
      expire: FUTURE,
      originalCurrency: 'eur',
      paymentCurrency: 'usd',
      amountTotal: 11.59,
      price: {
        ...upstream.price,
        priceList: [
          { amount: 9.99, currency: 'EUR', exchangeRate: 1 },
          { amount: 11.59, currency: 'USD', exchangeRate: 1.1602 },
        ],
      },
    });
    const html = await page('/sessions/cs_ada_rate');
    expect(html).toContain('Prices are in Euro (EUR); the total is charged in US Dollar (USD).');
    expect(html).toContain('Exchange rate: 1 EUR = 1.1602 USD.');
  });

  test.each([
    ['en', 'The items are priced in more than one currency (EUR, USD), so this page does not add them up.'],
    ['de', 'Die Artikel haben Preise in mehreren Währungen (EUR, USD), daher rechnet diese Seite sie nicht zusammen.'],
    ['fr', 'Les articles sont facturés dans plusieurs devises (EUR, USD) ; cette page ne les additionne donc pas.'],
    ['es', 'Los artículos tienen precios en más de una moneda (EUR, USD), así que esta página no los suma.'],
  ])('%s: items at USD 10 and EUR 10 under a total of EUR 20: the page says they are not added up', async (language, words) => {
    putOrder('ord_ada_mixed', {
      paymentCurrency: 'EUR',
      amountTotal: 20,
      priceDataList: [item('Espresso cup', 10, 'USD'), item('Saucer', 10, 'eur')],
    });
    const html = await page('/orders/ord_ada_mixed', language);
    expect(html).toContain(words);
    expect(text(html)).toMatch(/Espresso cup 1 (\$10\.00|10,00 \$|10,00 \$US|10,00 US\$)/);
  });

  test.each([
    [undefined, 'The items add up to €20.00, but the total is €5.00. The shop can explain the difference.'],
    [5, 'The items add up to €20.00, but the subtotal is €5.00. The shop can explain the difference.'],
  ])('items totalling €20.00 under a subtotal of %s and a total of €5.00: the page says so', async (subtotal, words) => {
    const id = `ord_ada_sum_${subtotal}`;
    putOrder(id, {
      originalCurrency: 'EUR',
      paymentCurrency: 'EUR',
      ...(subtotal === undefined ? {} : { amountSubtotal: subtotal }),
      amountTotal: 5,
      priceDataList: [item('Grinder brush', 10, 'EUR', 2)],
    });
    expect(await page(`/orders/${id}`)).toContain(words);
  });

  test('in German, with German amounts', async () => {
    putOrder('ord_ada_sum_de', { paymentCurrency: 'EUR', amountSubtotal: 5, amountTotal: 5, priceDataList: [item('Pinsel', 10, 'EUR', 2)] });
    expect(await page('/orders/ord_ada_sum_de', 'de')).toContain('Die Artikel ergeben zusammen 20,00 €, die Zwischensumme beträgt aber 5,00 €.');
  });

  test.each([
    [
      'three lines of €3.33 under €10.00 (each line rounded on its own)',
      [item('a', 3.33, 'EUR'), item('b', 3.33, 'EUR'), item('c', 3.33, 'EUR')],
      10,
      false,
    ],
    ['¥6,400 × 2 under ¥12,800', [item('Kettle', 6400, 'JPY', 2)], 12800, false],
    ['¥6,400 × 2 under ¥12,801', [item('Kettle', 6400, 'JPY', 2)], 12801, true],
    ['€24.99 × 2 and €18.50 under €68.48', [item('Beans', 24.99, 'EUR', 2), item('Dripper', 18.5, 'EUR')], 68.48, false],
    ['€24.99 × 2 and €18.50 under €68.50', [item('Beans', 24.99, 'EUR', 2), item('Dripper', 18.5, 'EUR')], 68.5, true],
  ] as const)('%s: a note only beyond rounding', async (name, items, subtotal, noted) => {
    const id = `ord_ada_round_${name.length}_${subtotal}`;
    const currency = items[0]!.currency;
    putOrder(id, {
      originalCurrency: currency,
      paymentCurrency: currency,
      amountSubtotal: subtotal,
      amountTotal: subtotal,
      priceDataList: [...items],
    });
    const html = await page(`/orders/${id}`);
    expect(html.includes('The items add up to'), name).toBe(noted);
  });
});

describe('the pending checkout without script', () => {
  test.each([
    ['en', 'This page does not update by itself. Use Check again to see the latest status.'],
    ['de', 'Diese Seite aktualisiert sich nicht von selbst. Mit „Erneut prüfen“ sehen Sie den aktuellen Stand.'],
    ['fr', 'Cette page ne se met pas à jour d’elle-même. Utilisez « Vérifier à nouveau » pour voir le dernier statut.'],
    ['es', 'Esta página no se actualiza sola. Use «Comprobar de nuevo» para ver el estado más reciente.'],
  ])('%s: its status line says how to check by hand', async (language, words) => {
    await putSession('cs_ada_pending', { expire: FUTURE, paymentStatus: 'processing' });
    const html = await page('/sessions/cs_ada_pending', language);
    expect(html).toContain(`<p id="live" class="noprint" role="status" aria-live="polite">${words}</p>`);
  });
});

describe('the running head of every printed sheet', () => {
  test('the order page: the shop and the order number in a page-margin box, under a style this answer allows', async () => {
    const answer = await stack.send('/orders/ord_ada_1', { headers: { Cookie: cookie } });
    const style = /<style nonce="([A-Za-z0-9+/=]+)">@page\{@top-left\{content:"([^"]*)"\}\}<\/style>/.exec(answer.body);
    expect(style).not.toBeNull();
    const [, nonce, content] = style!;
    // CSS escapes: every character but letters, digits and spaces as a code point.
    const said = content!.replace(/\\([0-9a-f]+) /g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
    expect(said).toBe('shop.example.com · Order ADA-2026-0042');
    expect(String(answer.headers['content-security-policy'])).toMatch(
      new RegExp(`style-src 'sha256-[^']+' 'nonce-${nonce!.replace(/[+/]/g, '\\$&')}';`),
    );
  });

  test('the checkout page too, and a number that tries to end the style stays inside its string', async () => {
    await putSession('cs_ada_print', { expire: FUTURE, merchantReferenceId: '"}</style><script>alert(1)</script>' });
    const html = await page('/sessions/cs_ada_print');
    const content = /@page\{@top-left\{content:"([^"]*)"\}\}<\/style>/.exec(html)?.[1] ?? '';
    expect(content).not.toMatch(/[<>"{}]/);
    // A head this long may break after any character: U+200B between them, never inside an escape.
    const said = content.replace(/\\([0-9a-f]+) /g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
    expect(said.replace(/\u200b/g, '')).toBe('shop.example.com · Checkout "}</style><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert');
  });

  test('a page without a record has no running head', async () => {
    expect(await page('/')).not.toMatch(/<style nonce="[^"]+">@page/);
  });
});
