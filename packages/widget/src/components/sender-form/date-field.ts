/**
 * The date of birth as three numeric fields (day, month, year) under one legend, in the order
 * the form's language writes a date, each labelled by CLDR's name of its part: a memorable date
 * is typed, not picked from a calendar, with a numeric keypad and the browser's birthday
 * autofill. (Its `Intl` calls cost the first form the same one-time ICU initialization that
 * Chromium's date control did: BENCHMARKS.md, "Issue 32: the date of birth without the native
 * date control".)
 */
import { html, nothing } from 'lit';
import type { FirstMessages } from '../../localize/translation.ts';

/**
 * The order in which the form keeps the parts: its value is year, month and day, one line
 * each (a text input's value never holds a line break, so no part can break it up).
 */
const KEPT = ['year', 'month', 'day'];

/**
 * The date of birth in `locale`'s order, its `value` as the form keeps it, with, once the
 * customer has left the three fields, its `error`; `onInput` hears the whole value on each
 * change, `onLeave` the focus leaving the fieldset (moving between its parts is not leaving).
 * The first part's input is `#date_of_birth`, the one a mistake sends the focus to.
 *
 * Each part's text is bound to its input, unlike the other fields' (see the form's `updated`):
 * a text input reads back what it shows, and the order can change under the customer's typing
 * (the form starts in English's order until their language's words arrive), so each part's
 * text must follow its part, not the place its input had.
 */
export function dateField(
  t: FirstMessages,
  locale: string,
  value: string,
  error: string | undefined,
  onInput: (value: string) => void,
  onLeave: () => void,
) {
  const name = 'date_of_birth';
  const kept = value.split('\n');
  const partName = new Intl.DisplayNames(locale, { type: 'dateTimeField' });
  // With no options, a date format is the numeric day, month and year, in the language's order.
  const order = new Intl.DateTimeFormat(locale)
    .formatToParts(0)
    .map((part) => part.type)
    .filter((type) => KEPT.includes(type));
  return html`
    <fieldset
      class="field"
      part="field"
      @focusout=${(event: FocusEvent) => {
        if (!(event.currentTarget as Element).contains(event.relatedTarget as Node)) onLeave();
      }}
    >
      <legend part="label">${t.fieldLabels[name]}</legend>
      <div class="date">
        ${order.map((part, index) => {
          const id = index ? `${name}-${part}` : name;
          const at = KEPT.indexOf(part);
          return html`
            <label for=${id} part="label">${partName.of(part)}</label>
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
                onInput(kept.join('\n'));
              }}
            />
          `;
        })}
      </div>
      ${error ? html`<p id="${name}-error" class="error" part="error">${error}</p>` : nothing}
    </fieldset>
  `;
}
