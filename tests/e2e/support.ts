/**
 * What every journey needs: the built stack on free ports (sandbox, proxy, demo shop),
 * headless Chromium driven by playwright-core, and screenshots of each step saved under
 * artifacts/e2e/ (ignored by git) for the README and for whoever debugs a failure.
 */

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type Checkout, checkoutSchema } from '@crypto-pay/protocol/proxy-api';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import { startDemo } from '@crypto-pay/test-kit/demo';
import {
  companyDetails,
  type DetailsAction,
  personDetails,
  rememberedCheckoutIdInPage,
} from '@crypto-pay/test-kit/details-form';
import { freePort, ROOT } from '@crypto-pay/test-kit/process';
import { SENDER } from '@crypto-pay/test-kit/senders';
import { type Stack as FullStack, startStack } from '@crypto-pay/test-kit/stack';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';

/** Where a journey finds the servers of its stack. */
export interface Stack {
  sandboxUrl: string;
  proxyUrl: string;
  /** The shop as the browser opens it (the proxy allows this origin). */
  demoUrl: string;
  /** The sandbox's control API, through the test kit's sandbox driver. */
  control: FullStack['control'];
  /** The WEBHOOK_SECRET shared by the proxy and the shop's back end. */
  webhookSecret: string;
  /** Stops the proxy, runs `whileDown`, and starts it again on the same port. */
  restartProxy: FullStack['restartProxy'];
  /** The proxy's process, for a test that pauses it (SIGSTOP) as a hung server. */
  proxy: FullStack['proxy'];
  stop(): Promise<void>;
}

/**
 * What a journey file holds once `before` has run: the stack, the browser, a page opener, and
 * the service's and the proxy's side of a journey.
 */
export interface Journeys {
  stack: Stack;
  browser: Browser;
  /**
   * Opens one of the demo shop's pages (e.g. `product.html`) in a fresh context, made with
   * `options` over the default desktop viewport.
   */
  openShop(path: string, options?: BrowserContextOptions): Promise<ShopVisit>;
  /** Calls the sandbox's control API (a test plays the service's part, e.g. faults or clock). */
  control(path: string, body: object): Promise<unknown>;
  /** The checkout as the proxy reports it, read by the public API's contract. */
  checkout(id: string): Promise<Checkout>;
}

/** A page of the shop in a fresh context: its widget, and the customer's moves on it. */
export interface ShopVisit {
  context: BrowserContext;
  page: Page;
  /** The page's errors, for the test to assert none. */
  problems: string[];
  /** The `<crypto-pay>` on the page (Playwright's locators pierce its shadow root). */
  widget: Locator;
  /** Fills the details step as an individual and picks the pay-with currency. */
  fillPerson(payWith?: string): Promise<void>;
  /** Fills the details step as the legal sender, a company registered in the Netherlands. */
  fillCompany(payWith?: string): Promise<void>;
  /** The id the widget keeps in sessionStorage for the current checkout. */
  checkoutId(): Promise<string | undefined>;
}

/** Starts the built stack before the file's tests and a browser; stops both after them. */
export function useStack(proxyEnv: Record<string, string> = {}) {
  const state = {
    openShop: (path: string, options?: BrowserContextOptions) =>
      openPage(state.browser, `${state.stack.demoUrl}/${path}`, options),
    control: async (path: string, body: object) => {
      const answer = await state.stack.control(`/${path}`, body);
      if (answer.status >= 300) throw new Error(`sandbox ${path}: ${answer.status} ${answer.text}`);
      return answer.json;
    },
    checkout: async (id: string) => {
      const response = await fetch(`${state.stack.proxyUrl}/api/checkouts/${id}`);
      return checkoutSchema.parse(await response.json());
    },
  } as Journeys;
  before(async () => {
    const stack = await startStack({ demo: {}, proxyEnv });
    state.stack = {
      sandboxUrl: stack.sandbox.url,
      proxyUrl: stack.proxy.url,
      demoUrl: `http://127.0.0.1:${new URL(stack.demo!.url).port}`,
      control: stack.control,
      webhookSecret: stack.webhookSecret ?? '',
      restartProxy: stack.restartProxy,
      // The stack's own getter: a restarted proxy is a new process.
      get proxy() {
        return stack.proxy;
      },
      stop: stack.stop,
    };
    state.browser = await launchChromium(['--disable-quic']);
  });
  after(async () => {
    await state.browser?.close();
    await state.stack?.stop();
  });
  return state;
}

/**
 * A fresh browser context (own storage; `options` over a desktop viewport) with one page at
 * `url`, and the page's errors collected for the test to assert none.
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<ShopVisit> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1100, height: 900 },
    ...options,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(url);
  return { context, page, problems, ...customerOn(page) };
}

/** The widget on `page`, and the customer's moves on it (for a page opened another way too). */
export function customerOn(page: Page): Omit<ShopVisit, 'context' | 'page' | 'problems'> {
  return {
    widget: widgetOf(page),
    fillPerson: (payWith = 'BTC on Bitcoin') => playDetails(page, personDetails(payWith)),
    fillCompany: (payWith = 'ETH on Ethereum') => playDetails(page, companyDetails(payWith)),
    checkoutId: async () => (await page.evaluate(rememberedCheckoutIdInPage)) ?? undefined,
  };
}

/** Saves `artifacts/e2e/<journey>/<NN>-<step>.png`. */
export function screenshots(journey: string) {
  const folder = join(ROOT, 'artifacts/e2e', journey);
  mkdirSync(folder, { recursive: true });
  let step = 0;
  return async (page: Page, name: string) => {
    step += 1;
    await page.screenshot({ path: join(folder, `${String(step).padStart(2, '0')}-${name}.png`) });
  };
}

/** The suite's individual (@crypto-pay/test-kit/senders) as the widget's form takes them. */
export const person = {
  firstName: SENDER.sender_data.first_name,
  lastName: SENDER.sender_data.last_name,
  dateOfBirth: SENDER.sender_data.date_of_birth,
};

/**
 * The widget's date of birth: a group under the legend `label`, with a field for each part in
 * the language's order and words, each found as the browser's autofill finds it (`bday-day`).
 */
export function dateOfBirth(widget: Locator, label = 'Date of birth') {
  const group = widget.getByRole('group', { name: label, exact: true });
  const part = (name: string) => group.locator(`input[autocomplete="bday-${name}"]`);
  return { group, day: part('day'), month: part('month'), year: part('year') };
}

/** Fills the date of birth's fields with `date`'s parts (YYYY-MM-DD: a part empty, emptied). */
export async function fillDateOfBirth(widget: Locator, date: string, label?: string) {
  const [year = '', month = '', day = ''] = date.split('-');
  const fields = dateOfBirth(widget, label);
  await fields.day.fill(day);
  await fields.month.fill(month);
  await fields.year.fill(year);
}

/** The date of birth's fields' text as YYYY-MM-DD. */
export async function dateOfBirthValue(widget: Locator): Promise<string> {
  const { day, month, year } = dateOfBirth(widget);
  return `${await year.inputValue()}-${await month.inputValue()}-${await day.inputValue()}`;
}

/** Waits until the element is visible (playwright-core has no `expect`; this is its core). */
export function visible(locator: Locator, timeout = 15_000) {
  return locator.waitFor({ state: 'visible', timeout });
}

/** The `<crypto-pay>` on the page (Playwright's locators pierce its shadow root). */
export function widgetOf(page: Page) {
  return page.locator('crypto-pay');
}

/**
 * Waits for the widget's end view to show the payment reference, and checks it is the checkout
 * id `id` grouped in fours for reading aloud (the spaces removed, the id itself).
 */
export async function expectReference(widget: Locator, id: string) {
  await visible(widget.getByText('Payment reference', { exact: true }));
  const shown = (await widget.locator('[part="reference-value"]').textContent()) ?? '';
  assert.match(shown, /^(\S{4} )+\S{1,4}$/);
  assert.equal(shown.replaceAll(' ', ''), id);
}

/** Plays `actions` (@crypto-pay/test-kit/details-form) on the widget, as Playwright fills and checks. */
export async function playDetails(page: Page, actions: DetailsAction[]) {
  const widget = widgetOf(page);
  for (const action of actions) {
    if ('waitFor' in action) {
      await visible(widget.getByRole(action.waitFor.role, { name: action.waitFor.name }));
    } else if ('type' in action) {
      await widget.getByLabel(action.type.label).fill(action.text);
    } else if ('fillDate' in action) {
      await fillDateOfBirth(widget, action.date, action.fillDate.label);
    } else if ('click' in action) {
      await widget.getByRole(action.click.role, { name: action.click.name }).check();
    } else {
      await widget.getByLabel(action.selectOption.label).selectOption(action.value);
    }
  }
}

/**
 * The demo shop (built) with `proxyUrl` as its widget's proxy address, on a port of its own: a
 * merchant's setup mistake, its page's CSP allowing that address as the shop's would.
 */
export async function startMisconfiguredShop(proxyUrl: string) {
  const port = await freePort();
  // As the stack runs the built demo (test-kit `stack.ts`): production, as a merchant's would.
  const env = { ...process.env, NODE_ENV: 'production' };
  return startDemo({ built: true, port, proxyUrl, webhookSecret: '', env });
}

/**
 * A new page of `context` whose widget errors (`crypto-pay-error`, read with `heard()`) and
 * `<crypto-pay>` console errors (`lines`) are collected from before its script runs: a failure
 * can come as the element first renders, before a listener added afterwards.
 */
export async function watchedPage(context: BrowserContext) {
  await context.addInitScript(() => {
    const heard: unknown[] = [];
    Object.assign(window, { heard });
    document.addEventListener('crypto-pay-error', (event) =>
      heard.push((event as CustomEvent).detail),
    );
  });
  const page = await context.newPage();
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('<crypto-pay>')) {
      lines.push(message.text());
    }
  });
  const heard = async () =>
    (await page.evaluate('window.heard')) as { code: string; message: string }[];
  return { page, lines, heard };
}

/** Plays the customer on the sandbox's hosted payment page. */
export async function playOutcome(
  paymentPage: Page,
  outcome: 'paid' | 'underpaid' | 'overpaid' | 'failed' | 'expired',
) {
  await paymentPage.locator(`button[value="${outcome}"]`).click();
}

/** axe-core's engine, injected into the page under test as a plain script. */
export const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** What axe (WCAG 2.x A and AA, and its best practices such as `region`) finds on the page. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return axeFindings(page);
}

/** What axe, already in the page (a tag, or a context's init script where a CSP refuses tags), finds there. */
export async function axeFindings(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: object[] }> } }).axe;
    return (await axe.run()).violations as { id: string; nodes: { target: string[] }[] }[];
  });
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
