/** `GET /api/config` (`public-config.ts`): what the widget may offer. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import {
  json,
  SHOP,
  sandboxControl,
  testProxy,
  upstreamRequests,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

describe('GET /api/config', () => {
  it('lists payment currencies, products, open amounts and sessions', async () => {
    const response = await fixture.proxy.request('/api/config');
    assert.equal(response.status, 200);
    const config = await json(response);
    assert.deepEqual(config.payment_currencies[0], {
      iso: 'BTC',
      network_name: 'bitcoin',
      precision: 8,
    });
    assert.ok(
      config.payment_currencies.some(
        (currency: { iso: string; network_name?: string }) =>
          currency.iso === 'USDT' && currency.network_name === 'tron',
      ),
    );
    assert.ok(
      config.payment_currencies.every((currency: { iso: string }) => currency.iso !== 'EUR'),
    );
    assert.deepEqual(config.products.kettle, {
      amount: '25.00',
      currency: 'EUR',
      description: 'Pour-over kettle',
    });
    assert.deepEqual(config.open_amount, {
      min: '1.00',
      max: '500.00',
      currencies: ['EUR', 'USD'],
    });
    assert.equal(config.sessions, true);
  });

  it('publishes the widget’s preset amounts with the open amounts', async () => {
    const withPresets = testProxy(fixture.sandbox, { OPEN_AMOUNT_PRESETS: '5.00,20.00,50.00' });
    const config = await json(await withPresets.request('/api/config'));
    assert.deepEqual(config.open_amount, {
      min: '1.00',
      max: '500.00',
      currencies: ['EUR', 'USD'],
      presets: ['5.00', '20.00', '50.00'],
    });
  });

  it('offers only PAYMENT_CURRENCIES that the service lists too, and refuses the others', async () => {
    const limited = testProxy(fixture.sandbox, {
      PAYMENT_CURRENCIES: 'BTC:bitcoin,USDT:tron,ETH,XMR',
    });
    const config = await json(await limited.request('/api/config'));
    // In the service's order; ETH on any network; XMR is not in the service's list.
    assert.deepEqual(config.payment_currencies, [
      { iso: 'BTC', network_name: 'bitcoin', precision: 8 },
      { iso: 'ETH', network_name: 'ethereum', precision: 8 },
      { iso: 'USDT', network_name: 'tron', precision: 6 },
    ]);

    const before = (await upstreamRequests(fixture.sandbox)).length;
    const pay = (payment_currency: Record<string, string>) =>
      limited.request('/api/checkouts', {
        method: 'POST',
        json: { ...checkoutBody(), payment_currency },
      });
    const other = await pay({ iso: 'USDT', network_name: 'ethereum' });
    assert.equal(other.status, 422);
    assert.deepEqual(await json(other), {
      error: 'The payment_currency must be one of BTC (bitcoin), USDT (tron), ETH, XMR.',
      code: 'payment_currency_not_offered',
      field: 'payment_currency',
    });
    // Without a network the service would pick one, maybe not the offered one.
    assert.equal((await pay({ iso: 'USDT' })).status, 422);
    assert.equal((await pay({ iso: 'LTC', network_name: 'litecoin' })).status, 422);
    assert.equal(
      (await upstreamRequests(fixture.sandbox)).length,
      before,
      'nothing sent for a refusal',
    );

    assert.equal((await pay({ iso: 'USDT', network_name: 'tron' })).status, 201);
    assert.equal((await pay({ iso: 'ETH', network_name: 'ethereum' })).status, 201);
  });

  it('offers every crypto currency of the list when PAYMENT_CURRENCIES is unset', async () => {
    const config = await json(await fixture.proxy.request('/api/config'));
    assert.deepEqual(
      config.payment_currencies.map(
        (currency: { iso: string; network_name?: string }) =>
          `${currency.iso}:${currency.network_name}`,
      ),
      [
        'BTC:bitcoin',
        'ETH:ethereum',
        'LTC:litecoin',
        'USDT:ethereum',
        'USDT:tron',
        'USDC:ethereum',
        'XRP:ripple',
        'DOGE:dogecoin',
      ],
    );
  });

  it('serves the cached currency list while the service is down', async () => {
    assert.equal((await fixture.proxy.request('/api/config')).status, 200);
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 5, status: 503 });
    try {
      assert.equal((await fixture.proxy.request('/api/config')).status, 200);
    } finally {
      await sandboxControl(fixture.sandbox, '/faults', {});
    }
  });
});

describe('GET /api/config from a page outside ALLOWED_ORIGINS', () => {
  const read = (headers: Record<string, string>) =>
    fixture.proxy.request('/api/config', { headers });

  it('answers a 403 origin_not_allowed that the page itself may read, naming the fix', async () => {
    for (const origin of ['https://evil.example', `${SHOP}:8443`]) {
      const response = await read({ Origin: origin });
      assert.equal(response.status, 403, origin);
      assert.deepEqual(await json(response), {
        error: `This page’s origin (${origin}) is not one of the proxy’s ALLOWED_ORIGINS: add it there for the widget to work on this page.`,
        code: 'origin_not_allowed',
      });
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), origin);
      // Nothing more is opened to that origin: no credentials, no exposed headers, no caching.
      assert.equal(response.headers.get('Access-Control-Allow-Credentials'), null);
      assert.equal(response.headers.get('Access-Control-Expose-Headers'), null);
      assert.equal(response.headers.get('Cache-Control'), 'no-store');
      assert.match(response.headers.get('Vary') ?? '', /Origin/);
    }
  });

  it('does not grant Origin: null, which every sandboxed frame and file shares', async () => {
    const response = await read({ Origin: 'null' });
    assert.equal(response.status, 403);
    assert.equal((await json(response)).code, 'origin_not_allowed');
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), null);
  });

  it('opens no other route to that origin: reads, creates and preflights stay unreadable', async () => {
    const evil = { Origin: 'https://evil.example' };
    const answers = [
      await fixture.proxy.request('/api/checkouts/chk_unknown', { headers: evil }),
      await fixture.proxy.request('/api/sessions/unknown', { headers: evil }),
      await fixture.proxy.request('/api/checkouts', {
        method: 'POST',
        headers: { ...evil, 'Content-Type': 'application/json' },
        body: JSON.stringify(checkoutBody()),
      }),
      await fixture.proxy.request('/api/config', {
        method: 'OPTIONS',
        headers: { ...evil, 'Access-Control-Request-Method': 'GET' },
      }),
    ];
    for (const response of answers) {
      assert.equal(response.headers.get('Access-Control-Allow-Origin'), null, response.url);
    }
  });

  it('serves the shop’s own origin, a same-origin page and a server as before', async () => {
    for (const headers of [
      { Origin: SHOP },
      { Origin: 'https://pay.shop.example', 'Sec-Fetch-Site': 'same-origin' },
      {},
    ]) {
      const response = await read(headers);
      assert.equal(response.status, 200, JSON.stringify(headers));
    }
    const shop = await read({ Origin: SHOP });
    assert.equal(shop.headers.get('Access-Control-Allow-Origin'), SHOP);
  });
});
