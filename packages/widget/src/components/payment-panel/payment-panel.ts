/** Registers `<crypto-pay-payment-panel>`. */
import PaymentPanel from './payment-panel.component.ts';

export { PaymentPanel };

if (!customElements.get('crypto-pay-payment-panel')) {
  customElements.define('crypto-pay-payment-panel', PaymentPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-payment-panel': PaymentPanel;
  }
}
