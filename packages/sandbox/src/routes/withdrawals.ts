/**
 * `POST {base_url}/withdrawal/crypto` (201). After the schema: currency, convert_to, amount
 * (or amount_to), minimum withdrawal (of the currency, then of convert_to), foreign_id
 * uniqueness, balance, in that order.
 * The withdrawal's id is also its transaction's id, so a lookup by it finds it.
 */

import {
  addDecimal,
  compareDecimal,
  createWithdrawalSchema,
  scaleDecimal,
  stringifyJson,
  subtractDecimal,
  validate,
  type Withdrawal,
} from '@crypto-pay/protocol';
import { Hono } from 'hono';
import { amountField, atLeast, currencyField, requireRate } from '../amount-rules.ts';
import { type SandboxCore, sandboxTxid } from '../core.ts';
import { convert } from '../currencies.ts';
import type { SandboxEnv } from '../env.ts';
import { fail } from '../failure.ts';
import { sandboxErrors } from '../sandbox-errors.ts';
import type { WithdrawalRecord } from '../store.ts';
import { feeOf } from '../transactions.ts';

/** The spec's withdrawal object: amounts with 8 fraction digits. */
export function withdrawalView(withdrawal: WithdrawalRecord): Withdrawal {
  return {
    id: withdrawal.id,
    foreign_id: withdrawal.foreignId,
    end_user_reference: withdrawal.endUserReference,
    type: 'withdrawal',
    status: withdrawal.status,
    amount: scaleDecimal(withdrawal.amount, 8),
    sender_amount: scaleDecimal(withdrawal.senderAmount, 8),
    sender_currency: withdrawal.sender.code,
    receiver_currency: withdrawal.receiver.code,
    receiver_amount: scaleDecimal(withdrawal.receiverAmount, 8),
  };
}

function recordWithdrawalTransaction(core: SandboxCore, withdrawal: WithdrawalRecord): void {
  const { sender, receiver } = withdrawal;
  const store = core.store;
  store.transactions.set(withdrawal.transactionId, {
    id: withdrawal.transactionId,
    owner: 'merchant',
    type: 'withdrawal',
    internalStatus: 'processing',
    foreignId: withdrawal.foreignId,
    endUserReference: withdrawal.endUserReference,
    entries: [
      ...(sender === receiver
        ? []
        : [
            {
              transaction_type: 'exchange' as const,
              id: store.nextId('transaction'),
              currency: sender.code,
              type: 'exchange',
              // As sent it may be "0.1"; every other entry has its currency's places.
              amount: scaleDecimal(withdrawal.amount, sender.precision),
              currency_to: receiver.code,
              amount_to: withdrawal.receiverAmount,
            },
          ]),
      {
        transaction_type: 'blockchain',
        id: store.nextId('transaction'),
        currency: receiver.code,
        type: 'withdrawal',
        address: withdrawal.address,
        tag: withdrawal.tag,
        amount: withdrawal.receiverAmount,
        txid: sandboxTxid(),
        riskscore: null,
        confirmations: 0,
      },
    ],
    fees: [{ type: 'fee_crypto_withdrawal', currency: sender.code, amount: withdrawal.fee }],
    cryptoAddress: {
      id: store.nextId('address'),
      currency: receiver.code,
      address: withdrawal.address,
      foreign_id: withdrawal.foreignId,
      tag: withdrawal.tag,
    },
    sent: { currency: receiver.code, amount: withdrawal.receiverAmount },
    received: {
      currency: receiver.code,
      amount: withdrawal.receiverAmount,
      amount_minus_fee: withdrawal.receiverAmount,
    },
    error: null,
  });
}

export function withdrawalRoutes(core: SandboxCore) {
  return new Hono<SandboxEnv>().post('/withdrawal/crypto', (c) => {
    const validated = validate(createWithdrawalSchema, c.get('body'));
    if (!validated.success) fail(validated.failure.error);
    const body = validated.data;
    const sender = currencyField(body.currency, 'currency', body.convert_to === undefined);
    const receiver =
      body.convert_to === undefined ? sender : currencyField(body.convert_to, 'convert_to', true);
    if (body.convert_to !== undefined) {
      if (receiver === sender) fail(sandboxErrors.convertToSameCurrency);
      requireRate(sender, receiver);
    }
    let amount: string;
    let receiverAmount: string;
    if (body.amount !== undefined) {
      amountField(body.amount, 'amount', sender);
      amount = body.amount;
      receiverAmount = convert(amount, sender, receiver);
    } else {
      amountField(body.amount_to!, 'amount_to', receiver);
      receiverAmount = body.amount_to!;
      amount = convert(receiverAmount, receiver, sender);
    }
    // Both ends have a minimum: what leaves the balance, and what is sent on its chain.
    for (const [side, value] of [
      [sender, amount],
      [receiver, receiverAmount],
    ] as const) {
      const minimum = side.minimumWithdrawalAmount;
      atLeast(value, minimum, sandboxErrors.withdrawalBelowMinimum(minimum, side.code));
    }
    // Any JSON value (spec: "any"); kept, compared and answered as its JSON text.
    const foreignId =
      typeof body.foreign_id === 'string' ? body.foreign_id : stringifyJson(body.foreign_id);
    if (core.store.withdrawalForeignIds.has(foreignId))
      fail(sandboxErrors.withdrawalForeignIdTaken);
    const fee = feeOf(amount, sender.withdrawalFeePercent, sender);
    const senderAmount = addDecimal(amount, fee);
    const balance = core.store.balances.get(sender.code) ?? '0';
    if (compareDecimal(senderAmount, balance) > 0)
      fail(sandboxErrors.insufficientBalance(sender.code));

    const id = core.store.nextId('transaction');
    const withdrawal: WithdrawalRecord = {
      id,
      createdAt: core.clock.now(),
      foreignId,
      endUserReference: body.end_user_reference,
      status: 'processing',
      sender,
      receiver,
      amount,
      fee,
      senderAmount,
      receiverAmount,
      address: body.address,
      tag: body.tag ?? null,
      transactionId: id,
    };
    core.store.balances.set(sender.code, subtractDecimal(balance, senderAmount));
    core.store.withdrawals.set(id, withdrawal);
    core.store.withdrawalForeignIds.add(foreignId);
    recordWithdrawalTransaction(core, withdrawal);
    return c.json({ data: withdrawalView(withdrawal) }, 201);
  });
}
