import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { paymentRequestCallbackSchema } from '@crypto-pay/protocol';
import { createPaymentRequest, type TestSandbox, testSandbox } from './sandbox.test-helpers.ts';

/** The payment_request callbacks sent so far, parsed. */
async function sentCallbacks(sandbox: TestSandbox) {
  await sandbox.callbacks.idle();
  return sandbox.store.callbacks.map((attempt) =>
    paymentRequestCallbackSchema.parse(JSON.parse(attempt.body)),
  );
}

describe('payment request outcomes', () => {
  test('paid: processing then paid callbacks, the balance credited net of the fee', async (t) => {
    const sandbox = testSandbox(t);
    const id = (
      await createPaymentRequest(sandbox, {
        amount: '600.00',
        foreign_id: 'order-7',
        end_user_email: 'ada@example.com',
      })
    ).id;
    const response = await sandbox.control(`/payment-requests/${id}/simulate`, {
      outcome: 'paid',
      payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
    });
    assert.equal(response.status, 200);
    const callbacks = await sentCallbacks(sandbox);
    assert.deepEqual(
      callbacks.map((callback) => callback.status),
      ['processing', 'paid'],
    );
    const paid = callbacks[1]!;
    assert.equal(paid.payment_request_id, id);
    assert.equal(paid.foreign_id, 'order-7');
    assert.equal(paid.end_user_email, 'ada@example.com');
    assert.deepEqual(paid.payment_request_amount, {
      currency: { iso: 'BTC', network_name: 'bitcoin' },
      amount: '0.01000000',
    });
    assert.deepEqual(paid.currency_sent, {
      currency: { iso: 'BTC', network_name: 'bitcoin' },
      amount: '0.01000000',
    });
    assert.equal(paid.expires_at, 1_800_000_000 + 3600);
    // 0.01 BTC less the 1% deposit fee the merchant pays (user_fee_percent 0).
    assert.equal(sandbox.store.balances.get('BTC'), '1.25990000');
  });

  test('user_fee_percent 100: the customer pays the fee on top, the merchant gets it all', async (t) => {
    const sandbox = testSandbox(t);
    const id = (
      await createPaymentRequest(sandbox, {
        amount: '600.00',
        user_fee_percent: 100,
        payment_currency: { iso: 'BTC' },
      })
    ).id;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    const [processing] = await sentCallbacks(sandbox);
    assert.equal(processing!.payment_request_amount!.amount, '0.01010000');
    assert.equal(sandbox.store.balances.get('BTC'), '1.26000000');
  });

  test('underpaid fails and credits nothing; overpaid is paid', async (t) => {
    const sandbox = testSandbox(t);
    const under = (await createPaymentRequest(sandbox, { amount: '600.00' })).id;
    const over = (await createPaymentRequest(sandbox, { amount: '600.00' })).id;
    await sandbox.control(`/payment-requests/${under}/simulate`, {
      outcome: 'underpaid',
      payment_currency: { iso: 'BTC' },
    });
    assert.equal(sandbox.store.balances.get('BTC'), '1.25000000');
    await sandbox.control(`/payment-requests/${over}/simulate`, {
      outcome: 'overpaid',
      payment_currency: { iso: 'BTC' },
    });
    const callbacks = await sentCallbacks(sandbox);
    assert.deepEqual(
      callbacks.map((callback) => [
        callback.payment_request_id,
        callback.status,
        callback.currency_sent?.amount ?? null,
      ]),
      [
        [under, 'processing', null],
        [under, 'failed', '0.00500000'],
        [over, 'processing', null],
        [over, 'paid', '0.01100000'],
      ],
    );
    assert.equal(sandbox.store.balances.get('BTC'), '1.25990000');
  });

  test('a failed payment sends the amount due in full: its callback tells it from an underpayment', async (t) => {
    // The service's `failed` is "sent but not confirmed in time, or underpaid": the amounts are
    // what tell the two apart, as the proxy reads them.
    const sandbox = testSandbox(t);
    const id = (await createPaymentRequest(sandbox, { amount: '600.00' })).id;
    await sandbox.control(`/payment-requests/${id}/simulate`, {
      outcome: 'failed',
      payment_currency: { iso: 'BTC' },
    });
    const failed = (await sentCallbacks(sandbox)).at(-1)!;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.currency_sent?.amount, failed.payment_request_amount?.amount);
    assert.deepEqual(failed.currency_sent?.currency, failed.payment_request_amount?.currency);
    assert.equal(sandbox.store.balances.get('BTC'), '1.25000000');
  });

  test('expires by the sandbox clock with an expired callback, and stays expired', async (t) => {
    const sandbox = testSandbox(t);
    const id = (await createPaymentRequest(sandbox, { life_time_duration: 600 })).id;
    await sandbox.control('/clock', { advance_seconds: 599 });
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
    await sandbox.control('/clock', { advance_seconds: 1 });
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'expired');
    const again = await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    assert.equal(again.status, 409);
    assert.deepEqual(await again.json(), {
      error: 'The payment request is already expired.',
      code: 'conflict',
    });
    assert.deepEqual(
      (await sentCallbacks(sandbox)).map((callback) => callback.status),
      ['expired'],
    );
  });

  test('USDT without network_name on a request offering both networks says which to give', async (t) => {
    const sandbox = testSandbox(t);
    const id = (await createPaymentRequest(sandbox)).id;
    const vague = await sandbox.control(`/payment-requests/${id}/simulate`, {
      outcome: 'paid',
      payment_currency: { iso: 'USDT' },
    });
    assert.equal(vague.status, 422);
    assert.deepEqual(await vague.json(), {
      error: 'USDT is offered on several networks: give network_name (ethereum or tron).',
      code: 'currency_not_allowed',
    });
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
    const precise = await sandbox.control(`/payment-requests/${id}/simulate`, {
      outcome: 'paid',
      payment_currency: { iso: 'USDT', network_name: 'tron' },
    });
    assert.equal(precise.status, 200);
    assert.equal(sandbox.store.paymentRequests.get(id)!.payment?.currency.code, 'USDTT');
  });

  test('refuses a currency the request may not be paid in, and unknown outcomes', async (t) => {
    const sandbox = testSandbox(t);
    const id = (await createPaymentRequest(sandbox, { payment_currency: { iso: 'ETH' } })).id;
    const wrong = await sandbox.control(`/payment-requests/${id}/simulate`, {
      outcome: 'paid',
      payment_currency: { iso: 'BTC' },
    });
    assert.equal(wrong.status, 422);
    assert.deepEqual(await wrong.json(), {
      error: 'This payment request cannot be paid in BTC.',
      code: 'currency_not_allowed',
    });
    const unknown = await sandbox.control(`/payment-requests/${id}/simulate`, {
      outcome: 'stolen',
    });
    assert.equal(unknown.status, 400);
    const missing = await sandbox.control('/payment-requests/nope/simulate', { outcome: 'paid' });
    assert.equal(missing.status, 404);
    assert.equal(sandbox.store.paymentRequests.get(id)!.status, 'created');
  });

  test('lists payment requests newest first with id, foreign_id, status, amount, currency and payment_link', async (t) => {
    const sandbox = testSandbox(t);
    const first = (await createPaymentRequest(sandbox, { foreign_id: 'a' })).id;
    const second = (await createPaymentRequest(sandbox)).id;
    const list = (await (await sandbox.control('/payment-requests')).json()) as Record<
      string,
      unknown
    >[];
    assert.deepEqual(
      list.map((item) => item.id),
      [second, first],
    );
    assert.equal(list[0]!.foreign_id, null);
    assert.equal(list[1]!.foreign_id, 'a');
    assert.equal(list[1]!.status, 'created');
    assert.equal(list[1]!.amount, '25.00');
    assert.deepEqual(list[1]!.currency, { iso: 'EUR' });
    assert.equal(list[1]!.payment_link, `http://sandbox.test/pay/${first}`);
  });
});
