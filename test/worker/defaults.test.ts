import { unstable_readConfig } from 'wrangler';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { readSettings } from '../../worker/settings.js';
import type { Bindings } from '../../worker/settings.js';
import worker from '../../worker/index.js';
import { HSTS } from '../../worker/middleware/headers.js';
import { startStack } from './harness.js';
import { bearer } from './helpers.js';
import type { Answer } from './helpers.js';
import { toAnswer, useLocalStack, withLocalStack } from './in-process.js';

// Safe defaults: the headers of every answer, the image policy, the settings checked and normalised once per
// isolate, and the rate limit that wrangler.toml turns on.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const stack = useLocalStack();
let ada: string;
let cookie: string;
beforeAll(async () => {
  ada = await stack.token('cus_ada');
  cookie = await stack.cookie('cus_ada');
});

const EVERY_ANSWER = {
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'private, no-store',
};

describe('headers on every answer', () => {
  test.each([
    ['an order page', '/orders/ord_ada_1', {}],
    ['the home page', '/', {}],
    ['a 404 page', '/nowhere', {}],
    ['a 401 page', '/orders/ord_ada_1', { Cookie: '' }],
    ['the JSON route', '/api/order/ord_ada_1', {}],
    ['a JSON 404', '/api/order/ord_nobody', {}],
    ['the sign-in page', '/sign-in?token=x', {}],
    ['OPTIONS', '/api/order/ord_ada_1', { method: 'OPTIONS' }],
    ['a 405', '/api/order/ord_ada_1', { method: 'DELETE' }],
  ] as const)('%s (over HTTPS) carries Permissions-Policy, COOP, CORP and HSTS', async (_name, path, extra) => {
    const { method, ...headers } = { method: 'GET', ...extra } as { method: string } & Record<string, string>;
    const answer = await stack.send(path, { method, headers: { ...bearer(ada), Cookie: cookie, ...headers } });
    expect(answer.headers).toMatchObject(EVERY_ANSWER);
  });

  test('the sign-in redirect and a 500 for a bad setting carry them too', async () => {
    const posted = await stack.send('/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: stack.url, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ token: ada }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers).toMatchObject(EVERY_ANSWER);
    await withLocalStack({ vars: { API_KEY: undefined } }, async (broken) => {
      expect((await broken.send('/')).headers).toMatchObject(EVERY_ANSWER);
    });
  });

  test('no HSTS over plain HTTP (as under wrangler dev on localhost)', async () => {
    const answer = await toAnswer(await worker.fetch(new Request('http://127.0.0.1:8787/'), stack.env));
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

/** The sources of one directive of an answer's Content-Security-Policy. */
function directive(answer: Answer, name: string): string | undefined {
  const policy = String(answer.headers['content-security-policy']);
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

describe('img-src', () => {
  test("by default, an order page allows exactly its records' image hosts (the sandbox's: images.example.com)", async () => {
    const page = await stack.send('/orders/ord_ada_1', { headers: { Cookie: cookie } });
    expect(page.body).toContain('<img src="https://images.example.com/');
    expect(directive(page, 'img-src')).toBe('https://images.example.com');
  });

  test('a page without images allows none', async () => {
    for (const path of ['/', '/nowhere', '/sign-in?token=x']) {
      expect(directive(await stack.send(path), 'img-src')).toBe("'none'");
    }
  });

  test('IMAGE_HOSTS, normalised to origins, is the whole list when set', async () => {
    await withLocalStack({ vars: { IMAGE_HOSTS: 'https://cdn.shop.example/, https://IMAGES.example.com:443' } }, async (local) => {
      const page = await local.send('/orders/ord_ada_1', { headers: { Cookie: await local.cookie('cus_ada') } });
      expect(directive(page, 'img-src')).toBe('https://cdn.shop.example https://images.example.com');
      expect(directive(await local.send('/'), 'img-src')).toBe('https://cdn.shop.example https://images.example.com');
    });
  });

  test('IMAGE_HOSTS takes a port, an IPv4 address and an IDN host (as punycode)', async () => {
    await withLocalStack({ vars: { IMAGE_HOSTS: 'https://cdn.example:8443, https://192.0.2.7, https://Bücher.example' } }, async (local) => {
      expect(directive(await local.send('/'), 'img-src')).toBe('https://cdn.example:8443 https://192.0.2.7 https://xn--bcher-kva.example');
    });
  });
});

describe('ALLOWED_ORIGINS and SHOP_URL', () => {
  test.each(['https://shop.example/', 'https://shop.example', 'HTTPS://Shop.Example:443/', ' https://other.example , https://shop.example/ '])(
    '%j allows Origin: https://shop.example',
    async (value) => {
      await withLocalStack({ vars: { ALLOWED_ORIGINS: value } }, async (local) => {
        const answer = await local.send('/api/order/ord_ada_1', {
          headers: { ...bearer(await local.token('cus_ada')), Origin: 'https://shop.example' },
        });
        expect(answer.headers['access-control-allow-origin']).toBe('https://shop.example');
      });
    },
  );

  test('SHOP_URL with or without the slash links to the same address', async () => {
    for (const value of ['https://shop.example', 'https://shop.example/']) {
      await withLocalStack({ vars: { SHOP_URL: value } }, async (local) => {
        const page = await local.send('/orders/ord_ada_1', { headers: { Cookie: await local.cookie('cus_ada') } });
        expect(page.body).toContain('<a href="https://shop.example/">');
      });
    }
  });

  test.each([
    ['ALLOWED_ORIGINS', 'https://shop.example, https://shop.example/checkout', 'entry 2'],
    ['ALLOWED_ORIGINS', 'shop.example', 'entry 1'],
    ['ALLOWED_ORIGINS', 'https://a.example,,ftp://files.example', 'entry 3'],
    ['ALLOWED_ORIGINS', 'https://shop.example/?x', 'entry 1'],
    ['ALLOWED_ORIGINS', 'https://user:pass@shop.example', 'entry 1'],
    ['ALLOWED_ORIGINS', '*', 'entry 1'],
    ['IMAGE_HOSTS', 'http://images.example.com', 'entry 1'],
    // Origins no Content-Security-Policy can name (Chromium ignores them as invalid sources): refused, not ignored.
    ['IMAGE_HOSTS', 'https://images.example.com, https://[2001:db8::1]', 'entry 2'],
    ['IMAGE_HOSTS', 'https://[2001:db8::1]:8443', 'entry 1'],
    ['IMAGE_HOSTS', 'https://my_cdn.example', 'entry 1'],
    ['SHOP_URL', 'https://user:secret-x9@shop.example/', 'SHOP_URL'],
    ['SHOP_URL', 'https://shop.example/#top', 'SHOP_URL'],
    ['SESSION_MAX_AGE_SECONDS', '12h', 'SESSION_MAX_AGE_SECONDS'],
    ['LINK_MAX_LIFETIME_SECONDS', '-3', 'LINK_MAX_LIFETIME_SECONDS'],
  ])('%s = %j: 500 naming the setting and the entry (%s), never its value', async (name, value, named) => {
    await withLocalStack({ vars: { [name]: value } }, async (local) => {
      const answer = await local.send('/');
      expect(answer.status).toBe(500);
      expect(answer.json().msg).toContain(name);
      expect(answer.json().msg).toContain(named);
      expect(answer.body).not.toContain(value.trim());
    });
  });
});

describe('settings', () => {
  test('are read once per environment object, not per request', async () => {
    const env = { ...stack.env } as Bindings;
    const first = readSettings(env);
    expect(readSettings(env)).toBe(first);
    // A change to the object after its first request is not seen: nothing is parsed again.
    (env as { SHOP_URL?: string }).SHOP_URL = 'https://changed.example';
    const page = await toAnswer(await worker.fetch(new Request(`${stack.url}/`), env));
    expect(page.body).not.toContain('changed.example');
    // Another environment object is read on its own.
    expect(readSettings({ ...env } as Bindings)).not.toBe(first);
  });
});

describe('the rate limit in wrangler.toml', () => {
  test('is on by default: RATE_LIMITER, 60 lookups a minute per customer', () => {
    const config = unstable_readConfig({ config: `${ROOT}wrangler.toml` }, {});
    expect(config.ratelimits).toEqual([{ name: 'RATE_LIMITER', namespace_id: '1001', simple: { limit: 60, period: 60 } }]);
  });

  test('wrangler dev runs it: the 61st lookup in a minute is a 429', async () => {
    const dev = await startStack({ rateLimit: 'as configured' });
    try {
      const token = await dev.token('cus_ada');
      // wrangler dev's binding counts in windows of its period aligned to the clock (miniflare: floor(now / period)):
      // 61 lookups across a minute's end fall into two. Start early in a minute (waiting at most 20 s).
      while (new Date().getSeconds() >= 40) await new Promise((resolve) => setTimeout(resolve, 250));
      const statuses: number[] = [];
      for (let index = 0; index < 61; index += 1) {
        statuses.push((await dev.send('/api/order/ord_ada_1', { headers: bearer(token) })).status);
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await dev.close();
    }
  });
});
