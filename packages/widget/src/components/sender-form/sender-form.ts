/** Registers `<crypto-pay-sender-form>`. */
import SenderForm from './sender-form.component.ts';

export { SenderForm };

if (!customElements.get('crypto-pay-sender-form')) {
  customElements.define('crypto-pay-sender-form', SenderForm);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-sender-form': SenderForm;
  }
}
