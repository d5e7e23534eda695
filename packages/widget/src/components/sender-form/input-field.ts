/**
 * A typed field of the details form (a name, the email): its label, hint, input and error, tied
 * together for assistive technology. The date of birth has its own three (`date-field.ts`).
 */
import { html, nothing } from 'lit';
import type { FirstMessages, SenderField } from '../../localize/translation.ts';

/** The browser's autofill for each typed field, else the email's (the country is a list). */
const AUTOCOMPLETE: Partial<Record<SenderField, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  legal_name: 'organization',
};

/**
 * The field `name` with, once the customer has left it, its `error`; the form keeps the state
 * and hears each change (`onInput`) and the leaving (`onLeave`). Its value is the customer's:
 * no binding writes it back (the form writes it only as its sender type's fields show).
 */
export function inputField(
  t: FirstMessages,
  name: Exclude<SenderField, 'date_of_birth'> | 'email',
  error: string | undefined,
  onInput: (input: HTMLInputElement) => void,
  onLeave: () => void,
) {
  const hint = name === 'email' ? t.emailHint : undefined;
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ');
  const label = name === 'email' ? t.email : t.fieldLabels[name];
  return html`
    <div class="field" part="field">
      <label for=${name} part="label">${label}</label>
      ${hint ? html`<p id="${name}-hint" class="hint" part="hint">${hint}</p>` : nothing}
      <input
        id=${name}
        part="input"
        type=${name === 'email' ? 'email' : 'text'}
        autocomplete=${AUTOCOMPLETE[name as SenderField] ?? 'email'}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${describedBy || nothing}
        aria-required=${name === 'email' ? 'false' : 'true'}
        @input=${(event: InputEvent) => onInput(event.target as HTMLInputElement)}
        @blur=${onLeave}
      />
      ${error ? html`<p id="${name}-error" class="error" part="error">${error}</p>` : nothing}
    </div>
  `;
}
