/** Valid bodies of the sandbox's processing routes: the starting points of the mutations. */

import { invoiceBody } from '../support/checkouts.ts';
import { SENDER } from '../support/senders.ts';

export const paymentRequest = {
  amount: '25.00',
  currency: { iso: 'EUR' },
  life_time_duration: 3600,
  end_user_reference: 'customer-1',
  payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
  ...SENDER,
};
export const invoice = invoiceBody({ end_user_reference: 'customer-1', foreign_id: 'invoice-1' });
export const withdrawal = {
  currency: 'BTC',
  amount: 0.001,
  address: 'tb1qdestination',
  foreign_id: 'payout-1',
  end_user_reference: 'customer-1',
  ...SENDER,
  receiver_type: 'self',
};
