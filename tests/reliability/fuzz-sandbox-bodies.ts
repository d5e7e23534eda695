/** Valid bodies of the sandbox's processing routes: the starting points of the mutations. */

import { invoiceBody } from '@crypto-pay/test-kit/checkouts';
import {
  paymentRequest as paymentRequestBody,
  withdrawalRequest,
} from '@crypto-pay/test-kit/processing-requests';

export const paymentRequest = paymentRequestBody({
  payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
});
export const invoice = invoiceBody({ end_user_reference: 'customer-1', foreign_id: 'invoice-1' });
/** As an object (its amount a plain number), for the mutations to take apart. */
export const withdrawal = JSON.parse(withdrawalRequest({}, '0.001')) as Record<string, unknown>;
