/**
 * Crypto withdrawals: created `processing` with the amount and fee held from the balance,
 * then `confirmed` (sent) or `cancelled` (the hold goes back). Each change after creation
 * sends a withdrawal callback.
 */

import { addDecimal, scaleDecimal } from '@crypto-pay/protocol';
import type { SandboxCore } from './core.ts';
import { LifecycleConflict } from './payment-lifecycle.ts';
import type { WithdrawalRecord } from './store.ts';

export const WITHDRAWAL_OUTCOMES = ['confirmed', 'cancelled'] as const;
export type WithdrawalOutcome = (typeof WITHDRAWAL_OUTCOMES)[number];

/** The callback body; amounts carry 8 fraction digits, as in the create response. */
export function withdrawalCallback(withdrawal: WithdrawalRecord) {
  return {
    type: 'withdrawal',
    id: withdrawal.id,
    foreign_id: withdrawal.foreignId,
    status: withdrawal.status,
    currency: withdrawal.sender.code,
    amount: scaleDecimal(withdrawal.amount, 8),
    end_user_reference: withdrawal.endUserReference,
    sender_currency: withdrawal.sender.code,
    sender_amount: scaleDecimal(withdrawal.senderAmount, 8),
    receiver_currency: withdrawal.receiver.code,
    receiver_amount: scaleDecimal(withdrawal.receiverAmount, 8),
    address: withdrawal.address,
    tag: withdrawal.tag,
  };
}

export function settleWithdrawal(
  core: SandboxCore,
  withdrawal: WithdrawalRecord,
  outcome: WithdrawalOutcome,
): void {
  if (withdrawal.status !== 'processing') {
    throw new LifecycleConflict(`The withdrawal is already ${withdrawal.status}.`);
  }
  withdrawal.status = outcome;
  const transaction = core.store.transactions.get(withdrawal.transactionId);
  if (transaction) transaction.internalStatus = outcome;
  if (outcome === 'cancelled') {
    const code = withdrawal.sender.code;
    core.store.balances.set(
      code,
      addDecimal(core.store.balances.get(code) ?? '0', withdrawal.senderAmount),
    );
  }
  core.callbacks.send(withdrawalCallback(withdrawal));
}
