/** The pay-with picker: every configured crypto currency on each of its networks, or "later". */
import { html, LitElement, nothing } from 'lit';
import type { CurrencyRef, PaymentCurrency } from '../../api/proxy-api.ts';
import type { FirstMessages } from '../../localize/translation.ts';
import en from '../../localize/translations/en.ts';
import controls from '../../styles/controls.styles.ts';
import { networkName } from '../../utilities/format.ts';
import styles from './currency-picker.styles.ts';

const keyOf = (currency: CurrencyRef | undefined) =>
  currency ? `${currency.iso}:${currency.network_name ?? ''}` : '';

/**
 * @summary A radio group of the crypto currencies the shop accepts; a token offered on two
 * networks shows both, since paying on the wrong network loses the money.
 *
 * @event currency-change - The customer picked another option (internal, not composed).
 *
 * @csspart currency-list - The group of options.
 * @csspart currency-option - One option (currency and network).
 * @csspart error - The message when the proxy refused the choice.
 */
export default class CurrencyPicker extends LitElement {
  static override styles = [controls, styles];
  static override properties = {
    t: { attribute: false },
    currencies: { attribute: false },
    value: { attribute: false },
    loading: { type: Boolean },
    error: { attribute: false },
  };

  /** The terms to show. */
  t: FirstMessages = en;
  /** The currencies from the proxy's configuration. */
  currencies: PaymentCurrency[] = [];
  /** The chosen currency; `undefined` leaves the choice to the payment page. */
  value: CurrencyRef | undefined = undefined;
  /** The currencies are on their way: a placeholder row, nothing to focus or choose yet. */
  loading = false;
  /** A message about the choice (from the proxy), shown under the group. */
  error = '';

  /** Focuses the checked option, for a message that lands here. */
  override focus(): void {
    this.renderRoot.querySelector<HTMLInputElement>('input:checked')?.focus();
  }

  private choose(currency: CurrencyRef | undefined): void {
    this.value = currency;
    this.dispatchEvent(new Event('currency-change'));
  }

  private option(key: string, label: string, currency: CurrencyRef | undefined) {
    return html`
      <label part="currency-option" class="choice">
        <input
          type="radio"
          name="payment-currency"
          .value=${key}
          .checked=${keyOf(this.value) === key}
          aria-invalid=${this.error ? 'true' : 'false'}
          aria-describedby=${this.error ? 'currency-error' : nothing}
          @change=${() => this.choose(currency)}
        />
        <span>${label}</span>
      </label>
    `;
  }

  override render() {
    const t = this.t;
    return html`
      <fieldset
        part="currency-list"
        aria-describedby=${this.error ? 'currency-error' : nothing}
      >
        <legend>${t.payWithLegend}</legend>
        ${
          this.loading
            ? html`<span class="placeholder" aria-hidden="true"></span>`
            : this.currencies.map(({ iso, network_name }) =>
                this.option(
                  keyOf({ iso, network_name }),
                  // A code the proxy cannot map comes without a network: its code alone, as the panel.
                  network_name === undefined
                    ? iso
                    : t.currencyOnNetwork(iso, networkName(network_name)),
                  {
                    iso,
                    network_name,
                  },
                ),
              )
        }
        ${this.loading ? '' : this.option('', t.payWithLater, undefined)}
        ${this.error ? html`<p id="currency-error" class="error" part="error">${this.error}</p>` : ''}
      </fieldset>
    `;
  }
}
