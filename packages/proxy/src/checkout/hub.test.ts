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

describe('checkout hub, a change heard twice', () => {
  const version = (status: CheckoutRecord['status'], n: number) =>
    ({ id: 'c1', status, version: n }) as CheckoutRecord;

  it('pushes each version once and never one older than the last', () => {
    const hub = createCheckoutHub();
    const stream = recorder();
    hub.subscribe('c1', stream.listener);
    assert.deepEqual(hub.followed(), ['c1']);
    assert.equal(hub.publishedVersion('c1'), undefined);
    hub.publish(version('processing', 2));
    // Published here and heard again from another proxy's notice; an older read resolving late.
    hub.publish(version('processing', 2));
    hub.publish(version('created', 1));
    hub.publish(version('paid', 3));
    assert.deepEqual(stream.seen, ['processing', 'paid']);
    assert.equal(hub.publishedVersion('c1'), 3);
    assert.equal(hub.follows('c2'), false);
  });

  it('forgets the version with the last listener', () => {
    const hub = createCheckoutHub();
    const unsubscribe = hub.subscribe('c1', recorder().listener);
    hub.publish(version('paid', 3));
    unsubscribe();
    assert.deepEqual(hub.followed(), []);
    const again = recorder();
    hub.subscribe('c1', again.listener);
    hub.publish(version('paid', 3));
    assert.deepEqual(again.seen, ['paid']);
  });
});
