/**
 * The shop's result addresses as the service receives them: the checkout's success or failed
 * URL with `checkout=<id>` added, so the shop's result page knows which checkout to resume
 * after the hosted payment page. The service accepts at most 255 characters there.
 */

import { CHECKOUT_ID_LENGTH } from './identity.ts';

/** The service's limit on `url_success` and `url_failed`. */
export const MAX_RESULT_URL_LENGTH = 255;

/** `url` with `checkout=<checkoutId>` in its query; other parameters and the fragment stay. */
export function withCheckoutId(url: string, checkoutId: string): string {
  const address = new URL(url);
  address.searchParams.set('checkout', checkoutId);
  return address.href;
}

/**
 * Whether `url` stays within the service's limit once a checkout id is added. Ids have a fixed
 * length, so one stand-in id decides it. An unparsable URL is left to the URL checks.
 */
export function fitsCheckoutId(url: string): boolean {
  if (!URL.canParse(url)) return true;
  return withCheckoutId(url, 'x'.repeat(CHECKOUT_ID_LENGTH)).length <= MAX_RESULT_URL_LENGTH;
}

/** Why a result address was refused: `name` is the field or variable that holds it. */
export const tooLongForCheckoutId = (name: string) =>
  `The ${name} is too long: with the checkout id added it would pass the ${MAX_RESULT_URL_LENGTH} characters the processing service accepts.`;
