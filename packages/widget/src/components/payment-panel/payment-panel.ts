/**
 * Registers `<crypto-pay-payment-panel>`, and brings what the views from the pay step on need and
 * the first paint leaves out: English's messages for them (this panel's, a checkout's end, the tab
 * that defers to another), how a checkout's end reads (`endingOf`) and the end views' payment
 * reference (`<crypto-pay-payment-reference>`).
 */
import type { Checkout } from '../../api/proxy-api.ts';
import { registerLaterEnglish } from '../../localize/localize.ts';
import type { LaterMessages } from '../../localize/translation.ts';
import enLater from '../../localize/translations/en-later.ts';
import { sentencesOf } from '../crypto-pay/ending-sentences.ts';
import { referenceView } from '../payment-reference/payment-reference.ts';
import PaymentPanel from './payment-panel.component.ts';

export { PaymentPanel };

/**
 * How a checkout's end reads, for the views after the pay step (rendered by <crypto-pay>): its
 * sentences and the payment reference's element, both from here so the first paint has neither.
 */
export const endingOf = (checkout: Checkout, t: LaterMessages) => ({
  ...sentencesOf(checkout, t),
  reference: referenceView(checkout.id, t),
});

registerLaterEnglish(enLater);

if (!customElements.get('crypto-pay-payment-panel')) {
  customElements.define('crypto-pay-payment-panel', PaymentPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-payment-panel': PaymentPanel;
  }
}
