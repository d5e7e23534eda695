/**
 * A callback's outcome in the timeline: old `ignored` rows told apart (once retention pruned
 * the older history, a repeat of a status whose change was pruned is a duplicate, not late),
 * newer rows as stored.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CallbackOutcome } from '@crypto-pay/protocol/merchant-api';
import type { CheckoutHistory } from '../store/payments.ts';
import { checkout } from '../store/stores.test-helpers.ts';
import { timelineOf } from './timeline.ts';

const paid = checkout({ status: 'paid', createdAt: 1000, updatedAt: 2000 });

/** A payment-request callback of the log with its stored outcome, at `at`. */
const entry = (id: number, status: string, outcome: CallbackOutcome, at: number) => ({
  id,
  receivedAt: at,
  type: 'payment_request',
  status,
  outcome,
  body: {},
});

const event = (type: string, at: number) => ({
  id: `evt_${at}`,
  type,
  createdAt: at,
  data: { id: paid.id },
});

/** The callbacks' outcomes in the timeline of `paid` with this history. */
function outcomes(history: CheckoutHistory): [string, string][] {
  return timelineOf(paid, history).flatMap((line) =>
    line.kind === 'callback' ? [[line.status ?? '', line.outcome]] : [],
  );
}

describe('a timeline’s callback outcomes', () => {
  it('replay from created while nothing is pruned', () => {
    const history = {
      callbacks: [
        entry(1, 'processing', 'applied', 1500),
        entry(2, 'paid', 'applied', 2000),
        entry(3, 'paid', 'ignored', 2500),
        entry(4, 'processing', 'ignored', 2600),
      ],
      events: [
        event('checkout.created', 1000),
        event('checkout.processing', 1500),
        event('checkout.paid', 2000),
      ],
      attempts: [],
    };
    assert.deepEqual(outcomes(history), [
      ['processing', 'applied'],
      ['paid', 'applied'],
      ['paid', 'duplicate'],
      ['processing', 'late'],
    ]);
  });

  it('start from the oldest status left, or the status now, once the older rows are pruned', () => {
    const repeats = [entry(3, 'paid', 'ignored', 2500), entry(4, 'processing', 'ignored', 2600)];
    const expected = [
      ['paid', 'duplicate'],
      ['processing', 'late'],
    ];
    // The applied callback pruned, its event kept.
    assert.deepEqual(
      outcomes({ callbacks: repeats, events: [event('checkout.paid', 2000)], attempts: [] }),
      expected,
    );
    // Both pruned: the checkout's status now.
    assert.deepEqual(outcomes({ callbacks: repeats, events: [], attempts: [] }), expected);
  });

  it('keep the outcome a newer row was stored with, beside old ignored rows told apart', () => {
    // An upgraded database: rows before it say ignored, rows after say duplicate or late,
    // decided by the store under the checkout's lock. Those stand as stored, even where a
    // replay of the events would say the other (here it would swap them).
    const history = {
      callbacks: [
        entry(1, 'paid', 'applied', 2000),
        entry(2, 'paid', 'ignored', 2500),
        entry(3, 'paid', 'late', 2600),
        entry(4, 'processing', 'duplicate', 2700),
      ],
      events: [event('checkout.created', 1000), event('checkout.paid', 2000)],
      attempts: [],
    };
    assert.deepEqual(outcomes(history), [
      ['paid', 'applied'],
      ['paid', 'duplicate'],
      ['paid', 'late'],
      ['processing', 'duplicate'],
    ]);
  });
});
