/**
 * What of a callback the proxy keeps and relays (`checkout/callback-fields.ts`): for every
 * callback type, personal data under names no list foresees (`sender_name`, `beneficiary.name`,
 * a name as `end_user_reference`, at any depth) reaches neither the callback log, nor the
 * merchant's events, nor a webhook really sent; the operational fields do.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paymentRequestCallbackBody } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { SENDER } from '@crypto-pay/test-kit/senders';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { createLogger } from '../../process/logger.ts';
import { openSqliteStore } from '../../store/sqlite.ts';
import {
  adminHeaders,
  createdRecord,
  deliverCallback,
  invoiceCallbackBody,
  json,
  seen,
  testProxy,
  useTestSandbox,
} from '../../testing.test-helpers.ts';
import { newWebhookSecret } from '../../webhooks/endpoint-url.ts';
import { startWebhookWorker } from '../../webhooks/worker.ts';

const shared = useTestSandbox();
const SECRET = newWebhookSecret();

const NAME = 'Zebulon Quintavalle';
const EMAIL = 'zebulon.q@example.org';
const STREET = '42 Rue Oberkampf, 75011 Paris';
const PERSONAL = [NAME, EMAIL, STREET, SENDER.sender_data.last_name];

/** Personal data as a callback might carry it, under names no deny list would have. */
const personal = {
  sender_name: NAME,
  beneficiary: { name: NAME, address: STREET },
  end_user_reference: NAME,
  customer_email: EMAIL,
  title: `Order for ${NAME}`,
  receiver_data: SENDER.sender_data,
  additional_details: { holder: NAME },
};

const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TXID = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';

/** A deposit, withdrawal or exchange: the spec's transaction, with personal data inside too. */
function transaction(type: string, id: number) {
  return {
    type,
    id,
    foreign_id: `${type}-${id}`,
    status: 'confirmed',
    crypto_address: { id: 7, currency: 'BTC', address: ADDRESS, foreign_id: 'user-7', tag: null },
    currency_sent: { currency: 'BTC', amount: '0.01000000' },
    currency_received: { currency: 'BTC', amount: '0.01000000', amount_minus_fee: '0.00990000' },
    transactions: [
      {
        id: 9,
        currency: 'BTC',
        transaction_type: 'blockchain',
        type,
        address: ADDRESS,
        tag: null,
        amount: '0.01000000',
        txid: TXID,
        riskscore: '0.1',
        confirmations: 3,
        owner_name: NAME,
      },
    ],
    fees: [{ type: 'fee_crypto_deposit', currency: 'BTC', amount: '0.00010000', payer: EMAIL }],
    error: '',
    ...personal,
  };
}

describe('personal data in callbacks, by any name', () => {
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver(SECRET);
  });
  after(() => receiver.close());

  it('is kept, listed and sent for no callback type; what is operational is', async () => {
    const store = openSqliteStore(':memory:');
    const proxy = testProxy(shared.sandbox, {}, { store });
    await store.setEnvEndpoint(receiver.url, Date.now());
    const worker = startWebhookWorker({
      store,
      log: createLogger((line) => seen.push(line)),
      envSecret: SECRET,
    });
    const checkout = await createdRecord(proxy);
    const paymentRequest = paymentRequestCallbackBody(
      { id: checkout.paymentRequestId, foreign_id: checkout.foreignId },
      'processing',
      {
        ...personal,
        end_user_email: EMAIL,
        payment_request_address: { address: ADDRESS, tag: null, owner: NAME },
      },
    );
    const callbacks = [
      paymentRequest,
      invoiceCallbackBody({ address: ADDRESS, ...personal }),
      transaction('deposit', 201),
      { ...transaction('withdrawal', 301), receiver_amount: '0.01000000', address: ADDRESS },
      transaction('exchange', 401),
      transaction('deposit_exchange', 501),
    ];
    for (const callback of callbacks) {
      const answer = await deliverCallback(proxy, JSON.stringify(callback));
      assert.equal(answer.status, 200, String(callback.type));
    }
    worker.wake();

    const log = await (await proxy.request('/admin/callbacks', { headers: adminHeaders })).text();
    const events = await (await proxy.request('/admin/events', { headers: adminHeaders })).text();
    // checkout.created, checkout.processing and one per other callback.
    const sent = await eventually(
      () => receiver.delivered().size === callbacks.length + 1 && receiver.delivered(),
      'every event delivered',
    );
    const bodies = [...sent.values()].map((event) => JSON.stringify(event));
    for (const secret of PERSONAL) {
      assert.equal(log.includes(secret), false, `${secret} in the callback log`);
      assert.equal(events.includes(secret), false, `${secret} in the events`);
      for (const body of bodies) assert.equal(body.includes(secret), false, `${secret} sent`);
    }

    const entries = (await json(
      await proxy.request('/admin/callbacks', { headers: adminHeaders }),
    )) as { data: { type: string; body: Record<string, unknown> }[] };
    const bodyOf = (type: string) => entries.data.find((entry) => entry.type === type)!.body;
    assert.deepEqual(bodyOf('payment_request'), {
      payment_request_id: checkout.paymentRequestId,
      foreign_id: checkout.foreignId,
      type: 'payment_request',
      status: 'processing',
      payment_request_amount: paymentRequest.payment_request_amount,
      payment_request_address: { address: ADDRESS, tag: null },
    });
    const deposit = transaction('deposit', 201);
    const { owner_name: _, ...entry } = deposit.transactions[0]!;
    assert.deepEqual(bodyOf('deposit'), {
      type: 'deposit',
      id: 201,
      foreign_id: 'deposit-201',
      status: 'confirmed',
      crypto_address: deposit.crypto_address,
      currency_sent: deposit.currency_sent,
      currency_received: deposit.currency_received,
      transactions: [entry],
      fees: [{ type: 'fee_crypto_deposit', currency: 'BTC', amount: '0.00010000' }],
      error: '',
    });
    assert.equal(bodyOf('withdrawal').receiver_amount, '0.01000000');
    assert.equal(bodyOf('invoice').amount, '10.00000000');
    await worker.close();
    await store.close();
  });
});
