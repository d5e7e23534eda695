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

/** A country with its name as search compares it. */
interface Searchable extends Country {
  key: string;
}

const byLocale = new Map<string, Searchable[]>();

/**
 * Text as a search compares it: lower case, accents dropped, so `etats` finds `États-Unis` and
 * `osterreich` finds `Österreich`, as customers type on keyboards without those letters.
 */
function searchKey(text: string, locale: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale);
}

/** All countries named and sorted for `locale` (computed once per locale). */
function countries(locale: string): Searchable[] {
  let list = byLocale.get(locale);
  if (!list) {
    const nameOf = countryNamer(locale);
    list = [...COUNTRY_CODES]
      .map(([alpha3, alpha2]) => {
        const name = nameOf(alpha2);
        return { alpha3, name, key: searchKey(name, locale) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    byLocale.set(locale, list);
  }
  return list;
}

/** Countries whose name contains `search` (or whose code is it), always keeping `selected`. */
export function matchingCountries(locale: string, search: string, selected: string): Country[] {
  const wanted = searchKey(search.trim(), locale);
  if (!wanted) return countries(locale);
  return countries(locale).filter(
    (country) =>
      country.alpha3 === selected ||
      country.key.includes(wanted) ||
      country.alpha3.toLowerCase() === wanted,
  );
}
