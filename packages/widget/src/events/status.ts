/** `crypto-pay-status`: the checkout's status, first as found and then on every change. */
import type { CheckoutStatus } from '../api/proxy-api.ts';

export interface CryptoPayStatusDetail {
  id: string;
  status: CheckoutStatus;
}

export class CryptoPayStatusEvent extends CustomEvent<CryptoPayStatusDetail> {
  constructor(detail: CryptoPayStatusDetail) {
    super('crypto-pay-status', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-status': CryptoPayStatusEvent;
  }
}
