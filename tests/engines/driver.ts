/**
 * The little a journey asks of a browser engine, so that one journey description runs in every
 * engine: each engine's driver (firefox.ts, webkit.ts) implements it with its own protocol.
 * Every wait is for an element state or an address, up to WAIT_MS; none is a pause.
 */

import type { Target } from './target.ts';

/** How long a wait for an element or an address may take before the journey fails. */
export const WAIT_MS = 15_000;

/** One tab of the browser. */
export interface Tab {
  /** Waits until its address matches `pattern`; resolves with it. */
  waitForUrl(pattern: RegExp): Promise<string>;
  /** Waits until the target is rendered. */
  waitFor(target: Target): Promise<void>;
  /** Waits until the target is rendered and enabled, then clicks it as a person does. */
  click(target: Target): Promise<void>;
  /** Clicks the target (a link to a new tab) and resolves with the tab it opens. */
  clickToNewTab(target: Target): Promise<Tab>;
  /** Types `text` into the target, key by key. */
  type(target: Target, text: string): Promise<void>;
  /**
   * Puts `isoDate` (YYYY-MM-DD) into a date input: typed where the engine's date input takes
   * keystrokes, set as a test driver can where it does not (WebKitGTK).
   */
  fillDate(target: Target, isoDate: string): Promise<void>;
  /** Picks the option of a `<select>` whose value is `value`. */
  selectOption(target: Target, value: string): Promise<void>;
  /** Runs `script` in the page and resolves with what it returns (JSON-like values). */
  evaluate<T>(script: () => T): Promise<T>;
}

/** A running browser. */
export interface EngineBrowser {
  /** Opens `url` in a new tab with storage of its own (nothing left by another journey). */
  open(url: string): Promise<Tab>;
  /**
   * The uncaught errors of its pages since the last call, where the engine's protocol reports
   * them (WebDriver BiDi does; WebKitWebDriver, WebDriver classic, has no such event: none).
   */
  takePageErrors(): string[];
  /** Closes the tabs `open` and `clickToNewTab` gave. */
  closeTabs(): Promise<void>;
  /** Closes the browser and everything started for it (driver, display). */
  close(): Promise<void>;
}

/** An engine as the journeys know it: its name and how to start it. */
export interface Engine {
  name: string;
  launch(): Promise<EngineBrowser>;
}
