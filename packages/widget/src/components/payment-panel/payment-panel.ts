/**
 * Registers `<crypto-pay-payment-panel>`, and brings what the views from the pay step on need and
 * the first paint leaves out: the pay step's template (`payView`), how a checkout's end reads
 * (`endingOf`) and the end views' payment reference (`<crypto-pay-payment-reference>`). Their
 * English words are a chunk of their own (localize.ts, `laterEnglish`), which other languages
 * fetch only where their own chunk failed to load.
 */
import { html } from 'lit';
import type { Checkout } from '../../api/proxy-api.ts';
import type { Translation } from '../../localize/translation.ts';
import { sentencesOf } from '../crypto-pay/ending-sentences.ts';
import type { Ending } from '../crypto-pay/panel-part.ts';
import { referenceView } from '../payment-reference/payment-reference.ts';
import PaymentPanel from './payment-panel.component.ts';
import { type PayContent, sessionCancelled, waysBack } from './ways-back.ts';

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

/** The pay step as <crypto-pay> shows it once this chunk is there: the panel, and its status said. */
export function payView(t: Translation, content: PayContent) {
  const { flow } = content;
  const { checkout } = flow;
  return (
    sessionCancelled(t, content.host) ??
    html`
    <crypto-pay-payment-panel
      exportparts=${PANEL_PARTS}
      .t=${t}
      .locale=${content.localize.formatLocale}
      .checkout=${checkout}
      ?trouble=${flow.trouble}
      ?redirect=${content.host.mode === 'redirect'}
      @check-now=${() => flow.checkNow()}
      @expiry-reached=${() => flow.checkNow()}
    ></crypto-pay-payment-panel>
    <p class="visually-hidden" role="status" aria-live="polite">
      ${
        // While the status cannot be read, the panel's own line says so: "waiting" could make
        // a customer who paid already pay again.
        flow.trouble ? '' : checkout?.status === 'processing' ? t.statusProcessing : t.statusCreated
      }
    </p>
    ${waysBack(t, content)}
  `
  );
}

if (!customElements.get('crypto-pay-payment-panel')) {
  customElements.define('crypto-pay-payment-panel', PaymentPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-payment-panel': PaymentPanel;
  }
}
