import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECKOUT_STATUSES, isAhead, isFinalStatus, statusRank } from './checkout-status.ts';

describe('checkout statuses', () => {
  it('are final for paid, failed and expired only', () => {
    assert.deepEqual(CHECKOUT_STATUSES.filter(isFinalStatus), ['paid', 'failed', 'expired']);
  });

  it('rank created, then processing, then every final one alike', () => {
    assert.deepEqual(CHECKOUT_STATUSES.map(statusRank), [0, 1, 2, 2, 2]);
  });

  it('move a checkout only forward, and never out of a final status', () => {
    const moves = CHECKOUT_STATUSES.flatMap((from) =>
      CHECKOUT_STATUSES.filter((to) => isAhead(from, to)).map((to) => `${from}>${to}`),
    );
    assert.deepEqual(moves, [
      'created>processing',
      'created>paid',
      'created>failed',
      'created>expired',
      'processing>paid',
      'processing>failed',
      'processing>expired',
    ]);
  });
});
