/**
 * Pruning while serving: batches a pass at a time, soon again while a backlog remains, then at
 * the interval; the cut-off follows the clock. Timers are node:test's mock timers and the clock
 * a variable: nothing here waits on the wall clock.
 */

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { openSqliteStore } from '../store/sqlite.ts';
import type { PrunedRows, Store } from '../store/store.ts';
import { logRecorder, passReports } from './passes.test-helpers.ts';
import { BACKLOG_PAUSE_MS, PRUNE_INTERVAL_MS, startPruning } from './retention.ts';

const DAY = 24 * 60 * 60 * 1000;

async function logCallbacks(store: Store, count: number, receivedAt: number) {
  for (let i = 0; i < count; i++) {
    await store.recordCallback({
      receivedAt,
      type: 'invoice',
      objectId: `${receivedAt}-${i}`,
      outcome: 'recorded',
      body: {},
    });
  }
}

describe('pruning while serving', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('prunes a backlog in batches a moment apart, then waits for the interval', async () => {
    const store = openSqliteStore(':memory:');
    let clock = 100 * DAY;
    await logCallbacks(store, 10, 1 * DAY);
    await logCallbacks(store, 3, 50 * DAY);
    const { lines, log } = logRecorder();
    const pass = passReports<PrunedRows>();
    const pruning = startPruning({
      store,
      log,
      retentionDays: 90,
      now: () => clock,
      batch: 4,
      onPass: pass.onPass,
    });

    mock.timers.tick(0);
    assert.equal((await pass.next()).callbacks, 4);
    mock.timers.tick(BACKLOG_PAUSE_MS);
    assert.equal((await pass.next()).callbacks, 4);
    mock.timers.tick(BACKLOG_PAUSE_MS);
    assert.equal((await pass.next()).callbacks, 2);
    assert.deepEqual(lines, [
      {
        level: 'info',
        message: 'pruned records older than RETENTION_DAYS',
        fields: {
          callbacks: 10,
          deliveries: 0,
          attempts: 0,
          events: 0,
          failedSignIns: 0,
          before: new Date(10 * DAY).toISOString(),
        },
      },
    ]);
    assert.equal((await store.listCallbacks({ limit: 20 })).length, 3);

    // Caught up: the next pass is an interval away, and the cut-off has moved with the clock.
    let passed = false;
    const next = pass.next().then((pruned) => {
      passed = true;
      return pruned;
    });
    mock.timers.tick(PRUNE_INTERVAL_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(passed, false);
    clock = 141 * DAY;
    mock.timers.tick(1);
    assert.equal((await next).callbacks, 3);
    assert.equal((await store.listCallbacks({ limit: 20 })).length, 0);

    await pruning.close();
    await store.close();
  });

  it('says so and tries again at the interval when the store fails', async () => {
    const { lines, log } = logRecorder();
    const pass = passReports<PrunedRows>();
    let calls = 0;
    const pruning = startPruning({
      store: {
        async pruneBefore() {
          calls++;
          if (calls === 1) throw new Error('database is locked');
          return { callbacks: 0, deliveries: 0, attempts: 0, events: 0, failedSignIns: 0 };
        },
      },
      log,
      retentionDays: 90,
      now: () => 100 * DAY,
      onPass: pass.onPass,
    });
    mock.timers.tick(0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(lines, [
      {
        level: 'warn',
        message: 'pruning paused: the store failed',
        fields: { error: 'database is locked' },
      },
    ]);
    mock.timers.tick(PRUNE_INTERVAL_MS);
    assert.deepEqual(await pass.next(), {
      callbacks: 0,
      deliveries: 0,
      attempts: 0,
      events: 0,
      failedSignIns: 0,
    });
    assert.equal(lines.length, 1, 'nothing pruned, nothing said');
    await pruning.close();
    mock.timers.tick(PRUNE_INTERVAL_MS * 10);
    assert.equal(calls, 2, 'no pass after close');
  });
});
