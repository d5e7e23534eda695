import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { recentCheckouts } from './recent.ts';
import type { CheckoutRecord } from './store.ts';

const record = (id: string, version = 1): CheckoutRecord => ({
  id,
  status: 'created',
  paymentLink: `https://pay.example/${id}`,
  expiresAt: 1_900_000_000,
  amount: '25.00',
  currency: { iso: 'EUR' },
  paymentCurrency: { iso: 'BTC', network_name: 'bitcoin' },
  paymentRequestId: `pr-${id}`,
  foreignId: `cp_${id}`,
  pricing: 'product',
  createdAt: 1,
  updatedAt: 1,
  version,
});

describe('recent checkouts', () => {
  it('keeps the latest version of each, and forgets one not used since past capacity', () => {
    const recent = recentCheckouts(2);
    recent.put(record('a'));
    recent.put(record('b'));
    recent.put(record('a', 2));
    assert.equal(recent.get('a')?.version, 2);
    recent.put(record('c')); // b was not used since it came in; a was
    assert.equal(recent.get('b'), undefined);
    assert.ok(recent.get('a') && recent.get('c'));
  });

  it('never holds more than its capacity, however entries are used', () => {
    const recent = recentCheckouts(3);
    for (let i = 0; i < 50; i++) {
      recent.put(record(`id${i}`));
      for (let j = Math.max(0, i - 5); j <= i; j++) recent.get(`id${j}`);
      const held = Array.from({ length: i + 1 }, (_, j) => recent.get(`id${j}`)).filter(Boolean);
      assert.ok(held.length <= 3, `${held.length} held after ${i + 1} puts`);
      assert.ok(recent.get(`id${i}`), 'the newest is always held');
    }
  });

  it('hands out frozen records: no caller can change what the next one reads', () => {
    const recent = recentCheckouts(10);
    const kept = recent.put(record('a'));
    assert.throws(() => {
      (kept as { status: string }).status = 'paid';
    }, TypeError);
    assert.throws(() => {
      (kept.paymentCurrency as { iso: string }).iso = 'ETH';
    }, TypeError);
    assert.equal(recent.get('a')?.status, 'created');
  });
});
