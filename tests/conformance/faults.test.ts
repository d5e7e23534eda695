/** Faults for resilience tests: latency, failing the next N requests, dropped connections. */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

describe('faults', () => {
  let sandbox: SandboxUnderTest;
  before(async () => {
    sandbox = await sandboxUnderTest(null);
  });
  after(() => sandbox.running.close());
  const balances = () => sandbox.general('/accounts/list', {});

  test('fail_next answers the next N processing requests with the status, then recovers', async (t) => {
    t.after(() => sandbox.control('/faults', {}));
    const set = await sandbox.control('/faults', { fail_next: 2, status: 503 });
    assert.deepEqual(set.json, {
      latency_ms: 0,
      fail_next: 2,
      status: 503,
      drop_connection: false,
      drop_callbacks: false,
    });
    for (let i = 0; i < 2; i++) {
      const answer = await balances();
      assert.equal(answer.status, 503);
      assert.deepEqual(answer.json, {
        error: 'The sandbox simulated a server failure.',
        code: 503,
      });
    }
    assert.equal((await balances()).status, 200);
  });

  test('faults apply to the processing API only, not to the control API or pages', async (t) => {
    t.after(() => sandbox.control('/faults', {}));
    await sandbox.control('/faults', { fail_next: 1 });
    assert.equal((await sandbox.control('/payment-requests')).status, 200);
    assert.equal((await balances()).status, 500);
  });

  test('drop_connection closes the socket without an answer', async (t) => {
    t.after(() => sandbox.control('/faults', {}));
    await sandbox.control('/faults', { drop_connection: true });
    await assert.rejects(
      balances(),
      (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' || /socket hang up/.test(error.message),
    );
    assert.equal((await balances()).status, 200);
  });

  test('latency_ms delays every processing answer until cleared', async (t) => {
    t.after(() => sandbox.control('/faults', {}));
    await sandbox.control('/faults', { latency_ms: 150 });
    const started = performance.now();
    const answer = await balances();
    assert.equal(answer.status, 200);
    assert.ok(performance.now() - started >= 145);
    await sandbox.control('/faults', {});
    assert.deepEqual((await sandbox.control('/faults')).json, {
      latency_ms: 0,
      fail_next: 0,
      status: 500,
      drop_connection: false,
      drop_callbacks: false,
    });
  });

  test('refuses malformed faults with 400', async () => {
    for (const body of [
      { status: 404 },
      { fail_next: -1 },
      { latency_ms: 'slow' },
      { drop_connection: 'yes' },
    ]) {
      const answer = await sandbox.control('/faults', body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal((answer.json as { code: string }).code, 'bad_request');
    }
  });
});
