/**
 * The shipped translations as the tests read them: loaded as the element loads them, and flattened
 * to [key, text] pairs with their placeholders, for the catalogue checks and the rendered journey.
 */
import { ENGLISH_PARTS } from '../src/components/sender-form/date-field.ts';
import { translationFor } from '../src/localize/locales.ts';
import type { Plural, Translation } from '../src/localize/translation.ts';
import en from '../src/localize/translations/en.ts';
import enForm from '../src/localize/translations/en-form.ts';
import enLater from '../src/localize/translations/en-later.ts';

/**
 * English as a whole: the first paint's messages and those its chunks bring (panel, form rules),
 * and the date of birth's parts, which its field holds (`Translation.dateParts`).
 */
export const english: Translation = { ...en, ...enLater, ...enForm, dateParts: ENGLISH_PARTS };

/** A shipped locale's translation, whole, as the element has it once its parts have loaded. */
export const load = (code: string) => translationFor(code, new Map(), english);

/** Words a language writes as English does (checked in the rendered journey too). */
export const SAME_AS_ENGLISH: Record<string, string[]> = {
  es: ['Total'],
  'es-419': ['Total'],
  // Filipino's country names (CLDR, through Intl) are the English ones: `Bosnia and Herzegovina`.
  fil: ['and'],
  fr: ['Total'],
  'fr-CA': ['Total'],
  'pt-PT': ['Total'],
};

/** Stand-ins for a message's arguments: each must come out of the message unchanged. */
const ARGUMENTS = ['⟦1⟧', '⟦2⟧'] as const;

export type Message = Translation[keyof Translation];
export const isPlural = (value: Message): value is Plural =>
  typeof value === 'object' && 'other' in value;

/**
 * Every text of a translation as [key, text]: nested records by `key.inner`, plurals by
 * `key#category`, functions called with the stand-ins (a boolean choice both ways).
 */
export function texts(translation: Translation): [string, string][] {
  return Object.entries(translation).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'function') {
      const call = value as (...args: unknown[]) => string;
      return key === 'amountFormat'
        ? [
            [`${key}(whole)`, call(ARGUMENTS[0], true)],
            [`${key}(decimals)`, call(ARGUMENTS[0], false)],
          ]
        : [[key, call(...ARGUMENTS)]];
    }
    if (typeof value === 'object') {
      const separator = isPlural(value) ? '#' : '.';
      return Object.entries(value).map(([inner, text]) => [
        `${key}${separator}${inner}`,
        String(text),
      ]);
    }
    return [[key, String(value)]];
  });
}

/** The placeholders a text carries: the stand-ins it was called with, and `{count}`. */
export const placeholders = (text: string) =>
  [...text.matchAll(/⟦\d⟧|\{\w+\}/g)].map(([found]) => found).sort();

/** Keys that hold no customer-facing words. */
export const MARKS = ['$code', '$dir', '$decimal', '$group', '$minimumGroupingDigits'];

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English wording a page in `t`'s language must not show: each English message split at its
 * placeholders, as whole words, leaving out what `t` writes the same way (`QR`, a brand).
 */
export function englishPhrases(t: Translation): { key: string; pattern: RegExp }[] {
  const own = new Map(texts(t));
  const same = SAME_AS_ENGLISH[t.$code] ?? [];
  return texts(english).flatMap(([key, text]) => {
    if (MARKS.includes(key) || own.get(key) === text) return [];
    return text
      .split(/⟦\d⟧|\{\w+\}/)
      .map((fragment) => fragment.trim())
      .filter((fragment) => /\p{L}{3}/u.test(fragment) && !same.includes(fragment))
      .map((fragment) => ({
        key,
        pattern: new RegExp(`(?<![\\p{L}\\p{N}])${literally(fragment)}(?![\\p{L}\\p{N}])`, 'u'),
      }));
  });
}

/**
 * Every text a customer can read or hear in an element: its text nodes and the labels of its
 * elements, across the shadow roots of its sub-views.
 */
export function renderedTexts(root: Node): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if (node instanceof Element) {
      if (node.shadowRoot) walk(node.shadowRoot);
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = node.getAttribute(name);
        if (value?.trim()) found.push(value.trim());
      }
    }
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const text = child.textContent?.replace(/\s+/g, ' ').trim();
        if (text) found.push(text);
      } else if (!(child instanceof HTMLStyleElement)) walk(child);
    }
  };
  walk(root);
  return found;
}

/** The rendered texts that still read as an English message, each with that message's key. */
export function englishLeft(root: Node, t: Translation): string[] {
  const phrases = englishPhrases(t);
  return renderedTexts(root).flatMap((text) =>
    phrases.filter(({ pattern }) => pattern.test(text)).map(({ key }) => `${key}: "${text}"`),
  );
}

/**
 * The script-tag build's language chunks by code, as its `locales` chunk names them: one table of
 * `code:hash` pairs (build/locale-table.ts), each the file `chunks/{code}.bundled-{hash}.js`.
 */
export function builtLanguageFiles(locales: string): Map<string, string> {
  const table = /"((?:[\w-]+:[\w-]+ )+[\w-]+:[\w-]+)"/.exec(locales)?.[1] ?? '';
  return new Map(
    table
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split(':') as [string, string])
      .map(([code, hash]) => [code, `${code}.bundled-${hash}.js`]),
  );
}
