/** Valid bodies of the proxy's merchant JSON routes: the starting points of the mutations. */

import { invoiceBody } from '@crypto-pay/test-kit/checkouts';
import { SENDER } from '@crypto-pay/test-kit/senders';

export const session = {
  amount: '10.00',
  currency: 'EUR',
  description: 'Order 7',
  foreign_id: 'order-7',
  expires_in: 600,
};
export const invoice = invoiceBody();
export const withdrawal = {
  currency: 'BTC',
  amount: 0.001,
  address: 'tb1qdestination',
  foreign_id: 'payout-7',
  end_user_reference: 'customer-7',
  ...SENDER,
  receiver_type: 'self',
};
/** A loopback address that answers nothing: an endpoint a fuzzed create makes sends nowhere. */
export const webhookEndpoint = {
  url: 'http://127.0.0.1:0/hooks',
  event_types: ['checkout.paid', 'invoice.confirmed'],
};
