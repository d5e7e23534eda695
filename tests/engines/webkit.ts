/**
 * WebKit (WebKitGTK's MiniBrowser, from Debian's `webkit2gtk-driver`) driven by selenium-webdriver
 * through WebKitWebDriver, on an Xvfb display of its own; the display, the driver and the
 * browser are killed when the browser closes, or when the test process ends, whichever way.
 */

import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { ensureBrowsers } from '@crypto-pay/test-kit/browsers';
import { guardAgainstOrphans } from '@crypto-pay/test-kit/orphan-guard';
import { freePort } from '@crypto-pay/test-kit/process';
import { Builder, Capabilities, type WebDriver, type WebElement } from 'selenium-webdriver';
import { type Engine, type EngineBrowser, type Tab, WAIT_MS } from './driver.ts';
import {
  datePartFields,
  describeTarget,
  locate,
  pageFunction,
  type Target,
  toPageTarget,
} from './target.ts';

/** selenium-webdriver's own wait for a driver server to answer (its types leave it out). */
const { waitForServer } = createRequire(import.meta.url)('selenium-webdriver/http/util') as {
  waitForServer(url: string, timeoutMs: number): Promise<void>;
};

/** How often a wait asks the page again, so that it does not keep both CPUs busy asking. */
const POLL_MS = 50;

/** The MiniBrowser that Debian's libwebkit2gtk ships, in its architecture's library folder. */
function miniBrowser(): string {
  const found = readdirSync('/usr/lib')
    .filter((folder) => folder.endsWith('-linux-gnu'))
    .map((folder) => join('/usr/lib', folder, 'webkit2gtk-4.1/MiniBrowser'))
    .find((path) => existsSync(path));
  if (!found) throw new Error('WebKitGTK MiniBrowser not found: install "webkit2gtk-driver".');
  return found;
}

/** Starts Xvfb on a display it picks itself (-displayfd) and resolves once it accepts clients. */
async function startDisplay(guarded: (child: ChildProcess) => void): Promise<{ display: string }> {
  const server = spawn(
    'Xvfb',
    ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x1024x24'],
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  guarded(server);
  const announced = server.stdio[3] as Readable;
  announced.setEncoding('utf8');
  const [number] = (await Promise.race([
    once(announced, 'data'),
    once(server, 'exit').then(([code]) => {
      throw new Error(`Xvfb exited (${code}) before it announced its display.`);
    }),
  ])) as [string];
  return { display: `:${number.trim()}` };
}

/** Starts WebKitWebDriver on a free port, on the display given (startSession waits for it). */
async function startDriver(driverPath: string, display: string) {
  const port = await freePort();
  const driver = spawn(driverPath, [`--port=${port}`, '--host=local'], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  });
  return { driver, url: `http://127.0.0.1:${port}` };
}

/** A session of the driver at `url`: MiniBrowser, started by the driver for automation. */
async function startSession(url: string) {
  await waitForServer(url, WAIT_MS);
  const capabilities = new Capabilities({
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
  });
  return new Builder().usingServer(url).withCapabilities(capabilities).build();
}

/** Tabs of one session: WebDriver talks to one window at a time, so each tab switches first. */
function tabsOf(session: WebDriver) {
  let current = '';
  const focus = async (handle: string) => {
    if (current !== handle) await session.switchTo().window(handle);
    current = handle;
  };

  /** Runs `fn` in the current window's page with `args` (elements among them). */
  const run = (fn: (...args: never[]) => unknown, ...args: unknown[]) =>
    session.executeScript(`return ${pageFunction(fn)}.apply(null, arguments)`, ...args);

  const element = async (target: Target, enabled = false) => {
    try {
      return (await session.wait(
        () => run(locate, toPageTarget(target), enabled),
        WAIT_MS,
        undefined,
        POLL_MS,
      )) as WebElement;
    } catch (error) {
      const url = await session.getCurrentUrl();
      throw new Error(`WebKit: no ${describeTarget(target)} on ${url}`, { cause: error });
    }
  };

  const tab = (handle: string): Tab => ({
    async waitForUrl(pattern, timeoutMs = WAIT_MS) {
      await focus(handle);
      const matched = await session.wait(
        async () => {
          const address = await session.getCurrentUrl();
          return pattern.test(address) && address;
        },
        timeoutMs,
        `WebKit: no address like ${pattern}`,
        POLL_MS,
      );
      return matched as string;
    },
    async waitFor(target) {
      await focus(handle);
      await element(target);
    },
    async click(target) {
      await focus(handle);
      await (await element(target, true)).click();
    },
    async clickToNewTab(target) {
      await focus(handle);
      const link = await element(target, true);
      assert.equal(await link.getAttribute('target'), '_blank', 'a link to a new tab');
      const address = await link.getAttribute('href');
      assert.ok(address, 'a link with an address');
      await link.click();
      // MiniBrowser under automation opens no window that a page asks for (a link's new tab,
      // window.open: no new handle, window.open gives null), so the driver opens the link's
      // address in a new tab itself, as a customer who copies the link would.
      return open(address);
    },
    async type(target, text) {
      await focus(handle);
      await (await element(target, true)).sendKeys(text);
    },
    async clear(target) {
      await focus(handle);
      await (await element(target, true)).clear();
    },
    async fillDate(target, isoDate) {
      await focus(handle);
      const date = await element(target, true);
      if ((await date.getTagName()).toLowerCase() === 'fieldset') {
        for (const [field, digits] of datePartFields(target, isoDate)) {
          await (await element(field, true)).sendKeys(digits);
        }
        return;
      }
      // WebKitGTK's date input ignores WebDriver's keystrokes: the value is set as a script
      // can, with the events typing would fire (tests/e2e types it, in Chromium).
      await run(
        (input: HTMLInputElement, value: string) => {
          input.focus();
          input.value = value;
          input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
          input.dispatchEvent(new Event('change', { bubbles: true }));
        },
        date,
        isoDate,
      );
    },
    async selectOption(target, value) {
      await focus(handle);
      const list = await element(target, true);
      const option = (await run(
        (select: HTMLSelectElement, wanted: string) =>
          [...select.options].find((candidate) => candidate.value === wanted) ?? null,
        list,
        value,
      )) as WebElement | null;
      if (!option) throw new Error(`WebKit: no option ${value} in ${describeTarget(target)}`);
      await option.click();
    },
    async textOf(target) {
      await focus(handle);
      const text = (await run((found: Element) => found.textContent, await element(target))) as
        | string
        | null;
      return (text ?? '').replace(/\s+/g, ' ').trim();
    },
    async has(target) {
      await focus(handle);
      return (await run(locate, toPageTarget(target), false)) !== null;
    },
    async reload() {
      await focus(handle);
      await session.navigate().refresh();
    },
    // WebDriver's Execute Script waits for a promise the script returns.
    async evaluate(script, ...args) {
      await focus(handle);
      return (await run(script, ...args)) as never;
    },
  });

  /** A new window: its own sessionStorage, as a new tab has. */
  const open = async (url: string) => {
    await session.switchTo().newWindow('tab');
    current = await session.getWindowHandle();
    await session.get(url);
    return tab(current);
  };

  return {
    open,
    /**
     * Closes every window but the first (closing the last would end the session), and deletes
     * the cookies their documents see: the windows of one session share them, and every
     * server of a stack is on 127.0.0.1, whose cookies are the same on every port.
     */
    async closeAllButFirst() {
      const [first, ...others] = await session.getAllWindowHandles();
      for (const other of others) {
        await focus(other);
        await session.manage().deleteAllCookies();
        await session.close();
      }
      await focus(first!);
    },
  };
}

export const webkit: Engine = {
  name: 'WebKit',
  async launch(): Promise<EngineBrowser> {
    const { WEBKIT_DRIVER_PATH } = ensureBrowsers(['webkit']);
    // Each in a process group of its own, guarded from the moment it starts: the groups go
    // (the driver's holds the browser it started), however this process ends.
    const started: { pid: number; guard: ReturnType<typeof guardAgainstOrphans> }[] = [];
    const guarded = (child: ChildProcess) =>
      started.push({
        pid: child.pid!,
        guard: guardAgainstOrphans([['kill', '-KILL', `-${child.pid}`]]),
      });
    const killAll = () => {
      for (const { pid, guard } of started.splice(0)) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
        guard.release();
      }
    };
    try {
      const { display } = await startDisplay(guarded);
      const { driver, url } = await startDriver(WEBKIT_DRIVER_PATH!, display);
      guarded(driver);
      const session = await startSession(url);
      const tabs = tabsOf(session);
      return {
        open: tabs.open,
        closeTabs: tabs.closeAllButFirst,
        // WebDriver classic has no event for a page's uncaught errors.
        takePageErrors: () => [],
        async close() {
          // A clean end of the session first, bounded: the kill below ends what it leaves.
          await Promise.race([session.quit(), delay(WAIT_MS, undefined, { ref: false })]).finally(
            killAll,
          );
        },
      };
    } catch (error) {
      killAll();
      throw error;
    }
  },
};
