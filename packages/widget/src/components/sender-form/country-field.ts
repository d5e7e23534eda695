/**
 * The company's country of registration: a search box over the country list. It comes with the
 * list itself in the rules' chunk, out of the first paint; until then the form shows neither.
 * The box is a combobox over the list (WAI-ARIA's list autocomplete): what it names is the
 * choice, and the arrows and Enter choose from the list without leaving it.
 */
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { FirstMessages } from '../../localize/translation.ts';
import { type Country, countryNamed, matchingCountries } from './countries.ts';

/** What the field shows, and where the customer's changes go (the form keeps the state). */
export interface CountryFieldState {
  t: FirstMessages;
  /** What the customer typed in the search box. */
  filter: string;
  /** The chosen country's alpha-3 code, or `''`. */
  value: string;
  error: string | undefined;
  onFilter(text: string): void;
  onChoose(alpha3: string): void;
  onLeave(): void;
}

/**
 * The first match, highlighted but not chosen (a chosen option has the browser's own look). Set
 * as a property, through the CSSOM: a page's CSP without 'unsafe-inline' refuses the attribute.
 */
const HIGHLIGHT = 'background-color: color-mix(in srgb, Highlight 30%, transparent)';

const optionId = (alpha3: string) => `country-${alpha3}`;

/**
 * The arrows move the choice from the highlighted country through the list shown (a
 * single-choice listbox's selection follows its highlight), and Enter takes the highlighted one:
 * in place of the form's submit, which would only say the country is missing. With nothing
 * highlighted (nothing typed or chosen), Enter takes nothing.
 */
function onKey(
  event: KeyboardEvent,
  countries: Country[],
  active: string | undefined,
  choose: (alpha3: string) => void,
) {
  // Modified arrows are the browser's or the system's (Alt+Down opens, Ctrl moves the caret).
  if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
  const at = countries.findIndex((country) => country.alpha3 === active);
  const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
  let next: Country | undefined;
  if (step) next = countries[at < 0 ? (step > 0 ? 0 : countries.length - 1) : at + step];
  else if (event.key === 'Enter') next = countries[at];
  else return;
  event.preventDefault();
  if (next) choose(next.alpha3);
}

/**
 * What the search box's text makes the choice: the country it names, else none when it no
 * longer matches the one chosen earlier ("Chad" changed to "Congo"), else the choice as it was.
 */
function pick(
  locale: string,
  text: string,
  value: string,
  on: Pick<CountryFieldState, 'onChoose'>,
) {
  const named = countryNamed(locale, text);
  if (named) on.onChoose(named);
  else if (value && !matchingCountries(locale, text, '').some((c) => c.alpha3 === value)) {
    on.onChoose('');
  }
}

export function countryField({ t, filter, value, error, ...on }: CountryFieldState) {
  const name = 'country_of_registration';
  const countries = matchingCountries(t.$code, filter, value);
  // The chosen country, else the first match of what is typed: highlighted, not yet chosen.
  const active = countries.some((country) => country.alpha3 === value)
    ? value
    : filter.trim()
      ? countries[0]?.alpha3
      : undefined;
  const errorId = error ? `${name}-error` : nothing;
  return html`
    <div class="field" part="field">
      <label for="country-search" part="label">${t.countrySearch}</label>
      <input
        id="country-search"
        part="country-search"
        type="search"
        role="combobox"
        autocomplete="off"
        aria-autocomplete="list"
        aria-expanded=${countries.length > 0 ? 'true' : 'false'}
        aria-controls=${name}
        aria-activedescendant=${active ? optionId(active) : nothing}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${errorId}
        .value=${live(filter)}
        @input=${(event: InputEvent) => {
          const text = (event.target as HTMLInputElement).value;
          on.onFilter(text);
          // Mid-composition (Japanese, Chinese) the text is not yet what the customer means.
          if (!event.isComposing) pick(t.$code, text, value, on);
        }}
        @compositionend=${(event: CompositionEvent) =>
          pick(t.$code, (event.target as HTMLInputElement).value, value, on)}
        @keydown=${(event: KeyboardEvent) => onKey(event, countries, active, on.onChoose)}
      />
      <label for=${name} part="label">${t.fieldLabels[name]}</label>
      <select
        id=${name}
        part="country-list"
        size="6"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${errorId}
        aria-required="true"
        @change=${(event: Event) => on.onChoose((event.target as HTMLSelectElement).value)}
        @blur=${on.onLeave}
      >
        ${countries.map(
          // The title shows a name too long for the list in full (a listbox does not wrap). The
          // selection is the property, live (checked against the option, not the last render):
          // once clicked, Chromium ignores the attribute, and an option reused by position for
          // another country takes that country's state. (Lit's \`repeat\` would key them instead,
          // with more code.)
          (country) =>
            html`<option
              id=${optionId(country.alpha3)}
              value=${country.alpha3}
              title=${country.name}
              .selected=${live(country.alpha3 === value)}
              .style=${country.alpha3 === active && active !== value ? HIGHLIGHT : ''}
            >
              ${country.name}
            </option>`,
        )}
      </select>
      ${countries.length === 0 ? html`<p class="hint" part="hint" aria-hidden="true">${t.countryNoMatch}</p>` : nothing}
      <!-- Always there, so a screen reader hears it as the search empties the list. -->
      <span class="visually-hidden" role="status">${countries.length === 0 ? t.countryNoMatch : ''}</span>
      ${error ? html`<p id="${name}-error" class="error" part="error">${error}</p>` : nothing}
    </div>
  `;
}
