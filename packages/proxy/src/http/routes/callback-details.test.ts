/**
 * What a payment-request callback says beyond the status reaches the checkout: why it failed
 * (underpaid, late), that it was overpaid, and where refund instructions come from, on the
 * public API and in the store, and never the email address itself.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkoutSchema } from '@crypto-pay/protocol/proxy-api';
import { paymentRequestCallback } from '@crypto-pay/test-kit/checkouts';
import { SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import { createdRecord, deliverCallback, useSandboxAndProxy } from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

/** Delivers a signed payment-request callback for `checkout`, as the service sends one. */
async function deliver(
  checkout: { paymentRequestId: string; foreignId: string },
  status: string,
  sent: string | null,
  email: string | null = SENDER_EMAIL,
) {
  const body = paymentRequestCallback(
    { id: checkout.paymentRequestId, foreign_id: checkout.foreignId },
    status,
    { end_user_email: email },
    { amount: '0.00040000', sent },
  );
  const response = await deliverCallback(fixture.proxy, body);
  assert.equal(response.status, 200);
}

/** The checkout as the widget reads it, checked against the public contract. */
async function publicView(id: string) {
  const text = await (await fixture.proxy.request(`/api/checkouts/${id}`)).text();
  assert.doesNotMatch(text, new RegExp(SENDER_EMAIL), 'the email address is never shown');
  return checkoutSchema.parse(JSON.parse(text));
}

describe('a payment-request callback’s detail on the checkout', () => {
  it('carries underpaid, with refund instructions by email', async () => {
    const checkout = await createdRecord(fixture.proxy);
    await deliver(checkout, 'processing', null);
    await deliver(checkout, 'failed', '0.00020000');
    const view = await publicView(checkout.id);
    assert.equal(view.status, 'failed');
    assert.equal(view.status_detail, 'underpaid');
    assert.equal(view.refund_instructions, 'email');
  });

  it('carries underpaid with the merchant to ask when no email was given', async () => {
    const checkout = await createdRecord(fixture.proxy);
    await deliver(checkout, 'failed', '0.00020000', null);
    assert.equal((await publicView(checkout.id)).refund_instructions, 'merchant');
  });

  it('carries late for the full amount not confirmed in time, no refund said', async () => {
    const checkout = await createdRecord(fixture.proxy);
    await deliver(checkout, 'failed', '0.00040000');
    const view = await publicView(checkout.id);
    assert.equal(view.status_detail, 'late');
    assert.equal(view.refund_instructions, undefined);
  });

  it('carries overpaid on a paid checkout, the difference refunded by email', async () => {
    const checkout = await createdRecord(fixture.proxy);
    await deliver(checkout, 'paid', '0.00044000');
    const view = await publicView(checkout.id);
    assert.equal(view.status, 'paid');
    assert.equal(view.status_detail, 'overpaid');
    assert.equal(view.refund_instructions, 'email');
  });

  it('says no detail where the callback does not, and keeps a final checkout’s detail', async () => {
    const failed = await createdRecord(fixture.proxy);
    await deliver(failed, 'failed', null);
    assert.equal((await publicView(failed.id)).status_detail, undefined);

    const underpaid = await createdRecord(fixture.proxy);
    await deliver(underpaid, 'failed', '0.00010000');
    // A later callback of another outcome changes nothing on a final checkout.
    await deliver(underpaid, 'paid', '0.00040000', null);
    const view = await publicView(underpaid.id);
    assert.equal(view.status, 'failed');
    assert.equal(view.status_detail, 'underpaid');
    assert.equal(view.refund_instructions, 'email');
    assert.equal((await fixture.proxy.store.getCheckout(underpaid.id))?.statusDetail, 'underpaid');
  });
});
