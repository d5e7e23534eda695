/** Registers `<crypto-pay-currency-picker>`. */
import CurrencyPicker from './currency-picker.component.ts';

export { CurrencyPicker };

if (!customElements.get('crypto-pay-currency-picker')) {
  customElements.define('crypto-pay-currency-picker', CurrencyPicker);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-currency-picker': CurrencyPicker;
  }
}
