/**
 * `crypto-pay-elsewhere`: the tab that started the checkout shows its result, so this one gave
 * way. It follows the checkout no more, tells the customer to continue in that tab, and closes
 * where the browser lets it (a tab the payment link opened). A page showing its own words beside
 * the element (a result page's heading) hears here that the element no longer shows the result.
 */

export interface CryptoPayElsewhereDetail {
  /** The checkout whose result the other tab shows. */
  id: string;
}

export class CryptoPayElsewhereEvent extends CustomEvent<CryptoPayElsewhereDetail> {
  constructor(detail: CryptoPayElsewhereDetail) {
    super('crypto-pay-elsewhere', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-elsewhere': CryptoPayElsewhereEvent;
  }
}
