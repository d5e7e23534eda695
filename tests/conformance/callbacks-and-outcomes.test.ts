/**
 * Outcomes and the callbacks they cause, received by a merchant listener on 127.0.0.1 with
 * every signature checked: the control API, the hosted page's forms, expiry by the sandbox
 * clock, retries until a 200, invoices and withdrawals.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callbackSchema, paymentRequestResponseSchema } from '@crypto-pay/protocol';
import type { CallbackAttempt } from '@crypto-pay/sandbox';
import { callbackListener } from '@crypto-pay/test-kit/callback-listener';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

type TestContext = { after(fn: () => Promise<void> | void): void };

async function setUp(t: TestContext, statuses: number[] = []) {
  const merchant = await callbackListener(t, 'sandbox-secret', statuses);
  const sandbox = await sandboxUnderTest(t, {
    callbackUrl: merchant.url,
    callbackRetryDelaysMs: [20, 20, 20],
  });
  return { merchant, sandbox };
}

async function createPaymentRequest(
  sandbox: SandboxUnderTest,
  overrides: Record<string, unknown> = {},
) {
  const answer = await sandbox.createPaymentRequest(overrides);
  assert.equal(answer.status, 200, answer.text);
  return paymentRequestResponseSchema.parse(answer.json).data;
}

describe('payment request outcomes and callbacks', () => {
  test('paid: processing then paid, signed with the merchant key, in the documented shape', async (t) => {
    const { merchant, sandbox } = await setUp(t);
    const request = await createPaymentRequest(sandbox, {
      foreign_id: 'order-1',
      end_user_email: 'ada@example.com',
      amount: '600.00',
    });
    const simulated = await sandbox.control(`/payment-requests/${request.id}/simulate`, {
      outcome: 'paid',
      payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
    });
    assert.equal(simulated.status, 200);
    const [processing, paid] = await merchant.waitFor(2);
    for (const callback of [processing!, paid!]) {
      assert.equal(callback.signatureValid, true);
      assert.equal(callback.key, 'sandbox-key');
      assert.equal(callbackSchema.safeParse(JSON.parse(callback.body)).success, true);
    }
    assert.equal(processing!.json.status, 'processing');
    const { address } = paid!.json.payment_request_address as { address: string };
    assert.match(address, /^tb1q[0-9a-f]{38}$/);
    assert.deepEqual(paid!.json, {
      payment_request_id: request.id,
      foreign_id: 'order-1',
      type: 'payment_request',
      status: 'paid',
      end_user_email: 'ada@example.com',
      payment_request_address: {
        address,
        tag: null,
        currency: { iso: 'BTC', network_name: 'bitcoin' },
      },
      payment_request_amount: {
        currency: { iso: 'BTC', network_name: 'bitcoin' },
        amount: '0.01000000',
      },
      currency_sent: { currency: { iso: 'BTC', network_name: 'bitcoin' }, amount: '0.01000000' },
      fixed_at: paid!.json.fixed_at,
      expires_at: Number(request.life_time),
      valid_until: paid!.json.valid_until,
    });
    assert.equal(typeof paid!.json.fixed_at, 'number');
    const list = (await sandbox.control('/payment-requests')).json as {
      id: string;
      status: string;
    }[];
    assert.equal(list.find((item) => item.id === request.id)!.status, 'paid');
  });

  for (const [outcome, status] of [
    ['underpaid', 'failed'],
    ['overpaid', 'paid'],
    ['failed', 'failed'],
  ] as const) {
    test(`${outcome} ends ${status}`, async (t) => {
      const { merchant, sandbox } = await setUp(t);
      const request = await createPaymentRequest(sandbox);
      await sandbox.control(`/payment-requests/${request.id}/simulate`, { outcome });
      const callbacks = await merchant.waitFor(2);
      assert.deepEqual(
        callbacks.map((callback) => callback.json.status),
        ['processing', status],
      );
    });
  }

  test('expires by the sandbox clock, with one expired callback', async (t) => {
    const { merchant, sandbox } = await setUp(t);
    const request = await createPaymentRequest(sandbox, { life_time_duration: 300 });
    const early = await sandbox.control('/clock', { advance_seconds: 200 });
    assert.equal(early.status, 200);
    assert.equal(merchant.received.length, 0);
    await sandbox.control('/clock', { advance_seconds: 100 });
    const [expired] = await merchant.waitFor(1);
    assert.equal(expired!.json.status, 'expired');
    assert.equal(expired!.json.payment_request_id, request.id);
    assert.equal(expired!.json.currency_sent, null);
    const late = await sandbox.control(`/payment-requests/${request.id}/simulate`, {
      outcome: 'paid',
    });
    assert.equal(late.status, 409);
  });

  test('the hosted page plays the customer: pick a currency, pay, go to url_success', async (t) => {
    const { merchant, sandbox } = await setUp(t);
    const request = await createPaymentRequest(sandbox, {
      url_success: 'https://shop.example.com/thanks',
      url_failed: 'https://shop.example.com/sorry',
    });
    const page = await (await fetch(request.payment_link)).text();
    assert.match(page, /<form method="post">/);
    assert.doesNotMatch(page, /<script/);
    const pay = await fetch(request.payment_link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ currency: 'LTC', outcome: 'paid' }),
    });
    assert.equal(pay.status, 303);
    assert.equal(pay.headers.get('location'), 'https://shop.example.com/thanks');
    const callbacks = await merchant.waitFor(2);
    assert.deepEqual(
      callbacks.map((callback) => callback.json.status),
      ['processing', 'paid'],
    );
    assert.deepEqual(
      (callbacks[1]!.json.payment_request_amount as { currency: unknown }).currency,
      { iso: 'LTC', network_name: 'litecoin' },
    );
  });

  test('the hosted page sends a failed payment to url_failed', async (t) => {
    const { sandbox } = await setUp(t);
    const request = await createPaymentRequest(sandbox, {
      url_failed: 'https://shop.example.com/sorry',
    });
    const fail = await fetch(request.payment_link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'failed' }),
    });
    assert.equal(fail.headers.get('location'), 'https://shop.example.com/sorry');
  });

  test('a paid request credits the balance', async (t) => {
    const { sandbox } = await setUp(t);
    const balance = async () => {
      const { data } = (await sandbox.general('/accounts/list', {})).json as {
        data: { currency: string; balance: string }[];
      };
      return data.find((entry) => entry.currency === 'ETH')!.balance;
    };
    const start = await balance();
    const request = await createPaymentRequest(sandbox, {
      amount: '300.00',
      payment_currency: { iso: 'ETH' },
      user_fee_percent: 100,
    });
    await sandbox.control(`/payment-requests/${request.id}/simulate`, { outcome: 'paid' });
    assert.equal(start, '15.00000000');
    assert.equal(await balance(), '15.10000000');
  });
});

describe('callback delivery', () => {
  test('is retried with backoff until the merchant answers 200; every attempt is listed', async (t) => {
    const { merchant, sandbox } = await setUp(t, [500, 502]);
    const request = await createPaymentRequest(sandbox);
    await sandbox.control(`/payment-requests/${request.id}/simulate`, { outcome: 'expired' });
    const deliveries = await merchant.waitFor(3);
    assert.equal(new Set(deliveries.map((delivery) => delivery.body)).size, 1);
    assert.ok(deliveries.every((delivery) => delivery.signatureValid));
    // The sandbox lists an attempt once it has the merchant's answer, a moment after the request.
    const attempts = await eventually(async () => {
      const listed = (await sandbox.control('/callbacks')).json as CallbackAttempt[];
      return listed.some((attempt) => attempt.final) && listed;
    }, 'the final attempt listed');
    assert.deepEqual(
      attempts.map((attempt) => [attempt.attempt, attempt.response_status, attempt.final]),
      [
        [1, 500, false],
        [2, 502, false],
        [3, 200, true],
      ],
    );
    assert.equal(attempts[0]!.body, deliveries[0]!.body);
  });
});

describe('invoice and withdrawal callbacks', () => {
  test('an invoice reports pending, processing, confirmed', async (t) => {
    const { merchant, sandbox } = await setUp(t);
    const created = await sandbox.createInvoice(
      { foreign_id: 'inv-cb', sender_currency: 'BTC' },
      '120',
    );
    assert.equal(created.status, 201, created.text);
    for (const outcome of ['pending', 'processing', 'confirmed']) {
      assert.equal((await sandbox.control('/invoices/inv-cb/simulate', { outcome })).status, 200);
    }
    const callbacks = await merchant.waitFor(3);
    assert.deepEqual(
      callbacks.map((callback) => [
        callback.json.type,
        callback.json.foreign_id,
        callback.json.status,
      ]),
      [
        ['invoice', 'inv-cb', 'pending'],
        ['invoice', 'inv-cb', 'processing'],
        ['invoice', 'inv-cb', 'confirmed'],
      ],
    );
    assert.ok(
      callbacks.every(
        (callback) => callback.signatureValid && callbackSchema.safeParse(callback.json).success,
      ),
    );
    assert.equal(callbacks[2]!.json.sender_currency, 'BTC');
    assert.equal(callbacks[2]!.json.sender_amount, '0.00200000');
  });

  test('a timer invoice nobody paid fails when the sandbox clock passes its 15 minutes', async (t) => {
    const { merchant, sandbox } = await setUp(t);
    const created = await sandbox.createInvoice({ foreign_id: 'inv-timer', timer: true });
    assert.equal(created.status, 201, created.text);
    const status = async () =>
      ((await sandbox.control('/invoices')).json as { foreign_id: string; status: string }[]).find(
        (invoice) => invoice.foreign_id === 'inv-timer',
      )?.status;
    await sandbox.control('/clock', { advance_seconds: 890 });
    assert.equal(await status(), 'created');
    await sandbox.control('/clock', { advance_seconds: 10 });
    assert.equal(await status(), 'failed');
    const [failed] = await merchant.waitFor(1);
    assert.equal(merchant.received.length, 1);
    assert.equal(failed!.signatureValid, true);
    assert.deepEqual(
      [failed!.json.type, failed!.json.foreign_id, failed!.json.status],
      ['invoice', 'inv-timer', 'failed'],
    );
    const cancel = await sandbox.general('/invoices/inv-timer/cancel/', {});
    assert.equal(cancel.status, 409);
  });

  test('a withdrawal reports confirmed; a cancelled one gives the balance back', async (t) => {
    const { merchant, sandbox } = await setUp(t);
    const first = (await sandbox.createWithdrawal({ foreign_id: 'wd-1' })).json as {
      data: { id: number };
    };
    const second = (await sandbox.createWithdrawal({ foreign_id: 'wd-2' })).json as {
      data: { id: number };
    };
    await sandbox.control(`/withdrawals/${first.data.id}/simulate`, { outcome: 'confirmed' });
    await sandbox.control(`/withdrawals/${second.data.id}/simulate`, { outcome: 'cancelled' });
    const callbacks = await merchant.waitFor(2);
    assert.deepEqual(
      callbacks.map((callback) => [callback.json.type, callback.json.id, callback.json.status]),
      [
        ['withdrawal', first.data.id, 'confirmed'],
        ['withdrawal', second.data.id, 'cancelled'],
      ],
    );
    assert.ok(
      callbacks.every(
        (callback) => callback.signatureValid && callbackSchema.safeParse(callback.json).success,
      ),
    );
    const { data } = (await sandbox.general('/accounts/list', {})).json as {
      data: { currency: string; balance: string }[];
    };
    // 1.25 seeded, less 0.1 and its 0.5% fee once.
    assert.equal(data.find((entry) => entry.currency === 'BTC')!.balance, '1.14950000');
  });
});
