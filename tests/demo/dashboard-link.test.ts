/**
 * The orders page's link to a payment in the proxy's dashboard: under the proxy's address as
 * configured (PROXY_URL), path prefix and all, the checkout id as one path segment.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: plain ES module without types, the demo's orders page's own
import { dashboardPaymentUrl } from '@crypto-pay/demo/dashboard-link';

describe('the orders page’s dashboard link', () => {
  it('opens /dashboard/payments/{id} on the proxy', () => {
    assert.equal(
      dashboardPaymentUrl('http://127.0.0.1:8787', 'Q2hlY2tvdXQtaWQtMTIzNA'),
      'http://127.0.0.1:8787/dashboard/payments/Q2hlY2tvdXQtaWQtMTIzNA',
    );
  });

  it('keeps the path a proxy is served under, with or without its last slash', () => {
    for (const proxy of ['https://shop.example/pay', 'https://shop.example/pay/']) {
      assert.equal(
        dashboardPaymentUrl(proxy, 'ab-_cd'),
        'https://shop.example/pay/dashboard/payments/ab-_cd',
      );
    }
  });

  it('keeps the id one path segment whatever it holds', () => {
    assert.equal(
      dashboardPaymentUrl('http://127.0.0.1:8787', '../admin?x=1'),
      'http://127.0.0.1:8787/dashboard/payments/..%2Fadmin%3Fx%3D1',
    );
  });
});
