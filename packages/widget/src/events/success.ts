/** `crypto-pay-success`: the checkout is paid. Cancel it to stay on the page instead of going to the success address. */

export interface CryptoPaySuccessDetail {
  id: string;
  status: 'paid';
}

export class CryptoPaySuccessEvent extends CustomEvent<CryptoPaySuccessDetail> {
  constructor(detail: CryptoPaySuccessDetail) {
    super('crypto-pay-success', { detail, bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-success': CryptoPaySuccessEvent;
  }
}
