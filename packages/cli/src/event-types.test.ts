import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventTypeArgument, eventTypeListArgument } from './flags.ts';

describe('event types of the flags', () => {
  it('takes every type the proxy writes, free statuses and the test event too', () => {
    for (const type of [
      'checkout.paid',
      'checkout.stale',
      'invoice.confirmed',
      'invoice.received',
      'withdrawal.in_progress',
      'deposit.received',
      'bitcoin_exchange.done',
      'webhook.test',
    ]) {
      assert.equal(eventTypeArgument(type), type);
    }
    assert.deepEqual(eventTypeListArgument(' webhook.test, checkout.paid,webhook.test'), [
      'webhook.test',
      'checkout.paid',
    ]);
  });

  it('refuses a type it does not write, naming the one meant', () => {
    assert.throws(() => eventTypeArgument('invoice.confirmd'), /did you mean invoice\.confirmed\?/);
    assert.throws(() => eventTypeArgument('webhook.tset'), /did you mean webhook\.test\?/);
    assert.throws(
      () => eventTypeArgument('refund.done'),
      /the checkout types are checkout\.created/,
    );
    // Every family it takes is named: an invoice's statuses, the free ones, the test event.
    assert.throws(
      () => eventTypeArgument('invoice.foo'),
      /the invoice types are invoice\.created, .*invoice\.received; others are withdrawal\.<status>, deposit\.<status>, exchange\.<status> \(or <kind>\.received\), webhook\.test$/,
    );
    assert.throws(() => eventTypeListArgument(' , '), /Name at least one event type/);
  });
});
