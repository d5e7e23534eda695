/**
 * The shipped locales and how a language tag finds one: a chunk of its own, fetched only when a
 * page asks for a language other than plain English, so fifty languages cost the first paint nothing.
 */
import { laterEnglish } from './localize.ts';
import { unpack } from './packed.ts';
import type { FirstMessages, Translation } from './translation.ts';

type Loader = () => Promise<{ default: Translation }>;

/** Every locale besides English, each a separate chunk. */
const loaders: Record<string, Loader> = {
  ar: () => import('./translations/ar.ts'),
  bg: () => import('./translations/bg.ts'),
  bn: () => import('./translations/bn.ts'),
  ca: () => import('./translations/ca.ts'),
  cs: () => import('./translations/cs.ts'),
  da: () => import('./translations/da.ts'),
  de: () => import('./translations/de.ts'),
  el: () => import('./translations/el.ts'),
  'en-GB': () => import('./translations/en-GB.ts'),
  es: () => import('./translations/es.ts'),
  'es-419': () => import('./translations/es-419.ts'),
  et: () => import('./translations/et.ts'),
  fa: () => import('./translations/fa.ts'),
  fi: () => import('./translations/fi.ts'),
  fil: () => import('./translations/fil.ts'),
  fr: () => import('./translations/fr.ts'),
  'fr-CA': () => import('./translations/fr-CA.ts'),
  he: () => import('./translations/he.ts'),
  hi: () => import('./translations/hi.ts'),
  hr: () => import('./translations/hr.ts'),
  hu: () => import('./translations/hu.ts'),
  id: () => import('./translations/id.ts'),
  it: () => import('./translations/it.ts'),
  ja: () => import('./translations/ja.ts'),
  ko: () => import('./translations/ko.ts'),
  lt: () => import('./translations/lt.ts'),
  lv: () => import('./translations/lv.ts'),
  ms: () => import('./translations/ms.ts'),
  mt: () => import('./translations/mt.ts'),
  nb: () => import('./translations/nb.ts'),
  nl: () => import('./translations/nl.ts'),
  pl: () => import('./translations/pl.ts'),
  'pt-BR': () => import('./translations/pt-BR.ts'),
  'pt-PT': () => import('./translations/pt-PT.ts'),
  ro: () => import('./translations/ro.ts'),
  ru: () => import('./translations/ru.ts'),
  sk: () => import('./translations/sk.ts'),
  sl: () => import('./translations/sl.ts'),
  sr: () => import('./translations/sr.ts'),
  sv: () => import('./translations/sv.ts'),
  sw: () => import('./translations/sw.ts'),
  th: () => import('./translations/th.ts'),
  tr: () => import('./translations/tr.ts'),
  uk: () => import('./translations/uk.ts'),
  ur: () => import('./translations/ur.ts'),
  vi: () => import('./translations/vi.ts'),
  'zh-Hans': () => import('./translations/zh-Hans.ts'),
  'zh-Hant': () => import('./translations/zh-Hant.ts'),
  'zh-HK': () => import('./translations/zh-HK.ts'),
};

export const SUPPORTED_LOCALES = ['en', ...Object.keys(loaders)];

/**
 * Codes that browsers and old systems still send for a language we ship under another one:
 * old codes, Tagalog for Filipino, and Norwegian (and Nynorsk, whose readers read Bokmål) for
 * Bokmål.
 */
const RENAMED: Record<string, string> = { iw: 'he', in: 'id', tl: 'fil', no: 'nb', nn: 'nb' };

/**
 * Languages shipped in more than one form, as CLDR groups their regions: the locale for a tag
 * without a region, for the regions listed, and for every other region. English is American in
 * the United States, Canada and the Philippines (and their like), British elsewhere (`en-AU`,
 * `en-IN`, `en-150`); Spanish is Spain's in Spain (and where CLDR follows it), Latin American
 * elsewhere (`es-MX`, `es-US`, `es-419`); French is Canada's in Canada; Portuguese is Brazil's
 * in Brazil and without a region, Portugal's elsewhere (`pt-AO`); Chinese is Hong Kong's in Hong
 * Kong and Macau, and by script otherwise (below).
 */
const REGIONAL: Record<string, [none: string, listed: string, others: string, regions: string]> = {
  en: ['en', 'en', 'en-GB', 'us ca ph pr as gu mp um vi'],
  es: ['es', 'es', 'es-419', 'es ea ic gq ph'],
  fr: ['fr', 'fr-CA', 'fr', 'ca'],
  pt: ['pt-BR', 'pt-BR', 'pt-PT', 'br'],
  zh: ['zh-Hans', 'zh-HK', 'zh-Hans', 'hk mo'],
};

/**
 * The shipped locale for a BCP 47 tag, English when none fits: `de-AT` gives `de`, `en-AU`
 * British English, `es-MX` Latin American Spanish, `pt` and `pt-BR` Brazil's Portuguese and
 * `pt-PT` Portugal's, `iw` Hebrew; Chinese by script, then by region (`zh-Hans-HK` and `zh-CN`
 * simplified, `zh-HK` and `zh-MO` Hong Kong's, `zh-TW` and `zh-Hant` Taiwan's traditional).
 */
export function supportedLocale(tag: string | undefined | null): string {
  const [first = '', ...subtags] = (tag ?? '').toLowerCase().split(/[-_]/);
  const language = RENAMED[first] ?? first;
  const region = subtags.find((subtag) => /^([a-z]{2}|\d{3})$/.test(subtag));
  const [none, listed, others, regions] = REGIONAL[language] ?? [language, '', language, ''];
  let code = !region ? none : regions.split(' ').includes(region) ? listed : others;
  if (language === 'zh' && subtags.includes('hans')) code = 'zh-Hans';
  else if (code === 'zh-Hans' && subtags.some((subtag) => /^(hant|tw)$/.test(subtag))) {
    code = 'zh-Hant';
  }
  return code in loaders ? code : 'en';
}

/**
 * The locale a merchant registered (`registerMessages`) that a tag asks for, matched by the
 * whole tag, then by its language: `pt-PT` registered serves `pt-PT` pages, `sv` all Swedish ones.
 */
export function registeredLocale(tag: string, registered: readonly string[]): string | undefined {
  const wanted = tag.toLowerCase().replace(/_/g, '-');
  const language = wanted.split('-')[0];
  return (
    registered.find((code) => code.toLowerCase() === wanted) ??
    registered.find((code) => code.toLowerCase() === language)
  );
}

/**
 * The translation a tag gets, whole: the shipped one, or for a registered locale the shipped one
 * of its language (else English) under the registered code, which the merchant's messages then
 * complete. `english` is English's first view, whose keys order a packed translation (packed.ts).
 */
export async function translationFor(
  tag: string,
  registered: ReadonlyMap<string, unknown>,
  english: FirstMessages,
): Promise<Translation> {
  const code = registeredLocale(tag, [...registered.keys()]) ?? supportedLocale(tag);
  const shipped = supportedLocale(code);
  const translation =
    shipped === 'en'
      ? { ...english, ...(await laterEnglish()) }
      : unpack((await (loaders[shipped] as Loader)()).default, english);
  return translation.$code === code ? translation : { ...translation, $code: code };
}
