/**
 * The shipped locales and how a language tag finds one: a chunk of its own, fetched only when a
 * page asks for a language other than plain English, so fifty languages cost the first paint nothing.
 */
import type { EarlyTranslation, Translation } from './translation.ts';

type Loader = () => Promise<{ default: Translation }>;

/**
 * Every locale besides English, each a separate chunk. (Issue 33 adds 29 on two branches at
 * once: each adds its own lines here, in order.)
 */
const loaders: Record<string, Loader> = {
  ar: () => import('./translations/ar.ts'),
  bg: () => import('./translations/bg.ts'),
  bn: () => import('./translations/bn.ts'),
  ca: () => import('./translations/ca.ts'),
  cs: () => import('./translations/cs.ts'),
  da: () => import('./translations/da.ts'),
  de: () => import('./translations/de.ts'),
  'en-GB': () => import('./translations/en-GB.ts'),
  es: () => import('./translations/es.ts'),
  'es-419': () => import('./translations/es-419.ts'),
  fa: () => import('./translations/fa.ts'),
  fr: () => import('./translations/fr.ts'),
  'fr-CA': () => import('./translations/fr-CA.ts'),
  he: () => import('./translations/he.ts'),
  hi: () => import('./translations/hi.ts'),
  id: () => import('./translations/id.ts'),
  it: () => import('./translations/it.ts'),
  ja: () => import('./translations/ja.ts'),
  ko: () => import('./translations/ko.ts'),
  nl: () => import('./translations/nl.ts'),
  pl: () => import('./translations/pl.ts'),
  'pt-BR': () => import('./translations/pt-BR.ts'),
  'pt-PT': () => import('./translations/pt-PT.ts'),
  ru: () => import('./translations/ru.ts'),
  sr: () => import('./translations/sr.ts'),
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

/** The locale a language gives when no subtag asks for another (`pt`: Brazil's, as CLDR's). */
const DEFAULTS: Record<string, string> = { pt: 'pt-BR', zh: 'zh-Hans' };

/**
 * A language's second form and the subtags (regions, scripts) that ask for it, as CLDR groups
 * them: British English for the Commonwealth, Ireland and English as written in Europe and the
 * world (`150`, `001`); Latin American Spanish (also the United States'); Canada's French;
 * European Portuguese for Portugal and Africa; Hong Kong's traditional Chinese also for Macau
 * (CLDR's zh-Hant-MO inherits from Hong Kong). Chinese is first by script: below.
 */
const VARIANTS: Record<string, [code: string, subtags: string]> = {
  en: [
    'en-GB',
    'gb uk ie im je gg gi mt cy au nz za in pk lk bd sg my hk ng gh ke ug tz zw zm bw na mu jm tt bb 150 001',
  ],
  es: ['es-419', '419 mx gt hn sv ni cr pa cu do pr co ve ec pe bo py cl ar uy us'],
  fr: ['fr-CA', 'ca'],
  pt: ['pt-PT', 'pt ao mz cv gw st tl mo gq ch lu'],
  zh: ['zh-HK', 'hk mo'],
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
  const [variant, asking = ''] = VARIANTS[language] ?? [];
  let code = DEFAULTS[language] ?? language;
  if (
    language === 'zh' &&
    !subtags.includes('hans') &&
    subtags.some((s) => /^(hant|tw)$/.test(s))
  ) {
    code = 'zh-Hant';
  }
  if (variant && !subtags.includes('hans') && subtags.some((s) => asking.split(' ').includes(s))) {
    code = variant;
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
 * The translation a tag gets: the shipped one, or for a registered locale the shipped one of its
 * language (else English) under the registered code, which the merchant's messages then complete.
 */
export async function translationFor<English extends EarlyTranslation>(
  tag: string,
  registered: ReadonlyMap<string, unknown>,
  english: English,
): Promise<English | Translation> {
  const code = registeredLocale(tag, [...registered.keys()]) ?? supportedLocale(tag);
  const shipped = supportedLocale(code);
  const translation = shipped === 'en' ? english : (await (loaders[shipped] as Loader)()).default;
  return translation.$code === code ? translation : { ...translation, $code: code };
}
