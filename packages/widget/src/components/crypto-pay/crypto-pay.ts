/** Registers `<crypto-pay>`. */
import CryptoPay from './crypto-pay.component.ts';

export { CryptoPay };

if (!customElements.get('crypto-pay')) {
  customElements.define('crypto-pay', CryptoPay);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay': CryptoPay;
  }
}
