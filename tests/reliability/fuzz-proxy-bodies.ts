/** Valid bodies of the proxy's merchant JSON routes: the starting points of the mutations. */

import { checkoutBody } from '../support/checkouts.ts';

export const session = {
  amount: '10.00',
  currency: 'EUR',
  description: 'Order 7',
  foreign_id: 'order-7',
  expires_in: 600,
};
export const invoice = {
  end_user_reference: 'customer-7',
  timer: false,
  title: 'Order 7',
  foreign_id: 'invoice-7',
  currency: 'EUR',
  amount: 12.5,
  url_success: 'https://shop.example/ok',
  url_failed: 'https://shop.example/ko',
  email_user: 'zebulonia.quixotewright@example.org',
  ...checkoutBody(),
};
export const withdrawal = {
  currency: 'BTC',
  amount: 0.001,
  address: 'tb1qdestination',
  foreign_id: 'payout-7',
  end_user_reference: 'customer-7',
  sender_type: 'natural',
  sender_data: checkoutBody().sender_data,
  receiver_type: 'self',
};
