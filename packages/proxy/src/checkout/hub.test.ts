import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckoutRecord } from '../store/store.ts';
import { createCheckoutHub, type HubListener } from './hub.ts';

function recorder() {
  const seen: string[] = [];
  const listener: HubListener = {
    change: (checkout) => seen.push(checkout.status),
    close: () => seen.push('closed'),
  };
  return { seen, listener };
}

const checkout = (status: CheckoutRecord['status']) => ({ id: 'c1', status }) as CheckoutRecord;

describe('checkout hub', () => {
  it('pushes a change to the listeners of that checkout only, until they unsubscribe', () => {
    const hub = createCheckoutHub();
    const first = recorder();
    const other = recorder();
    const unsubscribe = hub.subscribe('c1', first.listener);
    hub.subscribe('c2', other.listener);
    hub.publish(checkout('processing'));
    unsubscribe();
    hub.publish(checkout('paid'));
    assert.deepEqual(first.seen, ['processing']);
    assert.deepEqual(other.seen, []);
    assert.equal(hub.size(), 1);
  });

  it('closes every listener at shutdown, and any that subscribes afterwards', async () => {
    const hub = createCheckoutHub();
    const before = recorder();
    hub.subscribe('c1', before.listener);
    hub.closeAll();
    assert.deepEqual(before.seen, ['closed']);
    const late = recorder();
    hub.subscribe('c1', late.listener);
    // Closed once the subscriber has finished starting (a turn of microtasks later).
    assert.deepEqual(late.seen, []);
    await Promise.resolve();
    assert.deepEqual(late.seen, ['closed']);
    hub.publish(checkout('paid'));
    assert.deepEqual(late.seen, ['closed']);
  });
});
