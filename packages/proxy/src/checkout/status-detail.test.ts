import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type PaymentRequestCallback, paymentRequestCallbackSchema } from '@crypto-pay/protocol';
import { paymentRequestCallbackBody } from '@crypto-pay/test-kit/checkouts';
import { refundInstructionsOf, statusDetailOf } from './status-detail.ts';

/** A callback asking 0.0004 BTC, of which `sent` arrived; `changes` replace any field. */
function callback(
  status: PaymentRequestCallback['status'],
  sent: string | null,
  changes: Partial<PaymentRequestCallback> = {},
): PaymentRequestCallback {
  return paymentRequestCallbackSchema.parse(
    paymentRequestCallbackBody({ id: 'pr-1', foreign_id: 'cp_1' }, status, changes, {
      amount: '0.00040000',
      sent,
    }),
  );
}

describe('statusDetailOf', () => {
  it('says a failed payment that sent less than due was underpaid', () => {
    assert.equal(statusDetailOf(callback('failed', '0.00020000')), 'underpaid');
    assert.equal(statusDetailOf(callback('failed', '0.00039999')), 'underpaid');
  });

  it('says a failed payment that sent the whole amount (or more) was late', () => {
    assert.equal(statusDetailOf(callback('failed', '0.0004')), 'late');
    assert.equal(statusDetailOf(callback('failed', '0.00050000')), 'late');
  });

  it('says a paid payment that sent more than due was overpaid, and nothing of an exact one', () => {
    assert.equal(statusDetailOf(callback('paid', '0.00044000')), 'overpaid');
    assert.equal(statusDetailOf(callback('paid', '0.00040000')), undefined);
  });

  it('says nothing where the callback does not tell', () => {
    // No amount sent, no amount due, or amounts in two currencies cannot be compared.
    assert.equal(statusDetailOf(callback('failed', null)), undefined);
    assert.equal(
      statusDetailOf(callback('failed', '0.1', { payment_request_amount: null })),
      undefined,
    );
    assert.equal(
      statusDetailOf(
        callback('failed', '0.1', {
          currency_sent: { currency: { iso: 'ETH', network_name: 'ethereum' }, amount: '0.1' },
        }),
      ),
      undefined,
    );
    assert.equal(statusDetailOf(callback('expired', null)), undefined);
    assert.equal(statusDetailOf(callback('processing', null)), undefined);
  });
});

describe('refundInstructionsOf', () => {
  const email = { end_user_email: 'a@b.example' };
  it('sends the customer to the service’s email when the amount differs and one was given', () => {
    const underpaid = callback('failed', '0.0001', email);
    assert.equal(refundInstructionsOf(underpaid, 'underpaid'), 'email');
    assert.equal(refundInstructionsOf(callback('paid', '0.0005', email), 'overpaid'), 'email');
  });

  it('sends the customer to the merchant when no email was given', () => {
    const none = callback('failed', '0.0001', { end_user_email: null });
    assert.equal(refundInstructionsOf(none, 'underpaid'), 'merchant');
    assert.equal(refundInstructionsOf({ ...none, end_user_email: '' }, 'underpaid'), 'merchant');
  });

  it('says nothing when no refund is due or the callback has no email field', () => {
    assert.equal(refundInstructionsOf(callback('failed', '0.0004', email), 'late'), undefined);
    assert.equal(refundInstructionsOf(callback('failed', null, email), undefined), undefined);
    assert.equal(refundInstructionsOf(callback('failed', '0.0001'), 'underpaid'), undefined);
  });
});
