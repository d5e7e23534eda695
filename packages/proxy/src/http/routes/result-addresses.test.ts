/** The success and failure addresses of a checkout as the create route (`checkouts.ts`) sends them. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '../../../../../tests/support/checkouts.ts';
import {
  adminHeaders,
  json,
  SHOP,
  upstreamRequests,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

describe('result addresses', () => {
  /** The url_success / url_failed the sandbox received with the newest payment request. */
  const upstreamUrls = () => {
    const record = [...fixture.sandbox.sandbox.store.paymentRequests.values()].at(-1)!;
    return { success: record.urlSuccess, failed: record.urlFailed };
  };

  it('sends the service the addresses with checkout=<id>; the widget gets them plain', async () => {
    const response = await fixture.proxy.createCheckout({
      ...checkoutBody(),
      success_url: `${SHOP}/done?order=1&lang=de#top`,
    });
    assert.equal(response.status, 201);
    const checkout = await json(response);
    assert.equal(checkout.success_url, `${SHOP}/done?order=1&lang=de#top`);
    assert.equal(checkout.failed_url, `${SHOP}/sorry`);
    const upstream = upstreamUrls();
    assert.equal(upstream.success, `${SHOP}/done?order=1&lang=de&checkout=${checkout.id}#top`);
    assert.equal(upstream.failed, `${SHOP}/sorry?checkout=${checkout.id}`);

    const read = await json(await fixture.proxy.request(`/api/checkouts/${checkout.id}`));
    assert.equal(read.success_url, `${SHOP}/done?order=1&lang=de#top`);
  });

  it('replaces a checkout parameter the address already had', async () => {
    const checkout = await json(
      await fixture.proxy.createCheckout({
        ...checkoutBody(),
        failed_url: `${SHOP}/sorry?checkout=stale`,
      }),
    );
    assert.equal(upstreamUrls().failed, `${SHOP}/sorry?checkout=${checkout.id}`);
  });

  it('refuses an address that would pass 255 characters with the id, before calling the service', async () => {
    const before = (await upstreamRequests(fixture.sandbox)).length;
    // 255 characters as given: the spec's limit, but no room left for ?checkout=<id>.
    const long = `${SHOP}/${'a'.repeat(255 - SHOP.length - 1)}`;
    assert.equal(long.length, 255);
    const response = await fixture.proxy.createCheckout({ ...checkoutBody(), success_url: long });
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error:
        'The success_url is too long: with the checkout id added it would pass the 255 characters the processing service accepts.',
      code: 'invalid_request',
      field: 'success_url',
    });
    assert.equal((await upstreamRequests(fixture.sandbox)).length, before);

    // The longest that fits: 255 with `?checkout=` and the 22 characters of the id.
    const fits = `${SHOP}/${'a'.repeat(255 - SHOP.length - 1 - 32)}`;
    const accepted = await fixture.proxy.createCheckout({ ...checkoutBody(), success_url: fits });
    assert.equal(accepted.status, 201);
    assert.equal(upstreamUrls().success?.length, 255);
  });

  it('refuses a session whose address would not fit with the id', async () => {
    const response = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: {
        amount: '5.00',
        currency: 'EUR',
        url_failed: `${SHOP}/${'f'.repeat(230)}`,
      },
    });
    assert.equal(response.status, 422);
    const body = await json(response);
    assert.equal(body.field, 'url_failed');
    assert.match(body.error, /^The url_failed is too long: with the checkout id added/);
  });
});
