/** `crypto-pay-failure`: the checkout failed or expired. Cancel it to stay on the page instead of going to the failure address. */

export interface CryptoPayFailureDetail {
  id: string;
  status: 'failed' | 'expired';
}

export class CryptoPayFailureEvent extends CustomEvent<CryptoPayFailureDetail> {
  constructor(detail: CryptoPayFailureDetail) {
    super('crypto-pay-failure', { detail, bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-failure': CryptoPayFailureEvent;
  }
}
