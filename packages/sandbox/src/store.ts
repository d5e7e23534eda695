/**
 * The sandbox's state, in memory: payment requests, invoices, withdrawals, transactions,
 * balances, the merchant's switches, faults and callback attempts. Records keep no sender
 * or receiver data: the sandbox checks it and forgets it, as the proxy does.
 */

import type {
  CreatePaymentRequest,
  InvoiceStatus,
  PaymentRequestStatus,
  TransactionEntry,
} from '@crypto-pay/protocol';
import { CURRENCIES, type Currency } from './currencies.ts';

export interface PaymentRequestRecord {
  id: string;
  createdAt: number;
  amount: string;
  currency: Currency;
  userFeePercent: 0 | 100;
  status: PaymentRequestStatus;
  /** Expiry, Unix seconds by the sandbox clock. */
  lifeTime: number;
  /** `payment_currency` as the merchant gave it, echoed in the response. */
  paymentCurrencyGiven: CreatePaymentRequest['payment_currency'];
  /** Currencies the customer may pay with (one when the merchant forced it). */
  payWithOptions: Currency[];
  endUserEmail: string | undefined;
  endUserReference: string;
  description: string | undefined;
  foreignId: string | undefined;
  urlStore: string | undefined;
  urlSuccess: string | undefined;
  urlFailed: string | undefined;
  /** Set once the customer picks a currency (status `processing`). */
  payment: {
    currency: Currency;
    amount: string;
    address: string;
    fixedAt: number;
    validUntil: number;
    sent: string | null;
  } | null;
  transactionId: number | null;
}

export type SandboxInvoiceStatus = InvoiceStatus | 'cancelled';

export interface InvoiceRecord {
  id: number;
  createdAt: number;
  foreignId: string;
  endUserReference: string;
  title: string;
  status: SandboxInvoiceStatus;
  currency: Currency;
  amount: string;
  timer: boolean;
  type: 'fill_or_kill' | 'good_until_expired';
  description: string | undefined;
  urlSuccess: string;
  urlFailed: string;
  emailUser: string;
  /** `sender_currency` of the request: fixed at once with a timer, else when the customer pays. */
  requestedSenderCurrency: Currency | null;
  senderCurrency: Currency | null;
  senderAmount: string | null;
  address: string | null;
  fixedAt: number | null;
  releaseAt: number | null;
  transactionId: number | null;
}

export type WithdrawalStatus = 'processing' | 'confirmed' | 'cancelled';

export interface WithdrawalRecord {
  id: number;
  createdAt: number;
  foreignId: string;
  endUserReference: string;
  status: WithdrawalStatus;
  sender: Currency;
  receiver: Currency;
  amount: string;
  fee: string;
  senderAmount: string;
  receiverAmount: string;
  address: string;
  tag: string | null;
  transactionId: number;
}

export interface TransactionRecord {
  id: number;
  /** Transactions of another merchant exist too; a lookup never shows them. */
  owner: 'merchant' | 'other';
  type: 'deposit' | 'withdrawal';
  /** Internal status; the lookup maps it with the spec's table. */
  internalStatus: string;
  foreignId: string | undefined;
  endUserReference: string | undefined;
  entries: TransactionEntry[];
  fees: { type: string; currency: string; amount: string }[];
  cryptoAddress:
    | { id: number; currency: string; address: string; foreign_id: string; tag: string | null }
    | undefined;
  sent: { currency: string; amount: string } | undefined;
  received: { currency: string; amount: string; amount_minus_fee: string } | undefined;
  error: string | null;
}

export interface CallbackAttempt {
  delivery_id: number;
  attempt: number;
  type: string;
  url: string | null;
  body: string;
  /** HTTP status of the merchant's answer; null when no answer came. */
  response_status: number | null;
  error: string | null;
  at: string;
  /** True when no further attempt of this delivery will follow. */
  final: boolean;
  /** True when the `drop_callbacks` fault kept the attempt from being sent. */
  dropped: boolean;
}

export interface Faults {
  latencyMs: number;
  failNext: number;
  status: 500 | 502 | 503;
  dropConnection: boolean;
  /** Every callback is recorded as dropped instead of being sent (a firewall in front of it). */
  dropCallbacks: boolean;
}

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  failNext: 0,
  status: 500,
  dropConnection: false,
  dropCallbacks: false,
};

export interface SandboxStore {
  paymentRequests: Map<string, PaymentRequestRecord>;
  /** Payment request ids by foreign_id, for the uniqueness rule. */
  paymentRequestForeignIds: Map<string, string>;
  invoices: Map<string, InvoiceRecord>;
  withdrawals: Map<number, WithdrawalRecord>;
  withdrawalForeignIds: Set<string>;
  transactions: Map<number, TransactionRecord>;
  balances: Map<string, string>;
  callbacks: CallbackAttempt[];
  merchant: { clientEnabled: boolean; merchantEnabled: boolean; callbackUrl: string | null };
  faults: Faults;
  nextId(kind: 'invoice' | 'withdrawal' | 'transaction' | 'delivery' | 'address'): number;
}

/** A fresh store: seeded balances and one transaction that belongs to another merchant. */
export function createStore(callbackUrl: string | null): SandboxStore {
  const counters = { invoice: 100, withdrawal: 500, transaction: 1000, delivery: 0, address: 300 };
  const store: SandboxStore = {
    paymentRequests: new Map(),
    paymentRequestForeignIds: new Map(),
    invoices: new Map(),
    withdrawals: new Map(),
    withdrawalForeignIds: new Set(),
    transactions: new Map(),
    balances: new Map(CURRENCIES.map((currency) => [currency.code, currency.seedBalance])),
    callbacks: [],
    merchant: { clientEnabled: true, merchantEnabled: true, callbackUrl },
    faults: { ...NO_FAULTS },
    nextId: (kind) => {
      counters[kind] += 1;
      return counters[kind];
    },
  };
  store.transactions.set(1, {
    id: 1,
    owner: 'other',
    type: 'deposit',
    internalStatus: 'confirmed',
    foreignId: 'another-merchants-deposit',
    endUserReference: undefined,
    entries: [],
    fees: [],
    cryptoAddress: undefined,
    sent: undefined,
    received: undefined,
    error: null,
  });
  return store;
}

/** Newest first, as the control API lists records. */
export function newestFirst<T extends { createdAt: number }>(records: Iterable<T>): T[] {
  return [...records].reverse();
}
