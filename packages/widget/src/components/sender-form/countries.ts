/**
 * The country list of the company form: every ISO alpha-3 code the protocol accepts, named in
 * the customer's language through `Intl.DisplayNames`, sorted by name and searchable.
 */
import { COUNTRY_CODES } from '@crypto-pay/protocol/countries';
import { countryNamer } from '../../utilities/format.ts';

export interface Country {
  alpha3: string;
  name: string;
}

const byLocale = new Map<string, Country[]>();

/** All countries named and sorted for `locale` (computed once per locale). */
export function countries(locale: string): Country[] {
  let list = byLocale.get(locale);
  if (!list) {
    const nameOf = countryNamer(locale);
    list = [...COUNTRY_CODES]
      .map(([alpha3, alpha2]) => ({ alpha3, name: nameOf(alpha2) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    byLocale.set(locale, list);
  }
  return list;
}

/** Countries whose name contains `search` (or whose code is it), always keeping `selected`. */
export function matchingCountries(locale: string, search: string, selected: string): Country[] {
  const wanted = search.trim().toLocaleLowerCase(locale);
  if (!wanted) return countries(locale);
  return countries(locale).filter(
    (country) =>
      country.alpha3 === selected ||
      country.name.toLocaleLowerCase(locale).includes(wanted) ||
      country.alpha3.toLowerCase() === wanted,
  );
}
