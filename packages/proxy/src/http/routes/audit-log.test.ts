/**
 * The audit log as an owner reads it: an entry for each action of the merchant API, with who
 * did it (an account, or admin-token for the bearer), newest first, filtered and paged, its
 * detail never a secret or a sender's data. And the endpoint test: a `webhook.test` event
 * through the outbox to that endpoint only, seen in its deliveries.
 */

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { LEGAL_SENDER, SENDER, SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import { startWebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { createLogger } from '../../process/logger.ts';
import { adminHeaders, seen, testProxy, useTestSandbox } from '../../testing.test-helpers.ts';
import { startWebhookWorker } from '../../webhooks/worker.ts';
import {
  assertNoCredentialsLeaked,
  createAccount,
  json,
  sessionOf,
  signIn,
  withSession,
} from './dashboard.test-helpers.ts';

const shared = useTestSandbox();
after(() => assertNoCredentialsLeaked([]));

const invoiceBody = (foreignId: string) =>
  `{"end_user_reference":"customer-42","timer":false,"title":"Order ${foreignId}",
    "foreign_id":"${foreignId}","currency":"BTC","amount":0.0001,
    "url_success":"https://shop.example/ok","url_failed":"https://shop.example/ko",
    "email_user":"${SENDER_EMAIL}","sender_type":"natural",
    "sender_data":${JSON.stringify(SENDER.sender_data)}}`;

const withdrawalBody = `{"currency":"BTC","amount":0.001,"address":"tb1qexampleaddress000000000000000000000",
  "foreign_id":"wd-audit","end_user_reference":"customer-42","sender_type":"legal",
  "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"}`;

describe('the audit log', () => {
  it('records each action with its actor, newest first, and only an owner reads it', async () => {
    const proxy = testProxy(shared.sandbox);
    await createAccount(proxy, 'ann', 'owner');
    await createAccount(proxy, 'olga', 'operator');
    const operator = await sessionOf(proxy, 'olga', 'operator');
    await signIn(proxy, { name: 'olga', password: 'a wrong password' });
    await signIn(proxy, { name: 'nobody', password: 'correct horse battery staple' });

    const send = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      withSession(proxy, operator, path, { method: 'POST', ...init });
    const endpoint = await json(
      await send('/admin/webhook-endpoints', { json: { url: 'https://shop.example/hooks' } }),
    );
    // Rotating a secret is an owner's (the bearer token's here).
    const rotated = await json(
      await proxy.request(`/admin/webhook-endpoints/${endpoint.id}/rotate-secret`, {
        method: 'POST',
        headers: adminHeaders,
        json: {},
      }),
    );
    const tested = await json(await send(`/admin/webhook-endpoints/${endpoint.id}/test`));
    assert.equal((await send(`/admin/events/${tested.id}/redeliver`)).status, 202);
    const json_ = { 'Content-Type': 'application/json' };
    assert.equal(
      (await send('/admin/invoices', { headers: json_, body: invoiceBody('inv-audit') })).status,
      201,
    );
    assert.equal((await send('/admin/invoices/inv-audit/cancel', { json: {} })).status, 200);
    assert.equal(
      (await send(`/admin/webhook-endpoints/${endpoint.id}`, { method: 'DELETE' })).status,
      204,
    );
    // The bearer token is an owner, named admin-token.
    const withdrawal = await proxy.request('/admin/withdrawals', {
      method: 'POST',
      headers: { ...adminHeaders, ...json_ },
      body: withdrawalBody,
    });
    assert.equal(withdrawal.status, 201);
    assert.equal((await send('/admin/session', { method: 'DELETE' })).status, 204);

    const owner = await sessionOf(proxy, 'ann', 'owner');
    const refused = await withSession(
      proxy,
      await sessionOf(proxy, 'olga', 'operator'),
      '/admin/audit-log',
    );
    assert.equal(refused.status, 403);
    const log = (await json(await withSession(proxy, owner, '/admin/audit-log'))).data;
    const rows = log
      .map((entry: { actor: string; action: string; target?: string; detail?: object }) => [
        entry.actor,
        entry.action,
        entry.target,
        entry.detail,
      ])
      .reverse();
    assert.deepEqual(rows, [
      ['admin-token', 'account_created', 'ann', { role: 'owner' }],
      ['admin-token', 'account_created', 'olga', { role: 'operator' }],
      ['olga', 'sign_in', undefined, undefined],
      ['anonymous', 'sign_in_failed', 'olga', { reason: 'wrong_password' }],
      // An unknown name may be a password typed in the wrong field: not kept.
      ['anonymous', 'sign_in_failed', undefined, { reason: 'unknown_name' }],
      ['olga', 'endpoint_created', endpoint.id, undefined],
      ['admin-token', 'secret_rotated', endpoint.id, { grace_seconds: 86_400 }],
      ['olga', 'endpoint_tested', endpoint.id, { event_id: tested.id }],
      ['olga', 'event_redelivered', tested.id, { deliveries: 1 }],
      [
        'olga',
        'invoice_created',
        log.find((e: { action: string }) => e.action === 'invoice_created').target,
        { foreign_id: 'inv-audit', amount: '0.00010000', currency: 'BTC' },
      ],
      ['olga', 'invoice_cancelled', 'inv-audit', undefined],
      ['olga', 'endpoint_deleted', endpoint.id, undefined],
      [
        'admin-token',
        'withdrawal_created',
        String((await json(withdrawal)).data.id),
        { foreign_id: 'wd-audit', amount: '0.00100000', currency: 'BTC' },
      ],
      ['olga', 'sign_out', undefined, undefined],
      ['ann', 'sign_in', undefined, undefined],
      ['olga', 'sign_in', undefined, undefined],
    ]);
    assert.ok(
      log.every((entry: { at: number }) => entry.at === Math.floor(proxy.clock.now / 1000)),
    );
    // No secret or sender data in the log (the rotated secret above all).
    const text = JSON.stringify(log);
    for (const secret of [endpoint.secret, rotated.secret, SENDER_EMAIL, 'customer-42']) {
      assert.ok(!text.includes(secret), secret);
    }

    // Filtered by actor and by action, and paged.
    const byActor = await json(
      await withSession(proxy, owner, '/admin/audit-log?actor=admin-token'),
    );
    assert.deepEqual(
      byActor.data.map((entry: { action: string }) => entry.action),
      ['withdrawal_created', 'secret_rotated', 'account_created', 'account_created'],
    );
    const byAction = await json(
      await withSession(proxy, owner, '/admin/audit-log?action=sign_in_failed'),
    );
    assert.equal(byAction.data.length, 2);
    const page = await json(await withSession(proxy, owner, '/admin/audit-log?limit=10'));
    assert.equal(page.data.length, 10);
    const rest = await json(
      await withSession(proxy, owner, `/admin/audit-log?limit=10&before=${page.next_before}`),
    );
    assert.deepEqual(
      [...page.data, ...rest.data].map((entry: { id: number }) => entry.id),
      log.map((entry: { id: number }) => entry.id),
    );
    assert.equal(rest.next_before, undefined);
    const bad = await withSession(proxy, owner, '/admin/audit-log?action=everything');
    assert.equal(bad.status, 422);
    assert.equal((await json(bad)).field, 'action');
  });
});

describe('refused money operations', () => {
  it('are in the audit log with the service’s code, and no sender data', async () => {
    const proxy = testProxy(shared.sandbox);
    const post = (path: string, body: string) =>
      proxy.request(path, {
        method: 'POST',
        headers: { ...adminHeaders, 'Content-Type': 'application/json' },
        body,
      });
    assert.equal((await post('/admin/invoices', invoiceBody('inv-refused'))).status, 201);
    assert.equal((await post('/admin/invoices/inv-refused/cancel', '{}')).status, 200);
    const again = await post('/admin/invoices/inv-refused/cancel', '{}');
    assert.equal(again.status, 409);
    const withdrawal = await post(
      '/admin/withdrawals',
      withdrawalBody.replace('"currency":"BTC"', '"currency":"NOPE"'),
    );
    assert.ok(withdrawal.status >= 400 && withdrawal.status < 500, String(withdrawal.status));
    const refusal = await json(withdrawal);
    const log = await json(
      await proxy.request('/admin/audit-log?limit=2', { headers: adminHeaders }),
    );
    assert.deepEqual(
      log.data.map((entry: { action: string; target?: string; detail?: object }) => [
        entry.action,
        entry.target,
        entry.detail,
      ]),
      [
        [
          'withdrawal_refused',
          undefined,
          { foreign_id: 'wd-audit', currency: 'NOPE', code: refusal.code },
        ],
        ['invoice_refused', 'inv-refused', { operation: 'cancel', code: (await json(again)).code }],
      ],
    );
    const text = JSON.stringify(log);
    for (const secret of [SENDER_EMAIL, 'customer-42']) assert.ok(!text.includes(secret), secret);
  });
});

describe('testing a webhook endpoint', () => {
  it('sends a webhook.test event to that endpoint only, listed in its deliveries', async () => {
    const proxy = testProxy(shared.sandbox);
    const first = await startWebhookReceiver(newWebhookSecret());
    const second = await startWebhookReceiver(newWebhookSecret());
    const worker = startWebhookWorker({
      store: proxy.store,
      log: createLogger((line) => seen.push(line)),
      envSecret: undefined,
      schedule: [20],
    });
    try {
      const post = (path: string, body?: unknown) =>
        proxy.request(path, {
          method: 'POST',
          headers: adminHeaders,
          ...(body ? { json: body } : {}),
        });
      const endpoint = await json(await post('/admin/webhook-endpoints', { url: first.url }));
      await post('/admin/webhook-endpoints', { url: second.url });
      const tested = await post(`/admin/webhook-endpoints/${endpoint.id}/test`);
      assert.equal(tested.status, 202);
      const queued = await json(tested);
      assert.equal(queued.endpoint_id, endpoint.id);
      worker.wake();
      const [request] = await eventually(
        () => first.received.length > 0 && first.received,
        'the test event',
      );
      assert.equal(request!.headers['webhook-id'], queued.id);
      assert.deepEqual(JSON.parse(request!.body).data, { endpoint_id: endpoint.id });
      assert.equal(JSON.parse(request!.body).type, 'webhook.test');
      const attempts = await eventually(async () => {
        const list = await json(
          await proxy.request(`/admin/webhook-deliveries?event_id=${queued.id}`, {
            headers: adminHeaders,
          }),
        );
        return list.data.length > 0 && list.data;
      }, 'the attempt in the deliveries');
      assert.deepEqual(
        attempts.map((attempt: { endpoint_id: string; event_type: string }) => [
          attempt.endpoint_id,
          attempt.event_type,
        ]),
        [[endpoint.id, 'webhook.test']],
      );
      assert.equal(second.received.length, 0);
      const missing = await post('/admin/webhook-endpoints/whe_none/test');
      assert.equal(missing.status, 404);
      assert.equal((await json(missing)).code, 'webhook_endpoint_not_found');
    } finally {
      await worker.close();
      await first.close();
      await second.close();
    }
  });
});
