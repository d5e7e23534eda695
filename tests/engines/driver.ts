/**
 * The little a journey asks of a browser engine, so that one journey description runs in every
 * engine: each engine's driver (firefox.ts, webkit.ts) implements it with its own protocol.
 * Every wait is for an element state or an address, up to WAIT_MS; none is a pause.
 */

import type { DetailsAction } from '@crypto-pay/test-kit/details-form';
import type { Target } from './target.ts';

/** How long a wait for an element or an address may take before the journey fails. */
export const WAIT_MS = 15_000;

/** One tab of the browser. */
export interface Tab {
  /** Waits until its address matches `pattern` (up to `timeoutMs`, WAIT_MS by default); resolves with it. */
  waitForUrl(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Waits until the target is rendered. */
  waitFor(target: Target): Promise<void>;
  /** Waits until the target is rendered and enabled, then clicks it as a person does. */
  click(target: Target): Promise<void>;
  /** Clicks the target (a link to a new tab) and resolves with the tab it opens. */
  clickToNewTab(target: Target): Promise<Tab>;
  /** Types `text` into the target, key by key. */
  type(target: Target, text: string): Promise<void>;
  /** Empties a text field (one the page filled in), so that `type` then replaces its value. */
  clear(target: Target): Promise<void>;
  /**
   * Puts `isoDate` (YYYY-MM-DD) into a date: the widget's three fields (a fieldset: each part
   * typed into its own, `datePartFields`), or a date input (the dashboard's): typed where the
   * engine's date input takes keystrokes, set as a test driver can where it does not (WebKitGTK).
   */
  fillDate(target: Target, isoDate: string): Promise<void>;
  /** Picks the option of a `<select>` whose value is `value`. */
  selectOption(target: Target, value: string): Promise<void>;
  /** Waits until the target is rendered; resolves with its text, spaces collapsed. */
  textOf(target: Target): Promise<string>;
  /**
   * Whether the target is rendered now, without waiting: asked once the page shows what a
   * journey waited for, to prove something absent (a button a role may not use).
   */
  has(target: Target): Promise<boolean>;
  /** Loads its address again and waits for the document. */
  reload(): Promise<void>;
  /**
   * Runs `script` in the page with `args` (JSON values) and resolves with what it returns, or
   * what the promise it returns fulfils with (JSON-like values).
   */
  evaluate<T, A extends unknown[] = []>(
    script: (...args: A) => T | Promise<T>,
    ...args: A
  ): Promise<T>;
}

/** A running browser. */
export interface EngineBrowser {
  /**
   * Opens `url` in a new tab with storage of its own: nothing left by another journey (the tabs
   * of one journey may share cookies, as WebKit's windows of one session do, until `closeTabs`).
   */
  open(url: string): Promise<Tab>;
  /**
   * The uncaught errors of its pages since the last call, where the engine's protocol reports
   * them (WebDriver BiDi does; WebKitWebDriver, WebDriver classic, has no such event: none).
   */
  takePageErrors(): string[];
  /** Closes the tabs `open` and `clickToNewTab` gave, and forgets their cookies. */
  closeTabs(): Promise<void>;
  /** Closes the browser and everything started for it (driver, display). */
  close(): Promise<void>;
}

/** An engine as the journeys know it: its name and how to start it. */
export interface Engine {
  name: string;
  launch(): Promise<EngineBrowser>;
}

/** Plays `actions` (@crypto-pay/test-kit/details-form) in `tab`, key by key and click by click. */
export async function playDetails(tab: Tab, actions: DetailsAction[]) {
  for (const action of actions) {
    if ('waitFor' in action) await tab.waitFor(action.waitFor);
    else if ('type' in action) await tab.type(action.type, action.text);
    else if ('fillDate' in action) await tab.fillDate(action.fillDate, action.date);
    else if ('click' in action) await tab.click(action.click);
    else await tab.selectOption(action.selectOption, action.value);
  }
}
