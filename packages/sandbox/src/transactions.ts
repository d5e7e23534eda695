/**
 * Transactions the sandbox records when money moves (deposits of paid payment requests and
 * invoices, withdrawals), and the lookup view of one: internal status mapped as the spec's
 * table says, one entry per movement keyed by `transaction_type`.
 */

import {
  divideDecimal,
  multiplyDecimal,
  publicTransactionStatus,
  subtractDecimal,
  type Transaction,
  type TransactionEntry,
} from '@crypto-pay/protocol';
import { type SandboxCore, sandboxTxid } from './core.ts';
import type { Currency } from './currencies.ts';
import type { TransactionRecord } from './store.ts';

/** `percent` % of `amount`, at the currency's precision, rounded half-up. */
export function feeOf(amount: string, percent: string, currency: Currency): string {
  return divideDecimal(multiplyDecimal(amount, percent), '100', currency.precision);
}

export interface DepositFacts {
  status: string;
  foreignId: string | undefined;
  endUserReference: string | undefined;
  paid: Currency;
  address: string;
  sent: string;
  fee: string;
  /** When the merchant is credited in another currency (an invoice in EUR paid in BTC). */
  exchange?: { to: Currency; amount: string };
  error?: string;
}

/** Records a deposit and returns its id. */
export function recordDeposit(core: SandboxCore, facts: DepositFacts): number {
  const id = core.store.nextId('transaction');
  const entries: TransactionEntry[] = [
    {
      transaction_type: 'blockchain',
      id: core.store.nextId('transaction'),
      currency: facts.paid.code,
      type: 'deposit',
      address: facts.address,
      tag: null,
      amount: facts.sent,
      txid: sandboxTxid(),
      riskscore: '0.1',
      confirmations: facts.paid.depositConfirmations,
    },
  ];
  if (facts.exchange) {
    entries.push({
      transaction_type: 'exchange',
      id: core.store.nextId('transaction'),
      currency: facts.paid.code,
      type: 'exchange',
      amount: subtractDecimal(facts.sent, facts.fee),
      currency_to: facts.exchange.to.code,
      amount_to: facts.exchange.amount,
    });
  }
  core.store.transactions.set(id, {
    id,
    owner: 'merchant',
    type: 'deposit',
    internalStatus: facts.status,
    foreignId: facts.foreignId,
    endUserReference: facts.endUserReference,
    entries,
    fees: [{ type: 'fee_crypto_deposit', currency: facts.paid.code, amount: facts.fee }],
    cryptoAddress: {
      id: core.store.nextId('address'),
      currency: facts.paid.code,
      address: facts.address,
      foreign_id: facts.foreignId ?? String(id),
      tag: null,
    },
    sent: { currency: facts.paid.code, amount: facts.sent },
    received: {
      currency: facts.paid.code,
      amount: facts.sent,
      amount_minus_fee: subtractDecimal(facts.sent, facts.fee),
    },
    error: facts.error ?? null,
  });
  return id;
}

/** Statuses for which the spec shows `currency_sent` and `currency_received`. */
const MOVING = new Set(['confirmed', 'verifying', 'processing']);

/** A transaction as the lookup returns it. */
export function transactionView(record: TransactionRecord): Transaction {
  const view: Transaction = {
    id: record.id,
    type: record.type,
    transactions: record.entries,
    fees: record.fees,
    status: publicTransactionStatus(record.internalStatus),
    error: record.error,
  };
  if (record.foreignId !== undefined) view.foreign_id = record.foreignId;
  if (record.endUserReference !== undefined) view.end_user_reference = record.endUserReference;
  if (record.cryptoAddress) view.crypto_address = record.cryptoAddress;
  if (MOVING.has(record.internalStatus)) {
    if (record.sent) view.currency_sent = record.sent;
    if (record.received) view.currency_received = record.received;
  }
  return view;
}
