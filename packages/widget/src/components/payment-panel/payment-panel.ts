/**
 * Registers `<crypto-pay-payment-panel>`, and brings what the views from the pay step on need and
 * the first paint leaves out: the pay step's template (`payView`), English's messages for them (this panel's, a checkout's end, the tab
 * that defers to another), how a checkout's end reads (`endingOf`) and the end views' payment
 * reference (`<crypto-pay-payment-reference>`).
 */
import { html, nothing } from 'lit';
import type { Checkout } from '../../api/proxy-api.ts';
import { CryptoPayCancelEvent } from '../../events/cancel.ts';
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

/** The panel's parts, passed through so `crypto-pay::part(...)` reaches them. */
const PANEL_PARTS = 'amount,pay-with,link-button,qr,link,copy-button,countdown,status';

/** What the pay step reads of the flow and acts on. */
interface PayFlow {
  checkout: Checkout | undefined;
  trouble: boolean;
  priced: boolean;
  checkNow(): void;
  startAgain(keepForm?: boolean): void;
}

/** What the pay step reads of the element: the session it was priced by, the checkout it names. */
interface PayHost extends HTMLElement {
  session: string | undefined;
  checkoutId: string | undefined;
}

/**
 * The pay step's ways back, under the panel: "Choose another currency" (the form as the customer
 * left it; Continue makes a new checkout) and "Cancel" (an empty start, and `crypto-pay-cancel`).
 * Both forget the checkout, so a reload does not bring it back; its payment request stays open
 * upstream (the spec has no way to cancel one) and, paid anyway, still reaches the merchant.
 * A new checkout needs a price (a return page has only its checkout), and a session is used by
 * the checkout it made: there the customer can only cancel.
 */
function waysBack(t: Translation, flow: PayFlow, host: PayHost) {
  const checkout = flow.checkout;
  if (!flow.priced || !checkout) return nothing;
  const leave = (keepForm: boolean) => {
    host.checkoutId = undefined;
    flow.startAgain(keepForm);
  };
  return html`<div class="actions">
    ${
      host.session
        ? nothing
        : html`<button type="button" part="other-currency-button" @click=${() => leave(true)}>
          ${t.chooseAnotherCurrency}
        </button>`
    }
    <button
      type="button"
      part="cancel-button"
      @click=${() => {
        leave(false);
        host.dispatchEvent(new CryptoPayCancelEvent({ id: checkout.id }));
      }}
    >
      ${t.cancelPayment}
    </button>
  </div>`;
}

/** The pay step as <crypto-pay> shows it once this chunk is there: the panel, and its status said. */
export function payView(t: Translation, locale: string, flow: PayFlow, host: PayHost) {
  const { checkout } = flow;
  return html`
    <crypto-pay-payment-panel
      exportparts=${PANEL_PARTS}
      .t=${t}
      .locale=${locale}
      .checkout=${checkout}
      ?trouble=${flow.trouble}
      @check-now=${() => flow.checkNow()}
      @expiry-reached=${() => flow.checkNow()}
    ></crypto-pay-payment-panel>
    <p class="visually-hidden" role="status" aria-live="polite">
      ${checkout?.status === 'processing' ? t.statusProcessing : t.statusCreated}
    </p>
    ${waysBack(t, flow, host)}
  `;
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
