/** The customer's payment reference on the end views: the checkout id to quote, and its copy. */
import { groupReference } from '@crypto-pay/protocol/reference';
import { html, LitElement, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { LaterMessages } from '../../localize/translation.ts';
import enLater from '../../localize/translations/en-later.ts';
import controls from '../../styles/controls.styles.ts';
import { copyText } from '../../utilities/clipboard.ts';
import styles from './payment-reference.styles.ts';

/** The messages the reference shows. */
export type ReferenceMessages = Pick<
  LaterMessages,
  'paymentReference' | 'referenceHint' | 'copyReference' | 'referenceCopied' | 'referenceCopyFailed'
>;

/**
 * @summary The payment's reference, for the customer to quote to the shop: the checkout id in
 * groups of four (to read over the phone), in monospace, and a button that copies the id itself.
 *
 * @csspart reference - The whole reference.
 * @csspart reference-value - The grouped reference.
 * @csspart reference-copy-button - The button that copies it.
 */
export default class PaymentReference extends LitElement {
  static override styles = [controls, styles];

  /** The terms to show. */
  @property({ attribute: false }) t: ReferenceMessages = enLater;
  /** The checkout id: shown grouped, copied whole. */
  @property() reference = '';

  @state() private copyResult: 'copied' | 'failed' | '' = '';
  @query('.value') private value!: HTMLElement;

  private async copy(): Promise<void> {
    if (await copyText(this.reference)) {
      this.copyResult = 'copied';
      return;
    }
    // No clipboard: the reference selected, for the customer to copy (spaces do no harm).
    this.copyResult = 'failed';
    getSelection()?.selectAllChildren(this.value);
  }

  override render() {
    const { t, reference } = this;
    if (!reference) return nothing;
    return html`
      <div part="reference" class="reference">
        <dl>
          <dt>${t.paymentReference}</dt>
          <!-- translate="no": a page translator must not change a character of it. -->
          <dd><code part="reference-value" class="value" dir="ltr" translate="no"
            >${groupReference(reference)}</code></dd>
        </dl>
        <p class="hint">${t.referenceHint}</p>
        <button part="reference-copy-button" type="button" @click=${() => this.copy()}>
          ${t.copyReference}
        </button>
        <p class=${this.copyResult === 'failed' ? 'error' : 'hint'} role="status">
          ${
            this.copyResult === 'copied'
              ? t.referenceCopied
              : this.copyResult === 'failed'
                ? t.referenceCopyFailed
                : ''
          }
        </p>
      </div>
    `;
  }
}
