/**
 * The shipped locales and how a language tag finds one: a chunk of its own, fetched only when a
 * page asks for a language other than English, so twenty-one languages cost the first paint nothing.
 */
import type { EarlyTranslation, Translation } from './translation.ts';

type Loader = () => Promise<{ default: Translation }>;

/** Every locale besides English, each a separate chunk. */
const loaders: Record<string, Loader> = {
  ar: () => import('./translations/ar.ts'),
  de: () => import('./translations/de.ts'),
  el: () => import('./translations/el.ts'),
  es: () => import('./translations/es.ts'),
  et: () => import('./translations/et.ts'),
  fa: () => import('./translations/fa.ts'),
  fi: () => import('./translations/fi.ts'),
  fil: () => import('./translations/fil.ts'),
  fr: () => import('./translations/fr.ts'),
  he: () => import('./translations/he.ts'),
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
  pt: () => import('./translations/pt.ts'),
  ro: () => import('./translations/ro.ts'),
  ru: () => import('./translations/ru.ts'),
  sk: () => import('./translations/sk.ts'),
  sl: () => import('./translations/sl.ts'),
  sv: () => import('./translations/sv.ts'),
  th: () => import('./translations/th.ts'),
  tr: () => import('./translations/tr.ts'),
  uk: () => import('./translations/uk.ts'),
  vi: () => import('./translations/vi.ts'),
  'zh-Hans': () => import('./translations/zh-Hans.ts'),
  'zh-Hant': () => import('./translations/zh-Hant.ts'),
};

export const SUPPORTED_LOCALES = ['en', ...Object.keys(loaders)];

/** Codes that browsers and old systems still send for a language we ship under its new one. */
const RENAMED: Record<string, string> = { iw: 'he', in: 'id' };

/** Regions that write Chinese in traditional characters. */
const TRADITIONAL_REGIONS = ['tw', 'hk', 'mo'];

/**
 * The shipped locale for a BCP 47 tag, English when none fits: `de-AT` gives `de`, `pt-PT` the
 * one Portuguese (Brazilian), `iw` Hebrew; Chinese by script, else by region (`zh-TW`, `zh-HK`,
 * `zh-Hant` traditional; `zh`, `zh-CN`, `zh-SG`, `zh-Hans-HK` simplified).
 */
export function supportedLocale(tag: string | undefined | null): string {
  const [first = '', ...subtags] = (tag ?? '').toLowerCase().split(/[-_]/);
  const language = RENAMED[first] ?? first;
  if (language === 'zh') {
    const traditional =
      subtags.includes('hant') ||
      (!subtags.includes('hans') && subtags.some((subtag) => TRADITIONAL_REGIONS.includes(subtag)));
    return traditional ? 'zh-Hant' : 'zh-Hans';
  }
  return language in loaders ? language : 'en';
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
