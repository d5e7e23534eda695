// What the result pages say above the widget, from the status the shop's back end read from the
// proxy (never from the page's address). The note is the widget's own end sentences for that
// checkout (`endingOf`, as the dashboard shows them), so a change of the widget's words cannot
// leave the page beside it contradicting it; the headings are the shop's.
import { endingOf, enLater } from '@crypto-pay/widget/customer-wording';

/** An id the proxy does not know, or no id at all: no payment to thank anyone for. */
export const NOT_FOUND = {
  heading: 'We could not find this payment.',
  note: 'Check the link you followed, or go back to the shop and start again.',
};

/** The shop's back end could not read the status: nothing is said about the payment itself. */
export const CANNOT_CHECK = {
  heading: 'We cannot check your payment right now',
  note: "We can't check your payment right now. If you have paid, it is safe: this page updates as soon as we can check again.",
};

/**
 * The tab that started the checkout shows its result (the widget gave way, its heading saying
 * "Continue in your other tab" below): this page names no result of its own, nor repeats that.
 */
export const ELSEWHERE = { heading: 'Your payment', note: '' };

/** The shop's heading for a final checkout; how a failed one failed is in the widget's note. */
const HEADINGS = {
  paid: 'Thank you for your order',
  expired: 'Your payment time ran out',
  failed: 'Your payment did not go through',
  late: 'Your payment was not confirmed in time',
};

/**
 * The heading and note for a checkout `{status, status_detail?, refund_instructions?}` as the
 * back end verified it.
 */
export function resultWords(checkout) {
  const { status, status_detail: detail } = checkout;
  if (status === 'created' || status === 'processing') {
    // Back before the payment ended: the widget below follows it, and so does this page.
    return {
      heading: 'Your payment is not complete yet',
      note: `${status === 'created' ? enLater.statusCreated : enLater.statusProcessing} This page updates as soon as it arrives.`,
    };
  }
  const { message, money } = endingOf(checkout, enLater);
  // Nothing was taken: trying again is the right advice, and the shop's to give.
  const shop = status === 'expired' ? 'You can go back to the shop and try again.' : '';
  return {
    heading: (status === 'failed' && HEADINGS[detail]) || HEADINGS[status],
    note: [message, money, shop].filter(Boolean).join(' '),
  };
}
