/**
 * `crypto-pay-cancel`: the customer gave up the checkout on the pay step ("Cancel"). The
 * element is back at its start; the payment request stays open upstream until it expires.
 */

export interface CryptoPayCancelDetail {
  /** The checkout given up. */
  id: string;
}

export class CryptoPayCancelEvent extends CustomEvent<CryptoPayCancelDetail> {
  constructor(detail: CryptoPayCancelDetail) {
    super('crypto-pay-cancel', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-cancel': CryptoPayCancelEvent;
  }
}
