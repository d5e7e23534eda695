/**
 * Registers `<crypto-pay-amount-choice>`; its setup comes in the same chunk, and the open
 * amount's check (loaded for any open amount, chosen by the customer or named by the page).
 */
import AmountChoice from './amount-choice.component.ts';

export { checkOpenAmount, refusalSentence } from '../../utilities/open-amount.ts';
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
