/**
 * Registers `<crypto-pay-payment-reference>`, and how `<crypto-pay>`'s end views place it: both in
 * the payment panel's chunk, so the first paint carries neither.
 */
import { html } from 'lit';
import PaymentReference, { type ReferenceMessages } from './payment-reference.component.ts';

export { PaymentReference };

/** The reference of checkout `id` in a result view's `reference` slot, its parts passed through. */
export const referenceView = (id: string, t: ReferenceMessages) =>
  html`<crypto-pay-payment-reference
    exportparts="reference,reference-value,reference-copy-button"
    .t=${t}
    reference=${id}
  ></crypto-pay-payment-reference>`;

if (!customElements.get('crypto-pay-payment-reference')) {
  customElements.define('crypto-pay-payment-reference', PaymentReference);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-payment-reference': PaymentReference;
  }
}
