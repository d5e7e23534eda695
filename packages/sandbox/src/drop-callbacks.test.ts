/** The `drop_callbacks` fault: callbacks recorded as dropped, shown on the dashboard, re-sent later. */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callbackListener } from '@crypto-pay/test-kit/callback-listener';
import { createPaymentRequest, ORIGIN, testSandbox } from './sandbox.test-helpers.ts';

const dashboard = async (sandbox: ReturnType<typeof testSandbox>) =>
  (await sandbox.app.request(`${ORIGIN}/_sandbox/`)).text();

const faults = async (sandbox: ReturnType<typeof testSandbox>) =>
  (await sandbox.app.request(`${ORIGIN}/_sandbox/faults`)).json();

describe('the drop_callbacks fault', () => {
  test('records every callback as dropped, unsent and not retried, until cleared; the dashboard says so', async (t) => {
    const merchant = await callbackListener(t, 'sandbox-secret', []);
    const sandbox = testSandbox(t, { callbackUrl: merchant.url, callbackRetryDelaysMs: [5, 5] });
    assert.equal((await sandbox.control('/faults', { drop_callbacks: true })).status, 200);
    assert.equal(((await faults(sandbox)) as { drop_callbacks: boolean }).drop_callbacks, true);
    assert.match(await dashboard(sandbox), /Callbacks are being dropped/);

    const { id } = await createPaymentRequest(sandbox);
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    await sandbox.callbacks.idle();
    assert.equal(merchant.received.length, 0);
    assert.deepEqual(
      sandbox.store.callbacks.map((attempt) => [attempt.attempt, attempt.dropped, attempt.final]),
      [
        [1, true, true],
        [1, true, true],
      ],
    );
    const listed = (await (await sandbox.app.request(`${ORIGIN}/_sandbox/callbacks`)).json()) as {
      dropped: boolean;
      response_status: number | null;
    }[];
    assert.ok(listed.every((attempt) => attempt.dropped && attempt.response_status === null));
    assert.match(await dashboard(sandbox), /DROPPED \(not sent\)/);

    await sandbox.control('/faults', { drop_callbacks: false });
    assert.equal(((await faults(sandbox)) as { drop_callbacks: boolean }).drop_callbacks, false);
    assert.doesNotMatch(await dashboard(sandbox), /Callbacks are being dropped/);

    // A late callback: the dropped paid delivery re-sent, byte for byte, as a new delivery.
    const paid = sandbox.store.callbacks.at(-1)!;
    const resent = await sandbox.control(`/callbacks/${paid.delivery_id}/resend`, {});
    assert.equal(resent.status, 202);
    const { delivery_id } = (await resent.json()) as { delivery_id: number };
    await sandbox.callbacks.idle();
    assert.deepEqual(
      merchant.received.map((request) => request.body),
      [paid.body],
    );
    const last = sandbox.store.callbacks.at(-1)!;
    assert.deepEqual(
      [last.delivery_id, last.dropped, last.response_status],
      [delivery_id, false, 200],
    );
  });

  test('refuses a value other than true or false, and an unknown delivery, with a sentence', async (t) => {
    const sandbox = testSandbox(t);
    const refused = await sandbox.control('/faults', { drop_callbacks: 'yes' });
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), {
      error: 'drop_callbacks must be true or false.',
      code: 'bad_request',
    });
    const unknown = await sandbox.control('/callbacks/999/resend', {});
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { code: string }).code, 'not_found');
  });

  test('resends only a delivery named by its digits, and refuses with 503 once closing', async (t) => {
    const merchant = await callbackListener(t, 'sandbox-secret', []);
    const sandbox = testSandbox(t, { callbackUrl: merchant.url });
    const { id } = await createPaymentRequest(sandbox);
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    await sandbox.callbacks.idle();
    const first = sandbox.store.callbacks[0]!.delivery_id;
    const sent = sandbox.store.callbacks.length;
    // Each reads as delivery 1 to Number(): none names it.
    for (const form of ['1e0', '0x1', '%201', '1.0', '+1']) {
      const refused = await sandbox.control(`/callbacks/${form}/resend`, {});
      assert.equal(refused.status, 400, form);
      assert.deepEqual(await refused.json(), {
        error: 'delivery_id must be digits, as GET /_sandbox/callbacks lists it.',
        code: 'bad_request',
      });
    }
    assert.equal(first, 1);
    assert.equal(sandbox.store.callbacks.length, sent);

    sandbox.close();
    const closing = await sandbox.control(`/callbacks/${first}/resend`, {});
    assert.equal(closing.status, 503);
    assert.deepEqual(await closing.json(), {
      error: 'The sandbox is closing: it sends no callback.',
      code: 'closing',
    });
  });
});
