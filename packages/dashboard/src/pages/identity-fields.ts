/**
 * The identity fields the processing service requires of a payer, a sender or a receiver: a
 * person (name, date of birth) or a company (legal name, country), chosen in a fieldset.
 */
import { html, nothing } from 'lit';
import { strings } from '../strings.ts';

const t = strings.money;

/**
 * A fieldset named `legend` whose fields start with `prefix`; `kinds` are the choices offered
 * (`self` for the merchant's own wallet), `kind` the one shown, `choose` called on a change.
 * With `prompt`, no choice is made for the user: the select starts on it, and the form cannot
 * be sent until one is chosen.
 */
export function identityFields(
  legend: string,
  prefix: string,
  kinds: readonly ('self' | 'natural' | 'legal')[],
  kind: string,
  choose: (kind: string) => void,
  prompt?: string,
) {
  const words = { self: t.receiverSelf, natural: t.person, legal: t.company };
  return html`<fieldset class="fields">
    <legend>${legend}</legend>
    ${
      kinds.length > 1
        ? html`<label
          >${legend}
          <select name=${`${prefix}type`} ?required=${prompt !== undefined} @change=${(event: Event) => choose((event.target as HTMLSelectElement).value)}>
            ${prompt === undefined ? nothing : html`<option value="" ?selected=${kind === ''}>${prompt}</option>`}
            ${kinds.map((value) => html`<option value=${value} ?selected=${kind === value}>${words[value]}</option>`)}
          </select></label
        >`
        : html`<input type="hidden" name=${`${prefix}type`} value=${kind} />`
    }
    ${
      kind === 'natural'
        ? html`<label>${t.firstName}<input name=${`${prefix}first_name`} required /></label>
          <label>${t.lastName}<input name=${`${prefix}last_name`} required /></label>
          <label>${t.dateOfBirth}<input name=${`${prefix}date_of_birth`} type="date" required /></label>`
        : nothing
    }
    ${
      kind === 'legal'
        ? html`<label>${t.legalName}<input name=${`${prefix}legal_name`} required /></label>
          <label>${t.country}<input name=${`${prefix}country_of_registration`} required size="5" minlength="3" maxlength="3" /></label>`
        : nothing
    }
  </fieldset>`;
}
