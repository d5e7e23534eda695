/**
 * Firefox ESR (Debian's `firefox-esr`, or FIREFOX_PATH) driven by puppeteer-core over WebDriver
 * BiDi: headless, offline, a browser context per journey, killed with its children when the
 * test process ends, whichever way.
 */

import { ensureBrowsers } from '@crypto-pay/test-kit/browsers';
import { guardAgainstOrphans } from '@crypto-pay/test-kit/orphan-guard';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { type Engine, type EngineBrowser, type Tab, WAIT_MS } from './driver.ts';
import {
  dateKeystrokes,
  datePartFields,
  describeTarget,
  locate,
  pageCall,
  type Target,
  toPageTarget,
} from './target.ts';

/**
 * The value of `expression` once it is truthy, asked in the page every 20 ms (a hidden tab
 * runs no animation frames), or an error after `timeoutMs`. Not puppeteer's waitForFunction:
 * its poller builds the predicate with Function(), which the demo's Content-Security-Policy
 * blocks in Firefox 140.12 (EvalError); an expression evaluated over WebDriver BiDi is not an
 * eval of the page's.
 */
async function untilTruthy(page: Page, expression: string, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await page.evaluateHandle(expression);
      if (await handle.evaluate((value) => Boolean(value))) return handle;
      await handle.dispose();
    } catch (error) {
      // A navigation between two looks destroys the context asked in: ask the next document.
      if (!/context|navigat|destroyed/i.test(String(error))) throw error;
    }
    if (performance.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${expression.slice(0, 80)}…`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The element `target` names, once it is rendered (and enabled, for `enabled`). */
async function element(page: Page, target: Target, enabled = false) {
  try {
    const handle = await untilTruthy(
      page,
      pageCall(locate, toPageTarget(target), enabled),
      WAIT_MS,
    );
    return handle as ElementHandle<Element>;
  } catch (error) {
    throw new Error(`Firefox: no ${describeTarget(target)} on ${page.url()}`, { cause: error });
  }
}

/**
 * Firefox 140.12's own report of an event stream the page left open as it navigated away (or
 * one refused meanwhile), which it hands to WebDriver BiDi as a page's error: no code of the
 * page threw it, and the widget reconnects on its own.
 */
const STREAM_CUT =
  /^Error: (The connection to \S+\/events was interrupted while the page was loading|Firefox can’t establish a connection to the server at \S+\/events)\.$/;

function tabOf(page: Page, pageErrors: string[]): Tab {
  page.on('pageerror', (error) => {
    if (!STREAM_CUT.test(String(error))) pageErrors.push(`${page.url()}: ${String(error)}`);
  });
  return {
    async waitForUrl(pattern, timeoutMs = WAIT_MS) {
      // Asked in each document the tab loads until one's address matches, and that address
      // read in the page: puppeteer's page.url() can still name the document before.
      const address = await untilTruthy(
        page,
        pageCall(
          (source: string, flags: string) =>
            new RegExp(source, flags).test(location.href) && location.href,
          pattern.source,
          pattern.flags,
        ),
        timeoutMs,
      );
      return (await address.jsonValue()) as string;
    },
    async waitFor(target) {
      await element(page, target);
    },
    async click(target) {
      await (await element(page, target, true)).click();
    },
    async clickToNewTab(target) {
      const link = await element(page, target, true);
      const opened = page
        .browserContext()
        .waitForTarget((candidate) => candidate.type() === 'page' && candidate !== page.target(), {
          timeout: WAIT_MS,
        });
      await link.click();
      const paymentPage = await (await opened).page();
      if (!paymentPage) throw new Error('Firefox: the new tab has no page');
      return tabOf(paymentPage, pageErrors);
    },
    async type(target, text) {
      await (await element(page, target, true)).type(text);
    },
    async clear(target) {
      // As a person does: the whole value selected (a triple click), then deleted.
      const field = await element(page, target, true);
      await field.click({ count: 3 });
      await page.keyboard.press('Backspace');
    },
    async fillDate(target, isoDate) {
      const date = await element(page, target, true);
      if (await date.evaluate((found) => found.localName === 'fieldset')) {
        for (const [field, digits] of datePartFields(target, isoDate)) {
          await (await element(page, field, true)).type(digits);
        }
        return;
      }
      // Firefox's date input takes digits field by field, as a person types them.
      const keys = (await page.evaluate(pageCall(dateKeystrokes, isoDate))) as string;
      await date.type(keys);
    },
    async selectOption(target, value) {
      await (await element(page, target, true)).select(value);
    },
    async textOf(target) {
      const text = await (await element(page, target)).evaluate((found) => found.textContent);
      return (text ?? '').replace(/\s+/g, ' ').trim();
    },
    async has(target) {
      return (await page.evaluate(
        `${pageCall(locate, toPageTarget(target), false)} !== null`,
      )) as boolean;
    },
    async reload() {
      await page.reload();
    },
    evaluate: async (script, ...args) => (await page.evaluate(pageCall(script, ...args))) as never,
  };
}

export const firefox: Engine = {
  name: 'Firefox',
  async launch(): Promise<EngineBrowser> {
    const { FIREFOX_PATH } = ensureBrowsers(['firefox']);
    const browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX_PATH!,
      headless: true,
      defaultViewport: { width: 1100, height: 900 },
    });
    // puppeteer starts Firefox in a process group of its own: the whole group goes.
    const pid = browser.process()?.pid;
    const guard = guardAgainstOrphans(pid ? [['kill', '-KILL', `-${pid}`]] : []);
    const contexts: Awaited<ReturnType<typeof browser.createBrowserContext>>[] = [];
    const pageErrors: string[] = [];
    return {
      async open(url) {
        const context = await browser.createBrowserContext();
        contexts.push(context);
        const page = await context.newPage();
        await page.goto(url);
        return tabOf(page, pageErrors);
      },
      takePageErrors: () => pageErrors.splice(0),
      async closeTabs() {
        for (const context of contexts.splice(0)) await context.close();
      },
      async close() {
        try {
          await browser.close();
        } finally {
          guard.release();
        }
      },
    };
  },
};
