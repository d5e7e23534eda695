/**
 * The invoices and withdrawals made through the merchant API, listed before any callback comes
 * (`GET /admin/money-operations`), and a withdrawal that sends a payment's money back: named on
 * its checkout and in the audit log, and made once: even two sent at once, even when the
 * service's answer is lost; one the service refused frees the checkout.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { LEGAL_SENDER, SENDER, SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import {
  adminHeaders,
  json,
  sandboxControl,
  useSandboxAndProxy,
} from '../../testing.test-helpers.ts';

const fixture = useSandboxAndProxy();
afterEach(async () => {
  await sandboxControl(fixture.sandbox, '/faults', {});
});

const get = (path: string) => fixture.proxy.request(path, { headers: adminHeaders });
const post = (path: string, body: string) =>
  fixture.proxy.request(path, {
    method: 'POST',
    headers: { ...adminHeaders, 'Content-Type': 'application/json' },
    body,
  });

const invoiceJson = (foreignId: string) =>
  `{"end_user_reference":"customer-42","timer":false,"title":"Order ${foreignId}",
    "foreign_id":"${foreignId}","currency":"BTC","amount":0.0002,
    "url_success":"https://shop.example/ok","url_failed":"https://shop.example/ko",
    "email_user":"${SENDER_EMAIL}","sender_type":"natural",
    "sender_data":${JSON.stringify(SENDER.sender_data)}}`;

const ADDRESS = 'tb1qexampleaddress000000000000000000000';
const withdrawalJson = (foreignId: string, extra = '') =>
  `{"currency":"BTC","amount":0.001,"address":"${ADDRESS}","foreign_id":"${foreignId}",
    "end_user_reference":"customer-42","sender_type":"legal",
    "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"${extra}}`;

describe('GET /admin/money-operations', () => {
  it('lists every invoice and withdrawal made, newest first, by kind, a page at a time', async () => {
    const invoice = (await json(await post('/admin/invoices', invoiceJson('inv-m1')))).data;
    assert.equal((await post('/admin/withdrawals', withdrawalJson('wd-m1'))).status, 201);
    assert.equal((await post('/admin/invoices', invoiceJson('inv-m2'))).status, 201);

    const all = await json(await get('/admin/money-operations'));
    assert.deepEqual(
      all.data.map((row: { kind: string; foreign_id: string }) => [row.kind, row.foreign_id]),
      [
        ['invoice', 'inv-m2'],
        ['withdrawal', 'wd-m1'],
        ['invoice', 'inv-m1'],
      ],
    );
    const first = all.data[2];
    assert.equal(first.object_id, String(invoice.id));
    assert.equal(first.url, invoice.url);
    assert.equal(first.amount, '0.00020000');
    assert.equal(first.currency, 'BTC');
    assert.equal(first.status, 'created');
    assert.equal(first.created_by, 'admin-token');
    assert.equal(typeof first.created_at, 'number');
    // Never who pays or receives, their email or the address.
    const text = JSON.stringify(all);
    for (const personal of [SENDER_EMAIL, SENDER.sender_data.last_name, ADDRESS]) {
      assert.ok(!text.includes(personal), personal);
    }

    const withdrawals = await json(await get('/admin/money-operations?kind=withdrawal'));
    assert.deepEqual(
      withdrawals.data.map((row: { foreign_id: string; status: string }) => [
        row.foreign_id,
        row.status,
      ]),
      [['wd-m1', 'processing']],
    );
    const page = await json(await get('/admin/money-operations?kind=invoice&limit=1'));
    assert.equal(page.data[0].foreign_id, 'inv-m2');
    const next = await json(
      await get(`/admin/money-operations?kind=invoice&limit=1&before=${page.next_before}`),
    );
    assert.deepEqual(
      next.data.map((row: { foreign_id: string }) => row.foreign_id),
      ['inv-m1'],
    );
    const wrong = await get('/admin/money-operations?kind=deposit');
    assert.equal(wrong.status, 422);
    assert.equal((await json(wrong)).error, 'The kind must be invoice or withdrawal.');
  });

  it('keeps and audits a converted withdrawal in the currency its amount is in', async () => {
    const converted = withdrawalJson('wd-convert', ',"convert_to":"USDTT"');
    const made = await post('/admin/withdrawals', converted);
    assert.equal(made.status, 201);
    const { data } = await json(made);
    assert.notEqual(data.receiver_currency, data.sender_currency);
    const [kept] = (await json(await get('/admin/money-operations?kind=withdrawal'))).data;
    const [audited] = (await json(await get('/admin/audit-log?action=withdrawal_created'))).data;
    assert.deepEqual(
      [kept.amount, kept.currency, audited.detail.amount, audited.detail.currency],
      [data.amount, 'BTC', data.amount, 'BTC'],
    );
  });

  it('follows the service’s callbacks, and a cancel, in each one’s status', async () => {
    await post('/admin/invoices', invoiceJson('inv-m3'));
    await post('/admin/invoices', invoiceJson('inv-m4'));
    await fixture.proxy.store.recordCallback({
      receivedAt: fixture.proxy.clock.now,
      type: 'invoice',
      foreignId: 'inv-m3',
      status: 'confirmed',
      outcome: 'recorded',
      body: {},
    });
    assert.equal((await post('/admin/invoices/inv-m4/cancel', '{}')).status, 200);
    const statuses = (await json(await get('/admin/money-operations?kind=invoice'))).data.map(
      (row: { foreign_id: string; status: string }) => [row.foreign_id, row.status],
    );
    assert.deepEqual(statuses, [
      ['inv-m4', 'cancelled'],
      ['inv-m3', 'confirmed'],
    ]);
  });
});

describe('POST /admin/withdrawals with refund_of', () => {
  it('names the checkout it pays back, in the list and the audit log, and is made once', async () => {
    const checkoutId = (await json(await fixture.proxy.createCheckout(checkoutBody()))).id;
    const refund = withdrawalJson(`refund_${checkoutId}`, `,"refund_of":"${checkoutId}"`);
    assert.equal((await post('/admin/withdrawals', refund)).status, 201);

    const refunds = await json(await get(`/admin/money-operations?refund_of=${checkoutId}`));
    assert.deepEqual(
      refunds.data.map((row: { foreign_id: string; refund_of: string; status: string }) => [
        row.foreign_id,
        row.refund_of,
        row.status,
      ]),
      [[`refund_${checkoutId}`, checkoutId, 'processing']],
    );
    const [audited] = (await json(await get('/admin/audit-log?action=withdrawal_created'))).data;
    assert.equal(audited.detail.refund_of, checkoutId);

    // A second, even under another foreign_id, is refused before the service is asked.
    const again = await post(
      '/admin/withdrawals',
      withdrawalJson('refund-again', `,"refund_of":"${checkoutId}"`),
    );
    assert.equal(again.status, 409);
    assert.deepEqual(await json(again), {
      error: `Money was already sent back for this payment (withdrawal refund_${checkoutId}, processing).`,
      code: 'refund_already_sent',
      field: 'refund_of',
    });
    const asked = await (await fetch(`${fixture.sandbox.url}/_sandbox/withdrawals`)).text();
    assert.ok(asked.includes(`refund_${checkoutId}`) && !asked.includes('refund-again'));

    // Cancelled by the service, it may be sent again.
    await fixture.proxy.store.recordCallback({
      receivedAt: fixture.proxy.clock.now,
      type: 'withdrawal',
      foreignId: `refund_${checkoutId}`,
      status: 'cancelled',
      outcome: 'recorded',
      body: {},
    });
    // Not under the cancelled one's foreign_id: that is taken, and nothing was sent back.
    const sameId = await post('/admin/withdrawals', refund);
    assert.equal(sameId.status, 409);
    assert.deepEqual(await json(sameId), {
      error: `A withdrawal with the foreign_id refund_${checkoutId} was made already: give this one its own.`,
      code: 'foreign_id_taken',
      field: 'foreign_id',
    });
    const second = withdrawalJson(`refund_${checkoutId}_2`, `,"refund_of":"${checkoutId}"`);
    assert.equal((await post('/admin/withdrawals', second)).status, 201);
  });

  it('sends one of two asked at once, under two foreign_ids', async () => {
    const checkoutId = (await json(await fixture.proxy.createCheckout(checkoutBody()))).id;
    const answers = await Promise.all(
      ['refund-a', 'refund-b'].map((foreignId) =>
        post('/admin/withdrawals', withdrawalJson(foreignId, `,"refund_of":"${checkoutId}"`)),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 409]);
    const refused = await json(answers.find((answer) => answer.status === 409)!);
    assert.equal(refused.code, 'refund_already_sent');
    const asked = await (await fetch(`${fixture.sandbox.url}/_sandbox/withdrawals`)).text();
    assert.equal(['refund-a', 'refund-b'].filter((id) => asked.includes(id)).length, 1);
  });

  it('frees the checkout when the service refuses the refund', async () => {
    const checkoutId = (await json(await fixture.proxy.createCheckout(checkoutBody()))).id;
    const wrong = withdrawalJson('refund-wrong', `,"refund_of":"${checkoutId}"`).replace(
      '"currency":"BTC"',
      '"currency":"NOPE"',
    );
    const refused = await post('/admin/withdrawals', wrong);
    assert.ok(refused.status >= 400 && refused.status < 500, String(refused.status));
    assert.notEqual((await json(refused)).code, 'refund_already_sent');
    assert.deepEqual(
      (await json(await get(`/admin/money-operations?refund_of=${checkoutId}`))).data,
      [],
    );
    const right = withdrawalJson('refund-right', `,"refund_of":"${checkoutId}"`);
    assert.equal((await post('/admin/withdrawals', right)).status, 201);
  });

  it('keeps the refund requested when the service’s answer is lost, and refuses another', async () => {
    const checkoutId = (await json(await fixture.proxy.createCheckout(checkoutBody()))).id;
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 5, status: 500 });
    const lost = await post(
      '/admin/withdrawals',
      withdrawalJson('refund-lost', `,"refund_of":"${checkoutId}"`),
    );
    assert.equal(lost.status, 502);
    const answer = await json(lost);
    assert.equal(answer.code, 'refund_outcome_unknown');
    assert.match(answer.error, /may have been sent/);
    await sandboxControl(fixture.sandbox, '/faults', {});
    const [kept] = (await json(await get(`/admin/money-operations?refund_of=${checkoutId}`))).data;
    assert.deepEqual(
      [kept.foreign_id, kept.status, kept.object_id],
      ['refund-lost', 'requested', undefined],
    );
    const again = await post(
      '/admin/withdrawals',
      withdrawalJson('refund-again-2', `,"refund_of":"${checkoutId}"`),
    );
    assert.equal(again.status, 409);
    // The withdrawal's callback, by its foreign_id, tells what became of it.
    await fixture.proxy.store.recordCallback({
      receivedAt: fixture.proxy.clock.now,
      type: 'withdrawal',
      foreignId: 'refund-lost',
      status: 'declined',
      outcome: 'recorded',
      body: {},
    });
    const retried = withdrawalJson('refund-retried', `,"refund_of":"${checkoutId}"`);
    assert.equal((await post('/admin/withdrawals', retried)).status, 201);
  });

  it('keeps a withdrawal whose answer is lost as requested, and sends its foreign_id once', async () => {
    await sandboxControl(fixture.sandbox, '/faults', { fail_next: 5, status: 500 });
    const lost = await post('/admin/withdrawals', withdrawalJson('payout-lost'));
    assert.equal(lost.status, 502);
    const answer = await json(lost);
    assert.equal(answer.code, 'withdrawal_outcome_unknown');
    assert.match(answer.error, /may have been sent.*do not send it again/);
    await sandboxControl(fixture.sandbox, '/faults', {});
    const listed = (await json(await get('/admin/money-operations?kind=withdrawal'))).data;
    const kept = listed.find((row: { foreign_id: string }) => row.foreign_id === 'payout-lost');
    assert.deepEqual([kept?.status, kept?.object_id], ['requested', undefined]);
    // Sent again as it was: refused before the service hears of it a second time.
    const again = await post('/admin/withdrawals', withdrawalJson('payout-lost'));
    assert.equal(again.status, 409);
    assert.equal((await json(again)).code, 'foreign_id_taken');
    const asked = await (await fetch(`${fixture.sandbox.url}/_sandbox/withdrawals`)).text();
    assert.ok(!asked.includes('payout-lost'), 'the service made none of it');
    // The audit log says the outcome is not known.
    const audit = (await json(await get('/admin/audit-log?action=withdrawal_refused'))).data;
    assert.equal(audit[0]?.detail.code, 'withdrawal_outcome_unknown');

    // A refusal of the service leaves nothing listed, and the foreign_id free.
    const wrong = withdrawalJson('payout-wrong').replace('"currency":"BTC"', '"currency":"NOPE"');
    const refused = await post('/admin/withdrawals', wrong);
    assert.ok(refused.status >= 400 && refused.status < 500, String(refused.status));
    const after = (await json(await get('/admin/money-operations?kind=withdrawal'))).data;
    assert.ok(!after.some((row: { foreign_id: string }) => row.foreign_id === 'payout-wrong'));
    assert.equal((await post('/admin/withdrawals', withdrawalJson('payout-wrong'))).status, 201);
  });

  it('refuses a checkout that does not exist', async () => {
    const response = await post(
      '/admin/withdrawals',
      withdrawalJson('refund-none', ',"refund_of":"no-such-checkout"'),
    );
    assert.equal(response.status, 404);
    assert.equal((await json(response)).code, 'checkout_not_found');
  });

  it('refuses refund_of given in the query, where it would be ignored and the money not marked', async () => {
    const checkoutId = (await json(await fixture.proxy.createCheckout(checkoutBody()))).id;
    const response = await post(
      `/admin/withdrawals?refund_of=${checkoutId}`,
      withdrawalJson('refund-in-query'),
    );
    assert.equal(response.status, 422);
    assert.deepEqual(await json(response), {
      error: 'The query parameter "refund_of" is not known here; it takes none.',
      code: 'unknown_field',
      field: 'refund_of',
    });
    const asked = await (await fetch(`${fixture.sandbox.url}/_sandbox/withdrawals`)).text();
    assert.ok(!asked.includes('refund-in-query'), 'nothing was sent');
  });

  it('refuses a key of neither party type in a sender_data or receiver_data', async () => {
    const receiver = `,"receiver_type":"natural","receiver_data":${JSON.stringify({ ...SENDER.sender_data, phone: '+31 20 000' })}`;
    for (const [body, field] of [
      [
        withdrawalJson('extra-receiver', receiver).replace(',"receiver_type":"self"', ''),
        'receiver_data.phone',
      ],
      [
        invoiceJson('extra-sender').replace('"date_of_birth"', '"vat_id":"NL1","date_of_birth"'),
        'sender_data.vat_id',
      ],
    ] as const) {
      const response = await post(
        field.startsWith('receiver') ? '/admin/withdrawals' : '/admin/invoices',
        body,
      );
      assert.equal(response.status, 422, field);
      const refused = await json(response);
      assert.equal(refused.code, 'unknown_field');
      assert.equal(refused.field, field);
    }
    const listed = await json(await get('/admin/money-operations'));
    assert.equal(
      listed.data.filter((operation: { foreign_id: string }) =>
        operation.foreign_id.startsWith('extra-'),
      ).length,
      0,
    );
  });
});
