import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signBody } from '@crypto-pay/protocol';
import { paymentRequestCallback } from '@crypto-pay/test-kit/checkouts';
import type { HeaderOverrides } from '@crypto-pay/test-kit/http';
import {
  LEGAL_SENDER,
  PERSONAL_SENTINELS,
  SENDER,
  SENDER_EMAIL,
} from '@crypto-pay/test-kit/senders';
import {
  API_KEY,
  adminHeaders,
  createdRecord,
  deliverCallback,
  invoiceCallbackBody,
  json,
  SIGNING_SECRET,
  seen,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();

/** The service's callback for `checkout`, with the sender's email and the request's times. */
function callbackOf(checkout: { paymentRequestId: string; foreignId: string }, status: string) {
  return paymentRequestCallback(
    { id: checkout.paymentRequestId, foreign_id: checkout.foreignId },
    status,
    {
      end_user_email: SENDER_EMAIL,
      fixed_at: 1_700_000_000,
      expires_at: 1_700_003_600,
      valid_until: 1_700_000_900,
    },
    { amount: '0.00041667', sent: null },
  );
}

/** Delivers `body` signed as the service signs it; `headers` override those headers. */
const deliver = (body: string, headers?: HeaderOverrides) =>
  deliverCallback(fixture.proxy, body, headers);

const statusOf = async (id: string) => (await fixture.proxy.store.getCheckout(id))?.status;

describe('POST /callbacks/processing', () => {
  it('moves the checkout forward and records the payment currency', async () => {
    const checkout = await createdRecord(fixture.proxy);
    const response = await deliver(callbackOf(checkout, 'processing'));
    assert.equal(response.status, 200);
    assert.equal(await statusOf(checkout.id), 'processing');
    const view = await json(await fixture.proxy.request(`/api/checkouts/${checkout.id}`));
    assert.equal(view.status, 'processing');
    assert.deepEqual(view.payment_currency, { iso: 'BTC', network_name: 'bitcoin' });
  });

  it('refuses forged callbacks with 403 and changes nothing', async () => {
    const checkout = await createdRecord(fixture.proxy);
    const body = callbackOf(checkout, 'paid');
    const good = await signBody(SIGNING_SECRET, body);
    const forgeries: Record<string, string>[] = [
      { 'X-Processing-Key': API_KEY, 'X-Processing-Signature': await signBody('guess', body) },
      { 'X-Processing-Key': 'someone-else', 'X-Processing-Signature': good },
      { 'X-Processing-Signature': good },
      { 'X-Processing-Key': API_KEY },
      { 'X-Processing-Key': API_KEY, 'X-Processing-Signature': good.slice(0, 120) },
    ];
    for (const headers of forgeries) {
      const response = await deliver(body, {
        'X-Processing-Key': undefined,
        'X-Processing-Signature': undefined,
        ...headers,
      });
      // One refusal whatever was wrong: a guesser must not learn that the key was right.
      assert.equal(response.status, 403, JSON.stringify(Object.keys(headers)));
      assert.deepEqual(await json(response), {
        error: 'The callback is not signed by the processing service.',
        code: 'callback_refused',
      });
    }
    // The log tells them apart, for the operator.
    for (const reason of ['bad_key', 'bad_signature', 'missing_key', 'missing_signature']) {
      assert.ok(
        seen.some((line) => line.includes('callback refused') && line.includes(reason)),
        `the log's reason ${reason}`,
      );
    }
    // A signature over other bytes (the same JSON re-serialised with spaces) does not count.
    const respaced = body.replace(/,/g, ', ');
    const response = await deliver(respaced, { 'X-Processing-Signature': good });
    assert.equal(response.status, 403);
    assert.equal(await statusOf(checkout.id), 'created');
    const log = await json(
      await fixture.proxy.request('/admin/callbacks', { headers: adminHeaders }),
    );
    assert.equal(log.data.length, 0);
  });

  it('keeps duplicates harmless and final statuses final, whatever the order', async () => {
    const checkout = await createdRecord(fixture.proxy);
    const send = (status: string) => deliver(callbackOf(checkout, status));
    assert.equal((await send('paid')).status, 200);
    assert.equal((await send('paid')).status, 200);
    assert.equal((await send('processing')).status, 200);
    assert.equal((await send('failed')).status, 200);
    assert.equal((await send('expired')).status, 200);
    const record = await fixture.proxy.store.getCheckout(checkout.id);
    assert.equal(record?.status, 'paid');
    assert.equal(record?.version, 2);

    const log = await json(
      await fixture.proxy.request('/admin/callbacks', { headers: adminHeaders }),
    );
    assert.deepEqual(
      log.data.map((entry: { status: string; outcome: string }) => [entry.status, entry.outcome]),
      [
        ['expired', 'late'],
        ['failed', 'late'],
        ['processing', 'late'],
        ['paid', 'duplicate'],
        ['paid', 'applied'],
      ],
    );
    for (const entry of log.data) assert.equal('end_user_email' in entry.body, false);
  });

  it('keeps no person field, even one the service sends outside sender_data', async () => {
    const checkout = await createdRecord(fixture.proxy);
    const body = JSON.parse(callbackOf(checkout, 'paid')) as Record<string, unknown>;
    const answer = await deliver(
      JSON.stringify({
        ...body,
        ...SENDER.sender_data,
        legal_name: LEGAL_SENDER.sender_data.legal_name,
        email: SENDER_EMAIL,
        sender_data: SENDER.sender_data,
      }),
    );
    assert.equal(answer.status, 200);
    const log = await (
      await fixture.proxy.request('/admin/callbacks', { headers: adminHeaders })
    ).text();
    const events = await (
      await fixture.proxy.request('/admin/events', { headers: adminHeaders })
    ).text();
    for (const sentinel of PERSONAL_SENTINELS) {
      assert.equal(log.includes(sentinel), false, `${sentinel} in the callback log`);
      assert.equal(events.includes(sentinel), false, `${sentinel} in the events`);
    }
  });

  it('never moves a checkout backwards', async () => {
    const checkout = await createdRecord(fixture.proxy);
    const send = (status: string) => deliver(callbackOf(checkout, status));
    await send('processing');
    await send('created');
    assert.equal(await statusOf(checkout.id), 'processing');
    await send('expired');
    assert.equal(await statusOf(checkout.id), 'expired');
  });

  it('answers 404 for a payment request it does not know, so the service retries', async () => {
    const response = await deliver(
      callbackOf({ paymentRequestId: 'no-such-request', foreignId: 'cp_nothing' }, 'paid'),
    );
    assert.equal(response.status, 404);
    assert.equal((await json(response)).code, 'unknown_payment_request');
  });

  it('answers 400 for a signed body that is not a callback, and keeps none of it', async () => {
    const response = await deliver(JSON.stringify({ type: 'weather', sunny: true }));
    assert.equal(response.status, 400);
    const log = await json(
      await fixture.proxy.request('/admin/callbacks', { headers: adminHeaders }),
    );
    assert.deepEqual(log.data, []);
  });

  it('records invoice and withdrawal callbacks for the merchant API', async () => {
    const invoice = JSON.stringify(invoiceCallbackBody());
    const withdrawal = JSON.stringify({
      type: 'withdrawal',
      id: 501,
      foreign_id: 'wd-1',
      status: 'confirmed',
      currency: 'BTC',
      amount: '0.0001',
    });
    assert.equal((await deliver(invoice)).status, 200);
    assert.equal((await deliver(withdrawal)).status, 200);
    const invoices = await json(
      await fixture.proxy.request('/admin/callbacks?type=invoice', { headers: adminHeaders }),
    );
    assert.equal(invoices.data.length, 1);
    // The merchant API's names, as its checkouts have them.
    const { id, received_at, ...entry } = invoices.data[0];
    assert.ok(Number.isInteger(id) && id > 0, `id ${id}`);
    assert.ok(Math.abs(received_at - Date.now() / 1000) < 60, `received_at ${received_at}`);
    assert.deepEqual(entry, {
      type: 'invoice',
      object_id: '101',
      foreign_id: 'inv-1',
      status: 'confirmed',
      outcome: 'recorded',
      body: JSON.parse(invoice),
    });
    const byForeignId = await json(
      await fixture.proxy.request('/admin/callbacks?foreign_id=wd-1', { headers: adminHeaders }),
    );
    assert.equal(byForeignId.data[0].type, 'withdrawal');
    assert.equal(byForeignId.data[0].body.amount, '0.0001');
  });
});
