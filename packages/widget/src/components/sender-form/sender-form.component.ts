/**
 * The details step: the amount where the customer chooses it, who pays, an optional email, and
 * the currency to pay with.
 */
import { html, LitElement, nothing } from 'lit';
import { ignore, loadPart } from '../../api/parts.ts';
import type { CurrencyRef, PaymentCurrency } from '../../api/proxy-api.ts';
import type { FirstMessages, SenderField } from '../../localize/translation.ts';
import en from '../../localize/translations/en.ts';
import controls from '../../styles/controls.styles.ts';
import type { AmountChoiceSetup } from '../amount-choice/amount-choice-setup.ts';
import type CurrencyPicker from '../currency-picker/currency-picker.component.ts';
import '../currency-picker/currency-picker.ts';
import type { DatedForm } from './date-field.ts';
import {
  FIELDS_OF,
  type FieldIssue,
  type FieldMessages,
  type FormField,
  type SenderType,
  type SenderValues,
} from './form-fields.ts';
import type { SubmittingForm } from './form-submit.ts';
import { inputField } from './input-field.ts';
import { loadRules, type SenderRules } from './rules-part.ts';
import styles from './sender-form.styles.ts';

/** The performance mark set when a sender form first shows. */
export const FORM_MARK = 'crypto-pay:form';

/**
 * @summary The details form: a person or a company, the fields regulation asks for, an
 * optional email for refunds, and the pay-with currency. Rules come from the protocol.
 *
 * @event details-submit - Valid details were submitted (internal, not composed).
 *
 * @csspart form - The form.
 * @csspart sender-type - The person/company choice.
 * @csspart field - A label, its control and its messages; the date of birth's fieldset, and each
 *   of its three parts.
 * @csspart label - A field's label; the date of birth's legend, and each of its parts' labels.
 * @csspart input - A text or email input; each of the date of birth's three (day, month, year).
 * @csspart hint - A field's hint.
 * @csspart error - A field's error message.
 * @csspart country-search - The search box above the country list.
 * @csspart country-list - The list of countries.
 * @csspart submit-button - The button that goes on to payment.
 */
export default class SenderForm extends LitElement {
  static override styles = [controls, styles];
  static override properties = {
    t: { attribute: false },
    currencies: { attribute: false },
    busy: { type: Boolean },
    loading: { type: Boolean, reflect: true },
    amountChoice: { attribute: false },
    serverIssue: { attribute: false },
    senderType: { state: true },
    values: { state: true },
    paymentCurrency: { state: true },
    touched: { state: true },
    countryFilter: { state: true },
    summary: { state: true },
    rules: { state: true },
  };

  /** The terms to show. */
  t: FirstMessages = en;
  /** The currencies the customer may choose from. */
  currencies: PaymentCurrency[] = [];
  /** True while the checkout is being created: the button waits and a second submit is ignored. */
  busy = false;
  /**
   * True while the configuration is on its way: the form shows already (the customer may type),
   * its currencies are a placeholder, and a Continue pressed meanwhile is sent once it is there
   * (with currencies to choose from, focus goes to their picker instead).
   */
  loading = false;
  /**
   * The customer's own amount (donations): the choice's rules and presets. Its element comes in
   * a chunk the element loads with the configuration.
   */
  amountChoice: AmountChoiceSetup | undefined = undefined;
  /** The proxy's message about one field, shown there until the customer changes it. */
  serverIssue: FieldIssue | undefined = undefined;

  private senderType: SenderType = 'natural';
  private values: SenderValues = {
    first_name: '',
    last_name: '',
    date_of_birth: '',
    legal_name: '',
    country_of_registration: '',
    email: '',
  };
  private paymentCurrency: CurrencyRef | undefined = undefined;
  private touched = new Set<FormField>();
  /** The submit button is being pressed (see `touch`). */
  private pressing = false;
  /** Continue was pressed while loading: sent once the configuration is there. */
  private submitWaiting = false;
  private countryFilter = '';
  private summary = '';

  private rules: SenderRules | undefined;
  private get picker() {
    return this.renderRoot.querySelector<CurrencyPicker>('crypto-pay-currency-picker');
  }
  private get form() {
    return this.renderRoot.querySelector('form') as HTMLFormElement;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A failed fetch is tried again on Continue, which says so if it fails again.
    loadPart(this, loadRules()).then((rules) => {
      this.rules = rules;
    }, ignore);
  }

  protected override firstUpdated(): void {
    // The moment the customer can start: a mark for the page's own timing (and `pnpm bench`).
    performance.mark(FORM_MARK);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('serverIssue') && this.serverIssue) {
      this.touched = new Set([...this.touched, this.serverIssue.field]);
    }
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    // The typed fields hold what the customer typed: written only as a sender type's fields show
    // (Lit reuses the first name's input for the company's name, and back). A binding would also
    // write back the value as the browser reads it, over what it shows: it would move the caret
    // past an email's leading space. (The date of birth's parts are text inputs, bound: see
    // `date-field.ts`.)
    if (changed.has('senderType')) {
      for (const name of FIELDS_OF[this.senderType]) {
        const input = this.renderRoot.querySelector<HTMLInputElement>(`input#${name}`);
        if (input && name !== 'date_of_birth') input.value = this.values[name];
      }
    }
    if (changed.has('serverIssue') && this.serverIssue) this.focusField(this.serverIssue.field);
    if (!this.loading && this.submitWaiting) {
      this.submitWaiting = false;
      // A currency the customer has not seen yet is theirs to choose, not "later" by default:
      // the picker is where they go on, and its legend and option are what they hear.
      if (this.currencies.length === 0) this.form.requestSubmit();
      else this.picker?.updateComplete.then(() => this.picker?.focus());
    }
  }

  private messages(): FieldMessages {
    const { rules, senderType, values, t, serverIssue } = this;
    return rules ? rules.fieldMessages(senderType, values, t, this.countryFilter, serverIssue) : {};
  }

  private focusField(field: FormField): void {
    // The amount choice is `#amount`, and focuses its own control.
    const target =
      field === 'payment_currency'
        ? this.picker
        : this.renderRoot.querySelector<HTMLElement>(`#${field}`);
    target?.focus();
  }

  /** A field changed (the amount choice keeps its own value). */
  private setValue(field: FormField, value = ''): void {
    if (field in this.values) this.values = { ...this.values, [field]: value };
    this.summary = '';
    if (this.serverIssue?.field === field) this.serverIssue = undefined;
  }

  /**
   * The amount's and the currency's controls sit in their own shadow roots, outside this form:
   * Enter submits as on the form's own fields.
   */
  private readonly submitOnEnter = (event: KeyboardEvent): void => {
    // The Enter that ends an input method's composition (Japanese, Chinese) is not a submit.
    if (event.key === 'Enter' && !event.isComposing) this.form.requestSubmit();
  };

  private touch(field: keyof SenderValues): void {
    // A press on the submit button takes focus from the field first: its message, shown now,
    // would push the button down before the release, and no click would fire. The submit
    // checks every field anyway. (Keeping focus instead would keep it in the page's own
    // fields too, whose change events a shop may wait for.)
    // A field left empty is no mistake yet (typed in and emptied again included): tabbing
    // through the form (to read it, or to reach Continue) does not flag every field; Continue
    // checks them all.
    const typed = field === 'country_of_registration' ? this.countryFilter : this.values[field];
    if (this.pressing || !typed) return;
    this.touched = new Set([...this.touched, field]);
  }

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    this.pressing = false;
    this.submitWaiting = this.loading;
    if (this.busy || this.loading) return;
    try {
      this.rules ??= await loadPart(this, loadRules());
    } catch {
      // Nothing can be checked without them: say so where the customer looks (the page heard).
      this.summary = this.t.errorUnavailable;
      return;
    }
    // The check and what follows it come with the rules (`form-submit.ts`), which read and set
    // this element's private state.
    await this.rules.submitChecked(this as unknown as SubmittingForm);
  }

  private field(name: SenderField | 'email', messages: FieldMessages) {
    // The date of birth comes with the rules' chunk, as the company's country, and reads and
    // calls this element's private state; until then, a placeholder of its height, so that
    // nothing moves when it comes.
    if (name === 'date_of_birth') {
      return this.rules
        ? this.rules.dateField(this as unknown as DatedForm, messages)
        : html`<span class="field placeholder date"></span>`;
    }
    return inputField(
      this.t,
      name,
      this.touched.has(name) ? messages[name] : undefined,
      (input) => this.setValue(name, input.value),
      () => this.touch(name),
    );
  }

  /** The company's country: from the rules' chunk, with the country list. */
  private countryField(messages: FieldMessages) {
    const name = 'country_of_registration';
    return this.rules?.countryField({
      t: this.t,
      filter: this.countryFilter,
      value: this.values[name],
      error: this.touched.has(name) ? messages[name] : undefined,
      onFilter: (text) => {
        this.countryFilter = text;
      },
      onChoose: (alpha3) => this.setValue(name, alpha3),
      onLeave: () => this.touch(name),
    });
  }

  override render() {
    const t = this.t;
    const messages = this.messages();
    const type = this.senderType;
    return html`
      <form part="form" novalidate aria-busy=${this.loading} @submit=${this.onSubmit}>
        ${
          this.amountChoice
            ? html`<crypto-pay-amount-choice
                id="amount"
                exportparts="amount-presets,amount-preset,field,label,input,hint,error"
                .t=${t}
                .setup=${this.amountChoice}
                .refusal=${messages.amount ?? ''}
                @keydown=${this.submitOnEnter}
                @amount-change=${() => this.setValue('amount')}
              ></crypto-pay-amount-choice>`
            : nothing
        }
        <p class="hint intro">${t.detailsIntro}</p>
        <fieldset class="sender-type" part="sender-type">
          <legend>${t.senderTypeLegend}</legend>
          ${(['natural', 'legal'] as const).map(
            (value) => html`
              <label class="choice">
                <input
                  type="radio"
                  name="sender-type"
                  .value=${value}
                  .checked=${type === value}
                  @change=${() => {
                    this.senderType = value;
                    // The count was of the other type's fields, none of which shows now.
                    this.summary = '';
                  }}
                />
                ${value === 'natural' ? t.senderNatural : t.senderLegal}
              </label>
            `,
          )}
        </fieldset>
        ${
          type === 'natural'
            ? FIELDS_OF.natural.map((name) => this.field(name, messages))
            : [this.field('legal_name', messages), this.countryField(messages)]
        }
        ${this.field('email', messages)}
        <crypto-pay-currency-picker
          exportparts="currency-list,currency-option,error"
          .t=${t}
          .currencies=${this.currencies}
          ?loading=${this.loading}
          .value=${this.paymentCurrency}
          .error=${messages.payment_currency ?? ''}
          @keydown=${this.submitOnEnter}
          @currency-change=${(event: Event) => {
            this.paymentCurrency = (event.target as CurrencyPicker).value;
            if (this.serverIssue?.field === 'payment_currency') this.serverIssue = undefined;
          }}
        ></crypto-pay-currency-picker>
        <p class="error" role="alert">${this.summary}</p>
        <button
          class="primary"
          part="submit-button"
          type="submit"
          aria-disabled=${this.busy || this.loading}
          @pointerdown=${() => {
            this.pressing = true;
          }}
          @pointerleave=${() => {
            this.pressing = false;
          }}
        >
          ${this.busy ? html`<span class="spinner" aria-hidden="true"></span>${t.submitting}` : t.submit}
        </button>
      </form>
    `;
  }
}
