/**
 * The merchant API's answers as the contract holds them: the shapes the dashboard once read
 * otherwise (a callback id as a string, a role outside the three) are refused, pages carry
 * their cursor as a string.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  accountSchema,
  pageOf,
  storedCallbackSchema,
  timelineEntrySchema,
  webhookBacklogSchema,
} from './merchant-api.ts';

const callback = {
  id: 7,
  received_at: 1_767_225_600,
  type: 'invoice',
  object_id: '101',
  status: 'confirmed',
  outcome: 'recorded',
  body: { type: 'invoice', id: 101 },
};

describe('the merchant API’s answers', () => {
  it('take a callback with an integer id and a known outcome, and no other', () => {
    assert.ok(storedCallbackSchema.safeParse(callback).success);
    assert.ok(!storedCallbackSchema.safeParse({ ...callback, id: '7' }).success);
    assert.ok(!storedCallbackSchema.safeParse({ ...callback, outcome: 'refused' }).success);
  });

  it('take the three roles only', () => {
    for (const role of ['viewer', 'operator', 'owner']) {
      assert.ok(accountSchema.safeParse({ name: 'ana', role }).success, role);
    }
    assert.ok(!accountSchema.safeParse({ name: 'ana', role: 'admin' }).success);
  });

  it('tell timeline entries apart by kind', () => {
    const entry = { kind: 'callback', at: 1, callback_id: 3, type: 'payment_request' };
    assert.ok(timelineEntrySchema.safeParse({ ...entry, outcome: 'duplicate' }).success);
    assert.ok(
      !timelineEntrySchema.safeParse({ ...entry, outcome: 'duplicate', callback_id: '3' }).success,
    );
    assert.ok(!timelineEntrySchema.safeParse({ kind: 'refund', at: 1 }).success);
  });

  it('page with next_before as a string of the last id', () => {
    const page = pageOf(storedCallbackSchema);
    assert.ok(page.safeParse({ data: [callback], next_before: '7' }).success);
    assert.ok(page.safeParse({ data: [] }).success);
    assert.ok(!page.safeParse({ data: [callback], next_before: 7 }).success);
  });

  it('count the backlog in all and per endpoint', () => {
    const backlog = { pending: 2, oldest_pending_at: 5, endpoints: [] };
    assert.ok(webhookBacklogSchema.safeParse(backlog).success);
    assert.ok(!webhookBacklogSchema.safeParse({ pending: 2 }).success);
  });
});
