/**
 * The localize controller: picks the element's language (its `locale`, else the nearest `lang`
 * up the tree, else the browser's), keeps English's first view at hand, and loads the rest on
 * demand (the other languages, and English's later messages) so they cost the default bundle
 * nothing.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { loadPart } from '../api/parts.ts';
import type { EarlyTranslation, FormMessages, LaterMessages, Translation } from './translation.ts';
import firstEnglish from './translations/en.ts';

/** English's first view: its later messages come, as other languages do, through locales.ts. */
const en: EarlyTranslation = firstEnglish;

/** The language subtag of a tag, lower case: `pt` of `pt-BR`. */
const languageOf = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];

/** The translation each tag asked for so far got, so a second element or tag needs no wait. */
const chosen = new Map<string, EarlyTranslation>();
/** The tags whose translation was sent for (a failed chunk is not asked again: English stays). */
const sentFor = new Set<string>();

/** Messages merchants registered, by locale code, over the shipped ones. */
const custom = new Map<string, Partial<Translation>>();
/** Bumped by each registration: a load begun before one is not kept (it chose without it). */
let registrations = 0;

/**
 * Replaces some of a locale's messages (`registerMessages('de', { successBody: 'Danke!' })`),
 * or adds a locale the widget does not ship (`sv`, `pt-PT`: its missing messages then come from
 * its language's shipped translation, else English). Every `<crypto-pay>` on the page takes them
 * at its next render.
 */
export function registerMessages(locale: string, messages: Partial<Translation>): void {
  custom.set(locale, { ...custom.get(locale), ...messages });
  registrations++;
  chosen.clear();
  sentFor.clear();
  updateAll();
}

/**
 * The tags that could not be had whole: neither their translation nor English's later messages
 * loaded. Their elements' views that wait for later messages then show without them, as without
 * the panel's chunk.
 */
const failed = new Set<string>();

/**
 * English's messages past its first view (the form's mistakes, the pay step and after): a chunk
 * of their own, which only a page whose translation falls back to English fetches.
 */
export const laterEnglish = async (): Promise<LaterMessages & FormMessages> => {
  const later = await import('./translations/en-later.ts');
  return { ...later.default, ...later.enForm };
};

/**
 * Asks again for the translations that failed to load (the form's Continue, which needs the
 * words of its mistakes): every element takes them at its next render once they come.
 */
export function askAgain(): void {
  for (const tag of failed) sentFor.delete(tag);
  failed.clear();
  updateAll();
}

/** The nearest `lang` attribute above an element, crossing shadow roots. */
function inheritedLang(element: Element): string | null {
  let node: Element | null = element;
  while (node) {
    const lang = node.closest('[lang]')?.getAttribute('lang');
    if (lang) return lang;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

/**
 * The whole translation, once the later messages are there: from the locale chunk, for English
 * as for the others. Views that show later messages wait for it; they come all at once, so one
 * stands for all.
 */
export const wholeOf = (translation: EarlyTranslation): Translation | undefined =>
  isWhole(translation) ? translation : undefined;
const isWhole = (translation: EarlyTranslation): translation is Translation =>
  translation.elsewhereBody !== undefined;

type Host = ReactiveControllerHost & HTMLElement & { locale?: string | undefined };

// One observer for every element: a page that changes <html lang> updates them all. Made on
// first connect: importing the module must work where there is no DOM (server rendering).
const connected = new Set<Host>();
let documentLangObserver: MutationObserver | undefined;
const updateAll = () => {
  for (const host of connected) host.requestUpdate();
};

export class LocalizeController implements ReactiveController {
  /** The shipped (or registered) translation in use; English until another one has loaded. */
  private base: EarlyTranslation = en;
  /** The language tag the element asked for, region included (`en-GB`, `es-MX`). */
  private tag = 'en';

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  /** The translation in use, with the messages a merchant registered for it. */
  get translation(): EarlyTranslation {
    return { ...en, ...this.base, ...custom.get(this.base.$code) };
  }

  hostConnected(): void {
    if (connected.size === 0) {
      documentLangObserver ??= new MutationObserver(updateAll);
      documentLangObserver.observe(document.documentElement, {
        attributes: true,
        attributeFilter: ['lang'],
      });
    }
    connected.add(this.host);
  }

  hostDisconnected(): void {
    connected.delete(this.host);
    if (connected.size === 0) documentLangObserver?.disconnect();
  }

  hostUpdate(): void {
    const tag =
      this.host.locale || inheritedLang(this.host) || globalThis.navigator?.language || 'en';
    this.tag = tag;
    // English's first view ships in the first paint for `en` and `en-US` (unless a merchant
    // registered messages for this very tag, `en-US` as written), and shows at once; its later
    // messages, like other languages and English tags (the locale chunk knows the regions that
    // read British English, `en-AU`), come from the locale chunk. (The first paint has no bytes
    // to spare for either.) Until another language arrives, the one in use stays, so a page
    // whose `lang` turns English on the pay step keeps it whole until English is.
    const english = /^en([-_]us)?$/i.test(tag) && (tag === 'en' || !custom.has(tag));
    this.base = chosen.get(tag) ?? (english && !isWhole(this.base) ? en : this.base);
    if (!chosen.has(tag) && !sentFor.has(tag)) {
      sentFor.add(tag);
      const asked = registrations;
      // English's first view is here: its later messages are asked for in a task of their own,
      // once it has rendered (starting an import costs that render a few milliseconds:
      // BENCHMARKS.md, session 25). Another language is asked for at once.
      const list = english
        ? new Promise((resolve) => setTimeout(resolve)).then(() => import('./locales.ts'))
        : import('./locales.ts');
      // One that fails to load leaves the checkout whole in English, whose later messages are
      // a chunk of their own (not the list of languages', which may be what failed); only if
      // that fails too does it stay in English's first view.
      loadPart(
        this.host,
        list.then((locales) => locales.translationFor(tag, custom, en)),
      )
        .catch(() =>
          loadPart(this.host, laterEnglish()).then((later): Translation => ({ ...en, ...later })),
        )
        .then(
          (translation) => asked === registrations && chosen.set(tag, translation),
          () => asked === registrations && failed.add(tag),
        )
        .then(updateAll);
    }
  }

  /** Neither the element's language nor English's later messages could load. */
  get failed(): boolean {
    return failed.has(this.tag);
  }

  /**
   * The locale for `Intl` (clock times): the asked tag with its region, so `en-GB` reads 24-hour
   * times, when the translation in use is its language; else the translation's.
   */
  get formatLocale(): string {
    const { $code } = this.base;
    if (languageOf(this.tag) !== languageOf($code)) return $code;
    try {
      return Intl.getCanonicalLocales(this.tag)[0] ?? $code;
    } catch {
      return $code; // Not a well-formed tag (`en_GB`).
    }
  }
}
