/**
 * Registers `<crypto-pay-payment-panel>`, and brings what the views from the pay step on need and
 * the first paint leaves out: English's messages for them (this panel's, a checkout's end, the tab
 * that defers to another), how a checkout's end reads (`endingOf`) and the end views' payment
 * reference (`<crypto-pay-payment-reference>`).
 */
import { registerLaterEnglish } from '../../localize/localize.ts';
import enLater from '../../localize/translations/en-later.ts';
import PaymentPanel from './payment-panel.component.ts';

// The views after the pay step (rendered by <crypto-pay>) take their sentences from here.
export { endingOf } from '../crypto-pay/ending-sentences.ts';
export { referenceView } from '../payment-reference/payment-reference.ts';
export { PaymentPanel };

registerLaterEnglish(enLater);

if (!customElements.get('crypto-pay-payment-panel')) {
  customElements.define('crypto-pay-payment-panel', PaymentPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-payment-panel': PaymentPanel;
  }
}
