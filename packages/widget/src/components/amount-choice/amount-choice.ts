/** Registers `<crypto-pay-amount-choice>`; its setup comes in the same chunk. */
import AmountChoice from './amount-choice.component.ts';

export { amountChoiceOf } from './amount-choice-setup.ts';
export { AmountChoice };

if (!customElements.get('crypto-pay-amount-choice')) {
  customElements.define('crypto-pay-amount-choice', AmountChoice);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-amount-choice': AmountChoice;
  }
}
