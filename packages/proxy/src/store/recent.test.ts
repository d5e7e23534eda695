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
  it('keeps the latest version of each, and forgets the least recently used past capacity', () => {
    const recent = recentCheckouts(2);
    recent.put(record('a'));
    recent.put(record('b'));
    recent.put(record('a', 2));
    assert.equal(recent.get('a')?.version, 2);
    recent.put(record('c')); // b was used least recently
    assert.equal(recent.get('b'), undefined);
    assert.ok(recent.get('a') && recent.get('c'));
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
