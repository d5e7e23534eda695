import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { verifySignature } from '@crypto-pay/protocol';
import { callbackListener } from '@crypto-pay/test-kit/callback-listener';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { paymentRequest } from '@crypto-pay/test-kit/processing-requests';
import { REQUESTS, testSandbox } from './sandbox.test-helpers.ts';

describe('callbacks', () => {
  test('are signed over their exact bytes with the merchant key', async (t) => {
    const merchant = await callbackListener(t, 'sandbox-secret', []);
    const sandbox = testSandbox(t, { callbackUrl: merchant.url });
    const response = await sandbox.call(REQUESTS, paymentRequest());
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    await sandbox.callbacks.idle();
    assert.equal(merchant.received.length, 2);
    for (const { body, headers } of merchant.received) {
      assert.equal(headers['content-type'], 'application/json');
      assert.equal(headers['x-processing-key'], 'sandbox-key');
      assert.ok(
        await verifySignature('sandbox-secret', body, headers['x-processing-signature'] as string),
      );
    }
  });

  test('are retried after each delay until the merchant answers 200, every attempt recorded', async (t) => {
    const merchant = await callbackListener(t, 'sandbox-secret', [500, 503]);
    const sandbox = testSandbox(t, { callbackUrl: merchant.url, callbackRetryDelaysMs: [5, 5, 5] });
    const response = await sandbox.call(REQUESTS, paymentRequest());
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'expired' });
    await sandbox.callbacks.idle();
    const attempts = sandbox.store.callbacks.map((attempt) => [
      attempt.attempt,
      attempt.response_status,
      attempt.final,
    ]);
    assert.deepEqual(attempts, [
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    assert.equal(new Set(merchant.received.map((request) => request.body)).size, 1);
  });

  test('give up after the last delay of the schedule', async (t) => {
    const merchant = await callbackListener(t, 'sandbox-secret', [500, 500, 500, 500]);
    const sandbox = testSandbox(t, { callbackUrl: merchant.url, callbackRetryDelaysMs: [5] });
    const response = await sandbox.call(REQUESTS, paymentRequest());
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'expired' });
    await sandbox.callbacks.idle();
    assert.deepEqual(
      sandbox.store.callbacks.map((attempt) => [attempt.attempt, attempt.final]),
      [
        [1, false],
        [2, true],
      ],
    );
  });

  test('record a refused connection as an attempt without a status', async (t) => {
    const sandbox = testSandbox(t, {
      callbackUrl: 'http://127.0.0.1:9/closed',
      callbackRetryDelaysMs: [],
    });
    const response = await sandbox.call(REQUESTS, paymentRequest());
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'expired' });
    await sandbox.callbacks.idle();
    const [attempt] = sandbox.store.callbacks;
    assert.equal(attempt!.response_status, null);
    assert.match(attempt!.error!, /^Connection failed/);
  });

  test('count a redirect as an answer other than 200: not followed, retried', async (t) => {
    const landed: string[] = [];
    const server = createServer((request, response) => {
      request.resume();
      if (request.url === '/moved') {
        response.writeHead(302, { Location: '/landing' }).end();
      } else {
        landed.push(request.url ?? '');
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => server.close());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/moved`;
    const sandbox = testSandbox(t, { callbackUrl: url, callbackRetryDelaysMs: [5] });
    const response = await sandbox.call(REQUESTS, paymentRequest());
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'expired' });
    await sandbox.callbacks.idle();
    assert.deepEqual(landed, []);
    assert.deepEqual(
      sandbox.store.callbacks.map((attempt) => [attempt.response_status, attempt.final]),
      [
        [302, false],
        [302, true],
      ],
    );
  });

  test('accept only an http(s) callback URL through the control API', async (t) => {
    const sandbox = testSandbox(t);
    for (const callback_url of ['javascript:alert(1)', 'ftp://shop.example.com/cb', 'nope']) {
      const response = await sandbox.control('/merchant', { callback_url });
      assert.equal(response.status, 400, callback_url);
    }
    assert.equal(sandbox.store.merchant.callbackUrl, null);
  });

  test('close() ends an attempt in flight: recorded, no retry, idle', async (t) => {
    // A merchant that never answers.
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => {
      server.closeAllConnections();
      server.close();
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`;
    const sandbox = testSandbox(t, { callbackUrl: url, callbackRetryDelaysMs: [5] });
    const response = await sandbox.call(REQUESTS, paymentRequest());
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'expired' });
    await new Promise((resolve) => server.once('request', resolve));
    sandbox.close();
    // The aborted attempt is recorded a moment later.
    await eventually(
      () => sandbox.store.callbacks.length > 0,
      'the aborted attempt to be recorded',
    );
    assert.deepEqual(
      sandbox.store.callbacks.map((attempt) => [attempt.error, attempt.final]),
      [['The sandbox closed during the attempt.', true]],
    );
    const idle = await Promise.race([
      sandbox.callbacks.idle().then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 1000)),
    ]);
    assert.equal(idle, true);
  });

  test('go to the URL set through the control API', async (t) => {
    const merchant = await callbackListener(t, 'sandbox-secret', []);
    const sandbox = testSandbox(t);
    await sandbox.control('/merchant', { callback_url: merchant.url });
    const response = await sandbox.call(REQUESTS, paymentRequest());
    const { id } = ((await response.json()) as { data: { id: string } }).data;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'failed' });
    await sandbox.callbacks.idle();
    assert.deepEqual(
      merchant.received.map((request) => JSON.parse(request.body).status),
      ['processing', 'failed'],
    );
  });
});
