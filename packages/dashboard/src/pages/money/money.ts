/**
 * `<cp-money>`: the Money page: balances, invoices, withdrawals (each its own element). The
 * address `?amount=&currency=` prefills the withdrawal; a payment page's "Send … back" adds
 * `refund_of=` (the checkout) and `reference=` (the foreign_id derived from it).
 */
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { strings } from '../../strings.ts';
import { shared, tokens } from '../../styles.ts';
import type { Account } from '../../types.ts';
import './balances.ts';
import './invoices.ts';
import './withdrawals.ts';

@customElement('cp-money')
export class Money extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  @property({ attribute: false }) search = new URLSearchParams();

  override render() {
    return html`<h1>${strings.money.heading}</h1>
      <cp-balances></cp-balances>
      <cp-invoices .account=${this.account}></cp-invoices>
      <cp-withdrawals .account=${this.account} .prefill=${this.search}></cp-withdrawals>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-money': Money;
  }
}
