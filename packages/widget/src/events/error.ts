/** `crypto-pay-error`: something went wrong that the customer sees as an error view. */

export interface CryptoPayErrorDetail {
  /**
   * The proxy's machine code, or the widget's: `network_error` / `invalid_response` /
   * `proxy_missing`, and for the shop's setup `origin_not_allowed` / `proxy_unreachable`.
   */
  code: string;
  message: string;
}

export class CryptoPayErrorEvent extends CustomEvent<CryptoPayErrorDetail> {
  constructor(detail: CryptoPayErrorDetail) {
    super('crypto-pay-error', { detail, bubbles: true, composed: true, cancelable: false });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'crypto-pay-error': CryptoPayErrorEvent;
  }
}
