/**
 * The company's country of registration: a search box over the country list. It comes with the
 * list itself in the rules' chunk, out of the first paint; until then the form shows neither.
 */
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import type { FirstMessages } from '../../localize/translation.ts';
import { matchingCountries } from './countries.ts';

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

export function countryField({ t, filter, value, error, ...on }: CountryFieldState) {
  const name = 'country_of_registration';
  const countries = matchingCountries(t.$code, filter, value);
  return html`
    <div class="field" part="field">
      <label for="country-search" part="label">${t.countrySearch}</label>
      <input
        id="country-search"
        part="country-search"
        type="search"
        autocomplete="off"
        aria-controls=${name}
        .value=${live(filter)}
        @input=${(event: InputEvent) => on.onFilter((event.target as HTMLInputElement).value)}
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
            html`<option value=${country.alpha3} title=${country.name} ?selected=${country.alpha3 === value}>
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
