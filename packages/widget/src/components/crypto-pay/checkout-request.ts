/**
 * The request that creates a checkout, made of the element's price, the shop's result addresses
 * and the customer's details; and the field of the form that a refusal of it names.
 */
import { type CheckoutRequest, ProxyError } from '../../api/proxy-api.ts';
import { type DetailsSubmit, formFieldOf } from '../sender-form/form-fields.ts';
import { offersAmountChoice, type PriceHost, requestPrice } from './checkout-price.ts';

/** What the request reads from the element: its price and the shop's result addresses. */
export type CheckoutRequestHost = PriceHost & {
  successUrl: string | undefined;
  failedUrl: string | undefined;
};

/** The request the element's price and the customer's `details` make. */
export function checkoutRequest(
  host: CheckoutRequestHost,
  details: DetailsSubmit,
): CheckoutRequest {
  const { successUrl, failedUrl } = host;
  return {
    ...requestPrice(host),
    ...(details.amount ? { amount: details.amount } : {}),
    ...(details.paymentCurrency ? { payment_currency: details.paymentCurrency } : {}),
    sender_type: details.senderType,
    sender_data: details.senderData,
    ...(details.email ? { end_user_email: details.email } : {}),
    ...(successUrl ? { success_url: successUrl } : {}),
    ...(failedUrl ? { failed_url: failedUrl } : {}),
  };
}

/** The form field a proxy error names, if any (the amount where the form offers it). */
export function refusedField(host: PriceHost, error: unknown) {
  const field = error instanceof ProxyError ? error.field : undefined;
  return formFieldOf(field, offersAmountChoice(host));
}
