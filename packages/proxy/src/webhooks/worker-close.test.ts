/**
 * A worker closed while its look at the outbox is claiming: what that look claimed must be given
 * back before `close` resolves, as the proxy closes its store right after. Else the claims stay
 * leased (timeout + a minute), the endpoint sits at its cap of claims and no proxy sends to it
 * until they run out (a rolling restart's outbox stalled for over 45 s so).
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { createLogger } from '../process/logger.ts';
import { openPostgresStore } from '../store/postgres.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { Store } from '../store/store.ts';
import { recordDeposit, usePostgres } from '../store/stores.test-helpers.ts';
import { newWebhookSecret } from './endpoint-url.ts';
import { startWebhookWorker } from './worker.ts';

const SECRET = newWebhookSecret();

/** Opens the same database again on each call, as a proxy restarted on it does. */
type Reopen = () => Promise<Store>;

function suite(open: Reopen) {
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver(SECRET);
  });
  after(async () => {
    await receiver.close();
  });

  it('gives back, before close resolves, what a look claimed as the worker closed', async () => {
    const store = await open();
    await store.setEnvEndpoint(receiver.url, Date.now());
    await recordDeposit(store);
    // The look's claim commits, then its answer is held until the worker is closing.
    let claimed!: () => void;
    const committed = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const lines: string[] = [];
    const worker = startWebhookWorker({
      store: {
        ...store,
        async claimDeliveries(...args) {
          const deliveries = await store.claimDeliveries(...args);
          if (deliveries.length > 0) {
            claimed();
            await answered;
          }
          return deliveries;
        },
      },
      log: createLogger((line) => lines.push(line)),
      envSecret: SECRET,
    });
    await committed;
    const closing = worker.close();
    answer();
    await closing;
    // What the proxy does next: its store closes, and another proxy looks.
    await store.close();
    const other = await open();
    const now = Date.now();
    assert.ok((await other.nextDeliveryAt(now))! <= now, `due again at once; ${lines.join('\n')}`);
    const [again] = await other.claimDeliveries(now, 60_000, 1);
    assert.equal(again?.attempt, 1, 'claimed again, the cut-off send not counted');
    assert.equal(receiver.received.length, 0, 'nothing was sent by the closed worker');
    await other.close();
  });
}

describe('webhook worker closed during a claim on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-worker-close-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'proxy.db');
  suite(async () => openSqliteStore(file));
});

describe('webhook worker closed during a claim on PostgreSQL', () => {
  const cluster = usePostgres();
  let url: Promise<string> | undefined;
  suite(async () => {
    url ??= cluster().createDatabase('worker_close');
    return openPostgresStore(await url);
  });
});
