/** `crypto-pay-ready`: the element has what it needs and the customer can act. */

export class CryptoPayReadyEvent extends CustomEvent<Record<string, never>> {
  constructor(detail: Record<string, never>) {
    super('crypto-pay-ready', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-ready': CryptoPayReadyEvent;
  }
}
