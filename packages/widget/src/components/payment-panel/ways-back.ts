/**
 * The pay step's ways back, under the panel: "Choose another currency" (the form as the customer
 * left it; Continue makes a new checkout) and "Cancel payment" (an empty start, and
 * `crypto-pay-cancel`). Both forget the checkout, so a reload does not bring it back; its payment
 * request stays open upstream (the spec has no way to cancel one) and, paid anyway, still
 * reaches the merchant. In the pay step's chunk, out of the first paint.
 */
import { html, nothing } from 'lit';
import type { Checkout } from '../../api/proxy-api.ts';
import { CryptoPayCancelEvent } from '../../events/cancel.ts';
import type { Translation } from '../../localize/translation.ts';
import { forgetCheckoutId } from '../../utilities/checkout-storage.ts';
import { type PriceHost, storageKeyOf } from '../crypto-pay/checkout-price.ts';
import { resultView } from '../result-view/result-view.ts';

/** What the pay step reads of the flow and acts on. */
export interface PayFlow {
  checkout: Checkout | undefined;
  trouble: boolean;
  priced: boolean;
  checkNow(): void;
  giveWay(): void;
  forgetPlace(): void;
}

/**
 * What the pay step reads of the element: its price (and its session's), its mode (whether the
 * payment page opens in this tab), and its renders.
 */
export type PayHost = PriceHost &
  HTMLElement & {
    readonly mode: 'link' | 'redirect';
    readonly updateComplete: Promise<boolean>;
    requestUpdate(): void;
  };

/** What the pay step is rendered with (`view-content.ts`): the flow, the element, a new start. */
export interface PayContent {
  flow: PayFlow;
  localize: { formatLocale: string };
  formUnder?: string | undefined;
  host: PayHost;
  startAgain(): void;
}

/** Elements whose customer cancelled a session's checkout: they say so, and nothing more. */
const cancelledSessions = new WeakSet<PayHost>();

/** After "Cancel payment" on a session's checkout: the session is used up, the shop makes the next. */
export const sessionCancelled = (t: Translation, host: PayHost) =>
  cancelledSessions.has(host) ? resultView('info', t.paymentCancelled) : undefined;

/** Focus on the step's heading: the button pressed is gone. */
async function focusHeading(host: PayHost) {
  await host.updateComplete;
  host.shadowRoot?.querySelector<HTMLElement>('[part="heading"]')?.focus();
}

/**
 * Only while the checkout waits for a payment (`created`): one `processing` has a payment on its
 * way, which no way back could stop. A new checkout needs a price (a return page has only its
 * checkout), and a session is used by the checkout it made: there the customer can only cancel,
 * and is told to go back to the shop.
 */
export function waysBack(t: Translation, content: PayContent) {
  const { flow, host } = content;
  const checkout = flow.checkout;
  if (!flow.priced || checkout?.status !== 'created') return nothing;
  const cancel = async () => {
    if (host.session) {
      // Followed no more (a late payment must not take this page to the shop's success page),
      // and a reload finds it no more: the used session then says so itself.
      flow.giveWay();
      flow.forgetPlace();
      forgetCheckoutId(storageKeyOf(host));
      cancelledSessions.add(host);
      host.requestUpdate();
    } else {
      // One render without the form hidden under the pay step: the start gets an empty one.
      content.formUnder = undefined;
      host.requestUpdate();
      await host.updateComplete;
      content.startAgain();
    }
    host.dispatchEvent(new CryptoPayCancelEvent({ id: checkout.id }));
    await focusHeading(host);
  };
  return html`<div class="actions">
    ${
      host.session
        ? nothing
        : html`<button
          type="button"
          part="other-currency-button"
          @click=${async () => {
            content.startAgain();
            // Back to the currency choice, the reason for coming back (a phone's scroll saved).
            await host.updateComplete;
            const form = host.shadowRoot?.querySelector('crypto-pay-sender-form');
            await (form as { updateComplete?: Promise<boolean> } | null)?.updateComplete;
            form?.shadowRoot?.querySelector<HTMLElement>('crypto-pay-currency-picker')?.focus();
          }}
        >
          ${t.chooseAnotherCurrency}
        </button>`
    }
    <button type="button" part="cancel-button" @click=${cancel}>${t.cancelPayment}</button>
  </div>`;
}
