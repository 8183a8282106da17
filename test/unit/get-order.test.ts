import { describe, expect, test } from 'vitest';
import { getOrder } from '../../src/index.js';
import { BASE, KEY, ok, options, order, recordingFetch } from './helpers.js';

describe('getOrder', () => {
  test('sends one GET to {baseUrl}/api/order/{id} with the key, a fresh timestamp and Accept', async () => {
    const { fetch, requests } = recordingFetch(ok(order));
    await getOrder('ord_ada_1', options(fetch, { now: () => 1_700_000_000_123 }));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`${BASE}api/order/ord_ada_1`);
    expect(request?.headers.get('x-api-key')).toBe(KEY);
    expect(request?.headers.get('x-timestamp')).toBe('1700000000123');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.redirect).toBe('manual');
    expect(request?.body).toBeNull();
  });

  test('returns the validated order with createTime as a Date', async () => {
    const { fetch } = recordingFetch(ok(order));
    const result = await getOrder('ord_ada_1', options(fetch));
    expect(result.orderId).toBe('ord_ada_1');
    expect(result.createTime).toBeInstanceOf(Date);
    expect(result.createTime?.getTime()).toBe(order.createTime);
    expect(result.priceDataList?.[0]?.quantity).toBe(2);
    expect(result.paymentMethod?.paymentMethodType).toBe('CARD');
    expect(result.metadata).toEqual({ channel: 'web', giftWrap: true, giftMessage: 'Happy analysing!', shipping: 4.79 });
  });

  test('keeps a base path prefix, with or without a trailing slash', async () => {
    for (const baseUrl of ['https://h.test/v', 'https://h.test/v/', new URL('https://h.test/v/')]) {
      const { fetch, requests } = recordingFetch(ok(order));
      await getOrder('ord_ada_1', options(fetch, { baseUrl }));
      expect(requests[0]?.url).toBe('https://h.test/v/api/order/ord_ada_1');
    }
  });
});
