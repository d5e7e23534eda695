/**
 * The page hears each status of a checkout; at its end, how it ended (and may say no), and the
 * customer is sent to the shop's matching address, unless that is the page they are on.
 */
import { type Checkout, FINAL_STATUSES, isWebAddress } from '../../api/proxy-api.ts';
import { CryptoPayFailureEvent } from '../../events/failure.ts';
import { CryptoPaySuccessEvent } from '../../events/success.ts';
import { forgetCheckoutId } from '../../utilities/checkout-storage.ts';
import { type PriceHost, storageKeyOf } from './checkout-price.ts';

/** What ending reads from the element: its result addresses. */
export type CheckoutEndHost = HTMLElement & {
  successUrl: string | undefined;
  failedUrl: string | undefined;
};

/**
 * A checkout read (created, found again or followed) after `previous`: the page hears of an
 * ending. Answers where an ending seen here sends the customer, if anywhere.
 */
export function statusRead(
  host: CheckoutEndHost & PriceHost,
  previous: Checkout | undefined,
  checkout: Checkout,
): string | undefined {
  // The page heard the status already (`crypto-pay-status`, sent at once by the flow).
  if (previous?.id === checkout.id && previous.status === checkout.status) return undefined;
  // Leave the page only for an ending seen here: a result page that resumes a finished
  // checkout must stay, or it would send the customer to itself again and again.
  const seenOpen = previous?.id === checkout.id && !FINAL_STATUSES.includes(previous.status);
  if (!FINAL_STATUSES.includes(checkout.status)) return undefined;
  forgetCheckoutId(storageKeyOf(host));
  return endCheckout(host, checkout, seenOpen);
}

/**
 * Tells the page that `checkout` ended, and answers where the customer goes now: the matching
 * address, or `undefined` to stay (the page said no, there is none, it is this page, or `leave`
 * is false).
 */
function endCheckout(
  host: CheckoutEndHost,
  checkout: Checkout,
  leave: boolean,
): string | undefined {
  const { id, status } = checkout;
  const paid = status === 'paid';
  // dispatchEvent answers false when the page called preventDefault().
  const proceed = paid
    ? host.dispatchEvent(new CryptoPaySuccessEvent({ id, status: 'paid' }))
    : host.dispatchEvent(new CryptoPayFailureEvent({ id, status: status as 'failed' | 'expired' }));
  const address = endAddress(host, checkout);
  return leave && proceed ? address : undefined;
}

/**
 * The shop's address for how `checkout` ended (the element's, else the proxy's), `checkout=<id>`
 * added; `undefined` when there is none or it is this page. Also the failure view's "Back to the
 * shop".
 */
export function endAddress(host: CheckoutEndHost, checkout: Checkout): string | undefined {
  const target =
    checkout.status === 'paid'
      ? (host.successUrl ?? checkout.success_url)
      : (host.failedUrl ?? checkout.failed_url);
  const address = target && resultAddress(target, checkout.id);
  return address && goesElsewhere(address) ? address : undefined;
}

/**
 * Whether to go to a result address: only a web address (the proxy's could be anything if it
 * were compromised; `javascript:` would run), and not the page the element is on, which saw
 * the ending already (going to itself would only load it again). Pages differ by anything but
 * the checkout id: `?route=checkout/success` and `#/success` are pages of their own.
 */
function goesElsewhere(address: string): boolean {
  const withoutId = (href: string) => {
    const url = new URL(href);
    url.searchParams.delete('checkout');
    return url.href;
  };
  return isWebAddress(address) && withoutId(address) !== withoutId(location.href);
}

/**
 * The shop's result page, told which checkout to resume (`?checkout=<id>`) so it can show the
 * status the proxy verified. The id is unguessable and carries no status or personal data.
 */
function resultAddress(target: string, checkoutId: string): string {
  const url = new URL(target, document.baseURI);
  url.searchParams.set('checkout', checkoutId);
  return url.href;
}
