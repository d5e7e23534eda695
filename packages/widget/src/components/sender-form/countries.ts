/**
 * The country list of the company form: every ISO alpha-3 code the protocol accepts, named in
 * the customer's language through `Intl.DisplayNames`, sorted by name and searchable.
 */
import { COUNTRY_CODES } from '@crypto-pay/protocol/countries';

/** Country names in the locale, from `Intl.DisplayNames` (alpha-2 code in, name out). */
function countryNamer(locale: string): (alpha2: string) => string {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return (alpha2) => names.of(alpha2) ?? alpha2;
}

export interface Country {
  alpha3: string;
  name: string;
}

/** A country with what a search compares: its names and codes, as `searchKey` writes them. */
interface Searchable extends Country {
  keys: string[];
  codes: string[];
}

/** Names customers still type that the English list no longer uses. */
const ALIASES: Record<string, string> = { GBR: 'uk', TUR: 'turkey', CIV: 'ivory coast' };

const byLocale = new Map<string, Searchable[]>();

/**
 * Text as a search compares it: lower case, accents dropped, so `etats` finds `États-Unis` and
 * `osterreich` finds `Österreich`, as customers type on keyboards without those letters; any
 * apostrophe as `'` and no full stops, since `Côte d’Ivoire` and `St. Lucia` are typed with
 * neither the curly apostrophe nor the stop.
 */
function searchKey(text: string, locale: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase(locale)
    .replace(/[’‘ʼ`]/g, "'")
    .replace(/\./g, '')
    .replace(/\s+/g, ' ');
}

/**
 * A name's key with what the English list shortens written out (`&` as `and`, `st` as `saint`),
 * so `bosnia and herzegovina` and `saint lucia` are whole names too.
 */
const spelledOut = (key: string) => key.replace(/\s*&\s*/g, ' and ').replace(/\bst\b/g, 'saint');

/**
 * All countries named and sorted for `locale` (computed once per locale). Each also answers to
 * its English name, since many customers know a country by it (`germany` on a German page),
 * a few former English names (`turkey` for Türkiye), and its alpha-2 and alpha-3 codes.
 */
function countries(locale: string): Searchable[] {
  let list = byLocale.get(locale);
  if (!list) {
    const nameOf = countryNamer(locale);
    const englishNameOf = countryNamer('en');
    list = [...COUNTRY_CODES]
      .map(([alpha3, alpha2]) => {
        const name = nameOf(alpha2);
        const keys = [name, englishNameOf(alpha2), ALIASES[alpha3] ?? '']
          .map((text) => searchKey(text, locale))
          .flatMap((key) => [key, spelledOut(key)]);
        const codes = [alpha3.toLowerCase(), alpha2.toLowerCase()];
        return { alpha3, name, keys, codes };
      })
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    byLocale.set(locale, list);
  }
  return list;
}

/** A search as typed and spelled out: `st kitts & nevis` names Saint Kitts and Nevis too. */
function searchForms(search: string, locale: string): string[] {
  const key = searchKey(search.trim(), locale);
  return key ? [key, spelledOut(key)] : [];
}

const matches = (country: Searchable, forms: string[]) =>
  forms.some(
    (wanted) => country.codes.includes(wanted) || country.keys.some((key) => key.includes(wanted)),
  );

/** Countries whose name contains `search` (or whose code is it), always keeping `selected`. */
export function matchingCountries(locale: string, search: string, selected: string): Country[] {
  const forms = searchForms(search, locale);
  const all = countries(locale);
  if (forms.length === 0) return all;
  return all.filter((country) => country.alpha3 === selected || matches(country, forms));
}

/**
 * The country `search` names, if it names one: its whole name (in the page's language or
 * English, any case, accents optional: `niger` is Niger, not Nigeria), else the only match. A
 * customer who typed "Germany" and sees Germany alone has chosen it.
 */
export function countryNamed(locale: string, search: string): string | undefined {
  const forms = searchForms(search, locale);
  if (forms.length === 0) return undefined;
  const all = countries(locale);
  const named = all.find((country) => forms.some((wanted) => country.keys.includes(wanted)));
  if (named) return named.alpha3;
  const found = all.filter((country) => matches(country, forms));
  return found.length === 1 ? found[0]?.alpha3 : undefined;
}
