// What the result pages say above the widget, from the status the shop's back end read from the
// proxy (never from the page's address): the same story as the widget's own words for that
// outcome, so the page beside it never contradicts it.

/** An id the proxy does not know, or no id at all: no payment to thank anyone for. */
export const NOT_FOUND = {
  heading: 'We could not find this payment.',
  note: 'Check the link you followed, or go back to the shop and start again.',
};

/** The shop's back end could not read the status: nothing is said about the payment itself. */
export const CANNOT_CHECK = {
  heading: 'We cannot check your payment right now',
  note: 'If you have paid, your payment is safe. Reload this page in a moment to see its status.',
};

/** How a failed payment failed (`status_detail`), in the words the widget's end view uses. */
const FAILED = {
  underpaid: {
    heading: 'Your payment did not go through',
    note: "Less than the amount due arrived, so your order was not placed. Your payment's details say how to get your money back.",
  },
  late: {
    heading: 'Your payment was not confirmed in time',
    note: 'Your payment arrived but was not confirmed in time, so your order was not placed. Please contact the shop about the money you sent, and give them the payment reference.',
  },
};

/** The heading and note for a checkout `{status, status_detail}` as the back end verified it. */
export function resultWords({ status, status_detail: detail }) {
  switch (status) {
    case 'paid':
      return {
        heading: 'Thank you for your order',
        note: 'Your payment has arrived. We start preparing your order now.',
      };
    case 'expired':
      return {
        heading: 'Your payment time ran out',
        note: 'No payment arrived before the time ran out, so nothing was taken. You can go back to the shop and try again whenever you like.',
      };
    case 'failed':
      return (
        FAILED[detail] ?? {
          heading: 'Your payment did not go through',
          note: 'Your order was not placed. If you already sent money, please contact the shop and give them the payment reference; if not, you can go back to the shop and try again.',
        }
      );
    default:
      // Back before the payment ended (`created`, `processing`): the widget below follows it.
      return {
        heading: 'Your payment is not complete yet',
        note: 'We are still waiting for your payment. This page updates as soon as it arrives.',
      };
  }
}
