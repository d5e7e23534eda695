/**
 * Request inputs (from the test kit's builders, with the client's own values) and service
 * answers, shaped as the spec writes them, shared by the tests.
 */

import type {
  CreateInvoiceRequest,
  CreatePaymentRequest,
  CreateWithdrawalRequest,
} from '@crypto-pay/protocol';
import {
  createdInvoice,
  invoice,
  paymentRequest,
  withdrawal,
} from '@crypto-pay/test-kit/processing-requests';
import { LEGAL_SENDER } from '@crypto-pay/test-kit/senders';

export const paymentRequestInput = paymentRequest({
  amount: '100.00',
  foreign_id: 'order-1',
  url_success: 'https://shop.example/ok',
}) as CreatePaymentRequest;

export const paymentRequestAnswer = {
  data: {
    id: 'pr_1',
    amount: '100.00',
    currency: { iso: 'EUR' },
    user_fee_percent: 0,
    status: 'created',
    life_time: '1767225600',
    payment_link: 'https://pay.example/pr_1',
    foreign_id: 'order-1',
    url_success: 'https://shop.example/ok',
  },
};

export const balancesAnswer = {
  data: [
    { currency: 'BTC', type: 'crypto', balance: '0.12345678' },
    { currency: 'EUR', type: 'fiat', balance: '0.00' },
  ],
};

export const currenciesAnswer = {
  data: [
    {
      id: 1,
      type: 'crypto',
      currency: 'BTC',
      minimum_amount: '0.0001',
      minimum_withdrawal_amount: '0.0002',
      deposit_confirmations: 2,
      deposit_fee_percent: '0.010000',
      withdrawal_fee_percent: '0.000000',
      precision: 8,
    },
  ],
};

export function invoiceInput(amount: string): CreateInvoiceRequest {
  return invoice({
    timer: true,
    title: 'Order 1',
    currency: 'BTC',
    amount,
    url_success: 'https://shop.example/ok',
    url_failed: 'https://shop.example/failed',
  }) as CreateInvoiceRequest;
}

export const invoiceAnswer = { data: createdInvoice };

export const withdrawalInput = withdrawal({
  amount: '0.50000000',
  address: 'bc1qexampleaddress',
  foreign_id: 'withdrawal-1',
  ...LEGAL_SENDER,
}) as CreateWithdrawalRequest;

export const withdrawalAnswer = {
  data: {
    id: 9,
    foreign_id: 'withdrawal-1',
    end_user_reference: 'customer-1',
    type: 'withdrawal',
    status: 'processing',
    amount: '0.50000000',
    sender_amount: '0.50000000',
    sender_currency: 'BTC',
    receiver_currency: 'BTC',
    receiver_amount: '0.49990000',
  },
};

export const transactionAnswer = {
  id: 42,
  type: 'deposit',
  transactions: [
    {
      transaction_type: 'blockchain',
      id: 1,
      currency: 'BTC',
      type: 'deposit',
      address: 'bc1qexampleaddress',
      tag: null,
      amount: '0.01000000',
      txid: 'f00dcafe',
      riskscore: '0.1',
      confirmations: 3,
    },
  ],
  fees: [{ type: 'deposit', currency: 'BTC', amount: '0.00010000' }],
  status: 'confirmed',
  foreign_id: '123456',
};
