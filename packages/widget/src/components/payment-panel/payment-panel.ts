/**
 * Registers `<crypto-pay-payment-panel>`, and brings what the views from the pay step on need and
 * the first paint leaves out: English's messages for them (this panel's, a checkout's end, the tab
 * that defers to another), how a checkout's end reads (`endingOf`) and the end views' payment
 * reference (`<crypto-pay-payment-reference>`).
 */
import type { Checkout } from '../../api/proxy-api.ts';
import { registerLaterEnglish } from '../../localize/localize.ts';
import type { Translation } from '../../localize/translation.ts';
import enLater from '../../localize/translations/en-later.ts';
import { sentencesOf } from '../crypto-pay/ending-sentences.ts';
import type { Ending } from '../crypto-pay/panel-part.ts';
import { referenceView } from '../payment-reference/payment-reference.ts';
import PaymentPanel from './payment-panel.component.ts';

export { PaymentPanel };

/**
 * What the end views (rendered by <crypto-pay>) take from here, so the first paint has neither:
 * how `checkout` ended, and the payment reference's element for it or, when the proxy could not
 * be asked, for the checkout the page named (`named`).
 */
export function endingOf(t: Translation, checkout?: Checkout, named?: string): Ending {
  const id = checkout?.id ?? named;
  return {
    ...(checkout ? sentencesOf(checkout, t) : { message: '', money: '' }),
    ...(id ? { reference: referenceView(id, t) } : {}),
  };
}

registerLaterEnglish(enLater);

if (!customElements.get('crypto-pay-payment-panel')) {
  customElements.define('crypto-pay-payment-panel', PaymentPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-payment-panel': PaymentPanel;
  }
}
