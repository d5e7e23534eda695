/**
 * A send that ends while PostgreSQL is down (restarting): its outcome is recorded once the
 * database is back, so the delivery is due again at once, rather than left claimed until its
 * lease (the send's timeout and a minute) runs out.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { createLogger } from '../process/logger.ts';
import { openPostgresStore } from '../store/postgres.ts';
import { recordDeposit, usePostgres } from '../store/stores.test-helpers.ts';
import { newWebhookSecret } from './endpoint-url.ts';
import { startWebhookWorker } from './worker.ts';

const SECRET = newWebhookSecret();

describe('webhook delivery worker on PostgreSQL while it restarts', () => {
  const cluster = usePostgres();

  it('records a send that ended while the database was down once it is back, and sends again', async () => {
    const store = await openPostgresStore(cluster().url);
    const receiver = await startWebhookReceiver(SECRET);
    receiver.mode = 'hang';
    await store.setEnvEndpoint(receiver.url, Date.now());
    await recordDeposit(store);
    const lines: string[] = [];
    let unrecorded!: () => void;
    const failedToRecord = new Promise<void>((resolve) => {
      unrecorded = resolve;
    });
    const worker = startWebhookWorker({
      store,
      log: createLogger((line) => {
        lines.push(line);
        if (/webhook attempt (not recorded yet|could not be recorded)/.test(line)) unrecorded();
      }),
      envSecret: SECRET,
      schedule: [20, 40, 80],
      timeoutMs: 60_000,
    });
    try {
      await eventually(() => receiver.received.length === 1, 'the send in flight');
      await cluster().stopServer('fast');
      // The receiver goes away: the send fails while the database cannot record it.
      await receiver.down();
      await failedToRecord;
      // The receiver is back before the database, so the retry that follows the record is
      // the delivery (a retry sent before the receiver reopened would be a third attempt).
      receiver.mode = 'ok';
      await receiver.reopen();
      await cluster().startServer();
      // Well within the lease (70 s): the attempt was recorded and the retry sent.
      await eventually(() => receiver.delivered().size === 1, 'the event delivered', 20_000);
      await eventually(
        async () => (await store.listAttempts({ limit: 5 })).length === 2,
        'the failed send and the delivery, each logged',
      );
      assert.ok(!lines.some((line) => line.includes('could not be recorded')), lines.join('\n'));
    } finally {
      await worker.close();
      await receiver.close();
      await store.close();
    }
  });
});
