/** `crypto-pay-created`: the checkout exists; its payment link is known. */

export interface CryptoPayCreatedDetail {
  id: string;
  payment_link: string;
}

export class CryptoPayCreatedEvent extends CustomEvent<CryptoPayCreatedDetail> {
  constructor(detail: CryptoPayCreatedDetail) {
    super('crypto-pay-created', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-created': CryptoPayCreatedEvent;
  }
}
