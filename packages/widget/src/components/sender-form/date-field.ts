/**
 * The date of birth as three numeric fields (day, month, year) under one legend, in the order
 * the form's language writes a date, each named as CLDR names its part: a memorable date is
 * typed, not picked from a calendar, with a numeric keypad and the browser's birthday autofill.
 * It comes with the rules' chunk, out of the first paint, where a placeholder holds its place
 * (the form's `field`). The order and the names are the translation's (`dateParts`), not
 * `Intl`'s: the first form asks nothing of `Intl` (BENCHMARKS.md, issue 32).
 */
import { html, nothing } from 'lit';
import type { DatePart, FirstMessages } from '../../localize/translation.ts';
import styles from './date-field.styles.ts';
import type { FieldMessages, FormField, SenderValues } from './form-fields.ts';

/**
 * The order in which the form keeps the parts: its value is year, month and day, one line
 * each (a text input's value never holds a line break, so no part can break it up).
 */
const KEPT: DatePart[] = ['year', 'month', 'day'];

/** English's parts, in the United States' order (see `Translation.dateParts`). */
export const ENGLISH_PARTS: Record<DatePart, string> = { month: 'Month', day: 'Day', year: 'Year' };

/** What the field reads of the form, and calls on it: the form keeps the state. */
export interface DatedForm {
  t: FirstMessages;
  values: SenderValues;
  touched: Set<FormField>;
  /** The whole value, on each change. */
  setValue(field: FormField, value: string): void;
  /** The focus left the fieldset (moving between its parts is not leaving). */
  touch(field: keyof SenderValues): void;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * The three parts' styles join the form's as they first show: they come in this chunk, as the
 * first paint has no bytes for them.
 */
function adoptStyles(root: ShadowRoot): void {
  const sheet = styles.styleSheet as CSSStyleSheet;
  if (!root.adoptedStyleSheets.includes(sheet)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
}

/**
 * The date of birth with, once the customer has left its three fields, its mistake from
 * `messages`. The first part's input is `#date_of_birth`, the one a mistake sends the focus to.
 *
 * Each part's text is bound to its input, unlike the other fields' (see the form's `updated`):
 * a text input reads back what it shows, and the order can change under the customer's typing
 * (the language's words may arrive after English's), so each part's text must follow its part,
 * not the place its input had.
 */
export function dateField(form: DatedForm, messages: FieldMessages) {
  const name = 'date_of_birth';
  const { t } = form;
  const parts = t.dateParts ?? ENGLISH_PARTS;
  const error = form.touched.has(name) ? messages[name] : undefined;
  const kept = form.values[name].split('\n');
  adoptStyles(form.renderRoot as ShadowRoot);
  return html`
    <fieldset
      class="field"
      part="field"
      @focusout=${(event: FocusEvent) => {
        if (!(event.currentTarget as Element).contains(event.relatedTarget as Node)) {
          form.touch(name);
        }
      }}
    >
      <legend part="label">${t.fieldLabels[name]}</legend>
      <div class="date">
        ${(Object.keys(parts) as DatePart[]).map((part, index) => {
          const id = index ? `${name}-${part}` : name;
          const at = KEPT.indexOf(part);
          return html`
            <label for=${id} part="label">${parts[part]}</label>
            <input
              id=${id}
              part="input"
              inputmode="numeric"
              autocomplete="bday-${part}"
              aria-invalid=${error ? 'true' : 'false'}
              aria-describedby=${error ? `${name}-error` : nothing}
              aria-required="true"
              .value=${kept[at] ?? ''}
              @input=${(event: InputEvent) => {
                kept[at] = (event.target as HTMLInputElement).value;
                form.setValue(name, kept.join('\n'));
              }}
            />
          `;
        })}
      </div>
      ${error ? html`<p id="${name}-error" class="error" part="error">${error}</p>` : nothing}
    </fieldset>
  `;
}
