import { describe, expect, test } from 'vitest';
import { formatCount, formatUnit } from '../../worker/format.js';
import { chooseReader } from '../../worker/i18n/index.js';
import { upstreamRecord } from './helpers.js';
import { useLocalStack } from './in-process.js';

// Every count a page shows reads right in each language for 0, 1, 2 and 5, by the language's own plural rules (French
// counts 0 as one, "0 jour"; German has one form for "Artikel"): the days of a free trial, the items of a record,
// and the lifetime a sign-in link may have.

const stack = useLocalStack();
const COUNTS = [0, 1, 2, 5] as const;
const plain = (words: string) => words.replace(/[\u00a0\u202f]/g, ' ');

const EXPECTED = {
  en: {
    trial: ['0-day free trial', '1-day free trial', '2-day free trial', '5-day free trial'],
    items: ['0 items', '1 item', '2 items', '5 items'],
    days: ['0 days', '1 day', '2 days', '5 days'],
  },
  de: {
    trial: ['0 Tage kostenlos testen', '1 Tag kostenlos testen', '2 Tage kostenlos testen', '5 Tage kostenlos testen'],
    items: ['0 Artikel', '1 Artikel', '2 Artikel', '5 Artikel'],
    days: ['0 Tage', '1 Tag', '2 Tage', '5 Tage'],
  },
  fr: {
    trial: ['essai gratuit de 0 jour', 'essai gratuit de 1 jour', 'essai gratuit de 2 jours', 'essai gratuit de 5 jours'],
    items: ['0 article', '1 article', '2 articles', '5 articles'],
    days: ['0 jour', '1 jour', '2 jours', '5 jours'],
  },
  es: {
    trial: ['prueba gratuita de 0 días', 'prueba gratuita de 1 día', 'prueba gratuita de 2 días', 'prueba gratuita de 5 días'],
    items: ['0 artículos', '1 artículo', '2 artículos', '5 artículos'],
    days: ['0 días', '1 día', '2 días', '5 días'],
  },
} as const;

describe.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('counts in %s', (language) => {
  const { t, locale } = chooseReader(language);
  const expected = EXPECTED[language];

  test.each(COUNTS.map((count, index) => [count, index] as const))('%i: the free trial, the items, a link lifetime in days', (count, index) => {
    expect(formatCount(count, t.freeTrial, locale)).toBe(expected.trial[index]);
    expect(formatCount(count, t.items, locale)).toBe(expected.items[index]);
    expect(plain(formatUnit(count, 'day', locale))).toBe(expected.days[index]);
  });

  test('a checkout with a 1-day and a 5-day free trial, and an order of 1 and of 2 items, say so on the page', async () => {
    const session = await upstreamRecord(stack, '/api/checkout/session/cs_open_ada');
    const cookie = await stack.cookie('cus_ada');
    const headers = { Cookie: cookie, 'Accept-Language': language };
    for (const [index, days] of [[1, 1] as const, [3, 5] as const]) {
      const sessionId = `cs_trial_${days}_${language}`;
      stack.sandbox.putSession({
        ...session,
        sessionId,
        expire: null,
        price: { ...session.price, recurring: { interval: 'week', freeTrialDays: days } },
      });
      const html = plain((await stack.send(`/sessions/${sessionId}`, { headers })).body);
      expect(html).toContain(`, ${expected.trial[index]}</dd>`);
    }
    const order = await upstreamRecord(stack, '/api/order/ord_ada_1');
    stack.sandbox.putOrder({ ...order, orderId: `ord_one_item_${language}`, priceDataList: order.priceDataList.slice(0, 1) });
    expect((await stack.send(`/orders/ord_one_item_${language}`, { headers })).body).toContain(`<caption>${expected.items[1]}</caption>`);
    expect(order.priceDataList).toHaveLength(2);
    expect((await stack.send('/orders/ord_ada_1', { headers })).body).toContain(`<caption>${expected.items[2]}</caption>`);
  });
});
