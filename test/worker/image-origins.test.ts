import { beforeAll, expect, test } from 'vitest';
import { useLocalStack } from './in-process.js';

// With IMAGE_HOSTS unset, the page's img-src lists the origins of the pictures it shows. A record's image address
// is the service's data: only an https origin a policy can name (a host name or an IPv4 address, optional port) may
// enter the Content-Security-Policy; a picture whose origin is anything else is not shown, and its tile is.

const stack = useLocalStack();
let cookie: string;

beforeAll(async () => {
  cookie = await stack.cookie('cus_ada');
});

const DIRECTIVES = ['default-src', 'img-src', 'style-src', 'base-uri', 'form-action', 'frame-ancestors'];

function policy(header: string | string[] | undefined): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of String(header).split(';')) {
    const [name = '', ...values] = part.trim().split(/\s+/);
    if (name !== '') directives.set(name, values.join(' '));
  }
  return directives;
}

test.each([
  ['https://img.example;style-src;/x.png', 'adds a directive'],
  ['https://img.example;sandbox;/x.png', 'sandboxes the page'],
  ['https://img.example,style-src/x.png', 'holds a comma'],
  ["https://img.example'unsafe-inline'/x.png", 'holds a quote'],
  ['https://img.example*/x.png', 'holds a wildcard'],
])('an item picture at %s (which %s) does not reach the policy and is not shown', async (imageUrl) => {
  stack.sandbox.putOrder({
    orderId: 'ord_ada_pictures',
    customerId: 'cus_ada',
    status: 'success',
    paymentCurrency: 'EUR',
    amountTotal: 20,
    priceDataList: [
      { name: 'Cup', unitAmount: 10, quantity: 1, currency: 'EUR', imageUrl },
      { name: 'Saucer', unitAmount: 10, quantity: 1, currency: 'EUR', imageUrl: 'https://images.example.com:8443/saucer.png' },
    ],
  });
  const answer = await stack.send('/orders/ord_ada_pictures', { headers: { Cookie: cookie } });
  expect(answer.status).toBe(200);
  const directives = policy(answer.headers['content-security-policy']);
  expect([...directives.keys()]).toEqual(DIRECTIVES);
  expect(directives.get('img-src')).toBe('https://images.example.com:8443');
  expect(answer.body).not.toContain('img.example');
  expect(answer.body).toContain('<img src="https://images.example.com:8443/saucer.png"');
});

test('origins a policy can name (a host name in any case, an IDN, an IPv4 address, a port) are listed once each', async () => {
  stack.sandbox.putOrder({
    orderId: 'ord_ada_hosts',
    customerId: 'cus_ada',
    status: 'success',
    paymentCurrency: 'EUR',
    amountTotal: 50,
    priceDataList: [
      'https://CDN.Example.com/a.png',
      'https://cdn.example.com/b.png',
      'https://192.0.2.7/c.png',
      'https://images.example.com:8443/d.png',
      'https://Bücher.example/e.png',
    ].map((imageUrl, index) => ({ name: `Item ${index}`, unitAmount: 10, quantity: 1, currency: 'EUR', imageUrl })),
  });
  const answer = await stack.send('/orders/ord_ada_hosts', { headers: { Cookie: cookie } });
  expect(policy(answer.headers['content-security-policy']).get('img-src')).toBe(
    'https://cdn.example.com https://192.0.2.7 https://images.example.com:8443 https://xn--bcher-kva.example',
  );
  expect(answer.body.match(/<img /g)).toHaveLength(5);
  expect(answer.body).toContain('<img src="https://xn--bcher-kva.example/e.png"');
});

// Chromium reads these as invalid sources and blocks the picture (test/e2e/image-origins.test.ts): the item shows its tile.
test.each(['https://[2001:db8::1]/x.png', 'https://[2001:db8::1]:8443/x.png', 'https://[::ffff:192.0.2.7]/x.png', 'https://my_cdn.example/x.png'])(
  'a picture at %s, which no policy can name, is left out for its tile',
  async (imageUrl) => {
    stack.sandbox.putOrder({
      orderId: 'ord_ada_unnamed',
      customerId: 'cus_ada',
      status: 'success',
      paymentCurrency: 'EUR',
      amountTotal: 10,
      priceDataList: [{ name: 'Kettle', unitAmount: 10, quantity: 1, currency: 'EUR', imageUrl }],
    });
    const answer = await stack.send('/orders/ord_ada_unnamed', { headers: { Cookie: cookie } });
    expect(answer.status).toBe(200);
    expect(policy(answer.headers['content-security-policy']).get('img-src')).toBe("'none'");
    expect(answer.body).not.toContain('<img');
    expect(answer.body).toMatch(/class="thumb"[^>]*>K<\/span>/);
  },
);
