/**
 * The localize controller: picks the element's language (its `locale`, else the nearest `lang`
 * up the tree, else the browser's), keeps English at hand, and loads the others on demand so
 * they cost the default bundle nothing.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Translation } from './translation.ts';
import en from './translations/en.ts';

type Loader = () => Promise<{ default: Translation }>;

/** Every locale besides English, each a separate chunk. */
const loaders: Record<string, Loader> = {
  de: () => import('./translations/de.ts'),
  es: () => import('./translations/es.ts'),
  fr: () => import('./translations/fr.ts'),
  ar: () => import('./translations/ar.ts'),
};

export const SUPPORTED_LOCALES = ['en', ...Object.keys(loaders)] as const;

const loaded = new Map<string, Translation>([['en', en]]);

/** The best supported locale for a BCP 47 tag: `de-AT` gives `de`, unknown ones English. */
export function supportedLocale(tag: string | undefined | null): string {
  const language = (tag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return language in loaders ? language : 'en';
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

type Host = ReactiveControllerHost & HTMLElement & { locale?: string | undefined };

// One observer for every element: a page that changes <html lang> updates them all. Made on
// first connect: importing the module must work where there is no DOM (server rendering).
const connected = new Set<Host>();
let documentLangObserver: MutationObserver | undefined;

export class LocalizeController implements ReactiveController {
  /** The translation in use; English until another locale has loaded. */
  translation: Translation = en;
  /** Resolves when the wanted locale is in use (for hosts that must wait, and tests). */
  ready: Promise<void> = Promise.resolve();
  private wanted = 'en';
  /** The language tag the element asked for, region included (`en-GB`, `es-MX`). */
  private tag = 'en';

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    if (connected.size === 0) {
      documentLangObserver ??= new MutationObserver(() => {
        for (const host of connected) host.requestUpdate();
      });
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
    this.tag = this.host.locale || inheritedLang(this.host) || globalThis.navigator?.language || '';
    this.use(supportedLocale(this.tag));
  }

  /**
   * The locale for `Intl` (clock times): the asked tag with its region, so `en-GB` reads 24-hour
   * times, when the translation in use is its language; else the translation's.
   */
  get formatLocale(): string {
    const { $code } = this.translation;
    if (supportedLocale(this.tag) !== $code) return $code;
    try {
      return Intl.getCanonicalLocales(this.tag)[0] ?? $code;
    } catch {
      return $code; // Not a well-formed tag (`en_GB`).
    }
  }

  private use(code: string): void {
    if (code === this.wanted) return;
    this.wanted = code;
    const ready = loaded.get(code);
    if (ready) {
      this.translation = ready;
      this.ready = Promise.resolve();
      return;
    }
    const load = loaders[code] as Loader;
    this.ready = load().then(
      (module) => {
        loaded.set(code, module.default);
        if (this.wanted !== code) return;
        this.translation = module.default;
        this.host.requestUpdate();
      },
      // A locale chunk that fails to load leaves the checkout in English rather than broken.
      () => undefined,
    );
  }
}
