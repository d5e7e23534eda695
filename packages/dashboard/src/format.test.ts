import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  auditDetailLines,
  deliveredOk,
  formatAmount,
  formatCurrency,
  formatDay,
  formatTime,
  paymentAmounts,
  prettyJson,
  statusWords,
} from './format.ts';

const BTC = { iso: 'BTC', network_name: 'bitcoin' };

describe('how the dashboard writes values', () => {
  it('writes times in UTC to the second', () => {
    assert.equal(formatTime(Date.UTC(2026, 10, 29, 5, 4, 3) / 1000), '29 Nov 2026, 05:04:03 UTC');
    assert.equal(formatTime(undefined), '—');
  });

  it('writes a UTC day as a time’s day is written, not as the API’s YYYY-MM-DD', () => {
    assert.equal(formatDay('2026-11-02'), '02 Nov 2026');
    assert.equal(formatTime(Date.UTC(2026, 10, 2, 23, 59) / 1000).slice(0, 11), '02 Nov 2026');
    assert.equal(formatDay('someday'), 'someday');
  });

  it('keeps every digit of an amount, grouped as the widget writes it in English', () => {
    assert.equal(formatAmount('0.10000000000000000001', BTC), '0.10000000000000000001 BTC');
    assert.equal(formatAmount('12500.00', { iso: 'EUR' }), '12,500.00 EUR');
    assert.equal(formatAmount('1234567.123456789'), '1,234,567.123456789');
    assert.equal(formatAmount('999.99'), '999.99');
    // What is no plain decimal is shown as given, not guessed at.
    assert.equal(formatAmount('1e5'), '1e5');
    assert.equal(formatCurrency(BTC), 'BTC on Bitcoin');
    assert.equal(formatCurrency({ iso: 'EUR' }), 'EUR');
  });

  it('says why a payment failed, not just that it did', () => {
    assert.equal(statusWords('failed', 'underpaid'), 'Failed: underpaid');
    assert.equal(statusWords('failed', 'late'), 'Failed: late');
    assert.equal(statusWords('paid', 'overpaid'), 'Paid: overpaid');
    assert.equal(statusWords('created'), 'Waiting for payment');
  });

  it('finds the difference of an overpayment and an underpayment exactly, and its direction', () => {
    const due = { amount: '0.1', currency: BTC };
    assert.deepEqual(paymentAmounts(due, { amount: '0.30000000000000000001', currency: BTC }), {
      due: '0.1',
      sent: '0.30000000000000000001',
      currency: BTC,
      difference: { amount: '0.20000000000000000001', direction: 'over' },
    });
    assert.deepEqual(paymentAmounts(due, { amount: '0.07', currency: BTC })?.difference, {
      amount: '0.03',
      direction: 'short',
    });
  });

  it('compares equal amounts with no difference, and none in different currencies', () => {
    const due = { amount: '1.00', currency: BTC };
    assert.deepEqual(paymentAmounts(due, { amount: '1', currency: BTC }), {
      due: '1.00',
      sent: '1',
      currency: BTC,
    });
    const other = { amount: '2', currency: { iso: 'BTC', network_name: 'lightning' } };
    assert.equal(paymentAmounts(due, other), undefined);
    assert.equal(paymentAmounts(due, undefined), undefined);
  });

  it('indents a body for reading', () => {
    assert.equal(prettyJson({ a: [1] }), '{\n  "a": [\n    1\n  ]\n}');
  });

  it('counts a delivery as taken only when the receiver answered 2xx', () => {
    assert.equal(deliveredOk({ status_code: 204 }), true);
    assert.equal(deliveredOk({ status_code: 299 }), true);
    for (const status_code of [undefined, 199, 300, 500]) {
      assert.equal(deliveredOk({ status_code }), false, String(status_code));
    }
  });

  it('writes an audit entry’s detail in words, a role change from one role to the other', () => {
    assert.deepEqual(auditDetailLines({ role: 'operator', previous_role: 'viewer' }), [
      'Role: viewer → operator',
    ]);
    assert.deepEqual(
      auditDetailLines({ event_types: ['checkout.paid', 'checkout.failed'], disabled: false }),
      ['Event types: checkout.paid, checkout.failed', 'Disabled: no'],
    );
    assert.deepEqual(auditDetailLines({ password_changed: true, role: 'owner' }), [
      'New password set by an owner; its sessions ended',
      'Role: owner',
    ]);
    assert.deepEqual(auditDetailLines({ reason: 'wrong_password' }), ['Why: wrong password']);
    assert.deepEqual(auditDetailLines({ reason: 'a_new_reason' }), ['Why: a_new_reason']);
    assert.deepEqual(auditDetailLines({ foreign_id: 'inv-1', amount: '12500.00' }), [
      'Reference: inv-1',
      'Amount: 12,500.00',
    ]);
    // A key a newer proxy writes shows as itself, even one named as an object's own.
    assert.deepEqual(auditDetailLines({ new_thing: { a: 1 }, constructor: 'x' }), [
      'new_thing: {"a":1}',
      'constructor: x',
    ]);
  });
});
