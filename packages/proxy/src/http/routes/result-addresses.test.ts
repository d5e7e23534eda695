/** The success and failure addresses of a checkout as the create route (`checkouts.ts`) sends them. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import {
  adminHeaders,
  json,
  SHOP,
  testProxy,
  upstreamRequests,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

describe('result addresses', () => {
  /** The url_success / url_failed the sandbox received with the newest payment request. */
  const upstreamUrls = () => {
    const record = [...fixture.sandbox.sandbox.store.paymentRequests.values()].at(-1)!;
    return { success: record.urlSuccess, failed: record.urlFailed, store: record.urlStore };
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

  it('keeps, shows and sends the address normalised as the service gets it, not as typed', async () => {
    const local = 'http://127.0.0.1:5373';
    const proxy = testProxy(fixture.sandbox, { ALLOWED_ORIGINS: `${SHOP},${local}` });
    const response = await proxy.createCheckout({
      ...checkoutBody(),
      success_url: 'http://0x7f.0.0.1:5373/"><script>alert(1)</script>',
      failed_url: `${SHOP}/sorry?q="><b>`,
    });
    assert.equal(response.status, 201);
    const created = await json(response);
    const success = `${local}/%22%3E%3Cscript%3Ealert(1)%3C/script%3E`;
    const failed = `${SHOP}/sorry?q=%22%3E%3Cb%3E`;
    const upstream = upstreamUrls();
    assert.equal(upstream.success, `${success}?checkout=${created.id}`);
    assert.equal(upstream.failed, `${failed}&checkout=${created.id}`);
    const read = await json(await proxy.request(`/api/checkouts/${created.id}`));
    const merchant = await json(
      await proxy.request(`/admin/checkouts/${created.id}`, { headers: adminHeaders }),
    );
    const events = await json(await proxy.request('/admin/events', { headers: adminHeaders }));
    const event = events.data.find((item: { type: string }) => item.type === 'checkout.created');
    for (const [where, checkout] of Object.entries({
      created,
      read,
      merchant,
      event: event.data,
    })) {
      assert.equal(checkout.success_url, success, where);
      assert.equal(checkout.failed_url, failed, where);
    }
  });

  it("sends the shop's address (URL_STORE) normalised too", async () => {
    const proxy = testProxy(fixture.sandbox, { URL_STORE: 'https://SHOP.example:443/a/../"shop"' });
    assert.equal((await proxy.createCheckout(checkoutBody())).status, 201);
    assert.equal(upstreamUrls().store, 'https://shop.example/%22shop%22');
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
