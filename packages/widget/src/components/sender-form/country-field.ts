/**
 * The company's country of registration: a search box over the country list. It comes with the
 * list itself in the rules' chunk, out of the first paint; until then the form shows neither.
 * The box is a combobox over the list (WAI-ARIA's list autocomplete): what it names is the
 * choice, and the arrows and Enter choose from the list without leaving it.
 */
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
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

const optionId = (alpha3: string) => `country-${alpha3}`;

/**
 * The arrows move the choice through the list shown (a single-choice listbox's selection follows
 * its highlight), and Enter takes it, or the first shown when none is: in place of the form's
 * submit, which would only say the country is missing.
 */
function onKey(
  event: KeyboardEvent,
  countries: Country[],
  value: string,
  choose: (alpha3: string) => void,
) {
  if (event.isComposing) return;
  const at = countries.findIndex((country) => country.alpha3 === value);
  const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
  let next: Country | undefined;
  if (step) next = countries[at < 0 ? (step > 0 ? 0 : countries.length - 1) : at + step];
  else if (event.key === 'Enter') next = countries[Math.max(at, 0)];
  else return;
  event.preventDefault();
  if (next) choose(next.alpha3);
}

export function countryField({ t, filter, value, error, ...on }: CountryFieldState) {
  const name = 'country_of_registration';
  const countries = matchingCountries(t.$code, filter, value);
  const shown = countries.some((country) => country.alpha3 === value);
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
        aria-expanded="true"
        aria-controls=${name}
        aria-activedescendant=${ifDefined(shown ? optionId(value) : undefined)}
        .value=${live(filter)}
        @input=${(event: InputEvent) => {
          const text = (event.target as HTMLInputElement).value;
          on.onFilter(text);
          const named = countryNamed(t.$code, text);
          if (named) on.onChoose(named);
        }}
        @keydown=${(event: KeyboardEvent) => onKey(event, countries, value, on.onChoose)}
      />
      <label for=${name} part="label">${t.fieldLabels[name]}</label>
      <select
        id=${name}
        part="country-list"
        size="6"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${ifDefined(error ? `${name}-error` : undefined)}
        aria-required="true"
        @change=${(event: Event) => on.onChoose((event.target as HTMLSelectElement).value)}
        @blur=${on.onLeave}
      >
        ${countries.map(
          (country) =>
            // The title shows a name too long for the list in full (a listbox does not wrap).
            html`<option
              id=${optionId(country.alpha3)}
              value=${country.alpha3}
              title=${country.name}
              ?selected=${country.alpha3 === value}
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
