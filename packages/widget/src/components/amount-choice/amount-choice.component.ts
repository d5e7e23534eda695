/** The customer's own amount (donations): the merchant's presets, or another amount typed in. */
import { html, LitElement, nothing } from 'lit';
import type { FirstMessages } from '../../localize/translation.ts';
import en from '../../localize/translations/en.ts';
import controls from '../../styles/controls.styles.ts';
import { formatAmount } from '../../utilities/format.ts';
import type { OpenAmountCheck } from '../../utilities/open-amount.ts';
import styles from './amount-choice.styles.ts';
import type { AmountChoiceSetup } from './amount-choice-setup.ts';

/**
 * @summary A radio group of the merchant's preset amounts and an "other amount" field, held to
 * the proxy's open-amount rules as the customer types: the bounds, the decimals, the currency.
 * A preset the rules refuse is left out.
 *
 * @event amount-change - The customer chose or typed another amount (internal, not composed).
 *
 * @csspart amount-presets - The group of preset amounts.
 * @csspart amount-preset - One preset amount.
 * @csspart field - The other amount's label, input and messages.
 * @csspart label - The other amount's label.
 * @csspart input - The other amount's input.
 * @csspart hint - The bounds, under the label.
 * @csspart error - The message about the amount.
 */
export default class AmountChoice extends LitElement {
  static override styles = [controls, styles];
  static override properties = {
    t: { attribute: false },
    setup: {
      attribute: false,
      hasChanged: (value: unknown, old: unknown) => JSON.stringify(value) !== JSON.stringify(old),
    },
    refusal: { attribute: false },
    preset: { state: true },
    text: { state: true },
    shown: { state: true },
  };

  /** The terms to show. */
  t: FirstMessages = en;
  /** The rules, presets and first amount; the choice starts again only when they change. */
  setup: AmountChoiceSetup | undefined = undefined;
  /** The proxy's refusal of the amount sent, shown until the customer changes the amount. */
  refusal = '';

  /** The chosen preset as the proxy charges it, or `undefined` for the field's amount. */
  private preset: string | undefined;
  private text = '';
  /** Whether the field's message shows: once typed into, or once the form was submitted. */
  private shown = false;
  /** The presets the rules accept, as the proxy charges them (`5` is `5.00`), once per setup. */
  private presets: string[] = [];

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (!changed.has('setup') || !this.setup) return;
    this.presets = this.setup.presets.flatMap((preset) => {
      const check = this.check(preset);
      return check && 'accepted' in check ? [check.accepted] : [];
    });
    const initial = this.setup.initial.trim();
    const check = this.check(initial);
    // Both in the bounds' places, so the same amount is the same text (`20` and `20.00`).
    this.preset = this.presets.find(
      (preset) => check && 'accepted' in check && preset === check.accepted,
    );
    this.text = this.preset ? '' : initial;
    // The page's own amount, if refused, says why at once.
    this.shown = initial !== '';
  }

  private check(text: string) {
    const setup = this.setup;
    return setup?.check(setup.open, text, setup.currency);
  }

  /** The chosen amount as the proxy will charge it, or `undefined` while there is none. */
  get amount(): string | undefined {
    // A refused amount stays refused until the customer changes it.
    if (this.refusal) return undefined;
    if (this.preset) return this.preset;
    const check = this.check(this.text);
    return check && 'accepted' in check ? check.accepted : undefined;
  }

  /** What is wrong with the amount, in the customer's words; empty when nothing is. */
  private message(): string {
    if (this.refusal) return this.refusal;
    if (this.preset) return '';
    const check = this.check(this.text);
    if (!check || 'accepted' in check) return '';
    // Nothing chosen or typed: the bounds say what to do.
    return this.sentence(this.text.trim() ? check : undefined);
  }

  /** The bounds in a sentence, or why the rules refuse an amount. */
  private sentence(check: OpenAmountCheck = { refused: 'range', message: '' }): string {
    const { t, setup } = this;
    return setup ? setup.sentence(check, setup.open, setup.currency, t) : '';
  }

  /** For the form's submit: shows the message, if any, and says whether the amount is good. */
  report(): boolean {
    this.shown = true;
    return this.amount !== undefined;
  }

  /** Focuses the chosen preset, else the field: where a message about the amount leads. */
  override focus(): void {
    this.renderRoot.querySelector<HTMLElement>('input:checked, #other-amount')?.focus();
  }

  private change(preset: string | undefined, text: string): void {
    this.preset = preset;
    this.text = text;
    this.dispatchEvent(new Event('amount-change'));
  }

  override render() {
    const { t, setup } = this;
    if (!setup) return nothing;
    const { presets } = this;
    const message = this.shown ? this.message() : '';
    const bounds = this.sentence();
    // Outside the bounds, the hint turns into the message: one sentence, not the same twice.
    const hint = message === bounds ? '' : bounds;
    // A refused preset's message belongs to the presets, not to a field the customer left empty.
    const aboutField = message && this.preset === undefined;
    const describedBy = [hint && 'other-amount-hint', aboutField && 'other-amount-error']
      .filter(Boolean)
      .join(' ');
    return html`
      ${
        presets.length > 0
          ? html`<fieldset
              part="amount-presets"
              role="radiogroup"
              aria-labelledby="amount-legend"
              aria-describedby=${message ? 'other-amount-error' : nothing}
            >
              <legend id="amount-legend">${t.amountLabel}</legend>
              ${presets.map(
                (preset) => html`
                  <label class="choice" part="amount-preset">
                    <input
                      type="radio"
                      name="amount"
                      .value=${preset}
                      .checked=${this.preset === preset}
                      @change=${() => this.change(preset, '')}
                    />
                    ${t.amountWithCurrency(formatAmount(preset, t), setup.currency)}
                  </label>
                `,
              )}
            </fieldset>`
          : nothing
      }
      <div class="field" part="field">
        <label for="other-amount" part="label">${presets.length > 0 ? t.otherAmount : t.amountLabel}</label>
        ${hint ? html`<p id="other-amount-hint" class="hint" part="hint">${hint}</p>` : nothing}
        <input
          id="other-amount"
          part="input"
          inputmode="decimal"
          autocomplete="off"
          .value=${this.text}
          aria-invalid=${aboutField ? 'true' : 'false'}
          aria-describedby=${describedBy || nothing}
          aria-required=${presets.length > 0 ? 'false' : 'true'}
          @input=${(event: InputEvent) => {
            const text = (event.target as HTMLInputElement).value;
            this.shown = text.trim() !== '';
            this.change(undefined, text);
          }}
        />
        ${message ? html`<p id="other-amount-error" class="error" part="error">${message}</p>` : nothing}
      </div>
    `;
  }
}
