/**
 * What the dashboard's journeys share: a context on the dashboard with axe loaded and its CSP
 * violations and page errors collected, the merchant API with the bearer token (the test
 * process's), and sign-in through the dashboard's form (the browser never has the token).
 */

import assert from 'node:assert/strict';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { DEMO_ADMIN_TOKEN } from '@crypto-pay/test-kit/demo';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { AXE_SCRIPT, axeFindings, type Journeys, useStack, visible } from './support.ts';

/**
 * The proxy's settings for a stack whose journeys redeliver: a failed webhook attempt is tried
 * again only after an hour, so an attempt that succeeds after a failed one is the redelivery's.
 */
export const DASHBOARD_PROXY_ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '3600000' };

/**
 * The one setup of a dashboard journey file: the built stack and Chromium for the file's tests
 * (`useStack`), and the dashboard's helpers on it.
 */
export function useDashboard(proxyEnv: Record<string, string> = {}) {
  const state = useStack(proxyEnv);
  return { state, ...dashboardJourneys(state) };
}

/** The sign-in form's name and password, sent; resolves once the dashboard left sign-in. */
export async function signInAs(page: Page, account: { name: string; password: string }) {
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
}

/** The helpers, on the stack of `useStack()`'s `state`. */
export function dashboardJourneys(state: Journeys) {
  /** Whether the page scrolls sideways at its viewport's width. */
  const scrollsSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  interface Visit {
    context: BrowserContext;
    page: Page;
    /** CSP violations and page errors, for the test to assert none. */
    problems: string[];
  }

  /**
   * A fresh context on the dashboard with axe loaded and problems collected. The browser has no
   * bearer token: it signs in through the form (`signIn`), as a merchant does.
   */
  async function openDashboard(path: string, options: BrowserContextOptions = {}) {
    const context = await state.browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    await context.addInitScript({ path: AXE_SCRIPT });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A dialog is a script of someone else's at work (markup shown as markup): a problem.
    page.on('dialog', async (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      await dialog.dismiss();
    });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    await page.goto(`${state.stack.proxyUrl}${path}`);
    return { context, page, problems } satisfies Visit;
  }

  /**
   * What markup stored in a shown value would have made had the page read it as markup: the
   * `img` and `svg` elements and any `script` but the app's own module, through the shadow roots, and the
   * `__x` its scripts set.
   */
  async function injectedMarkup(page: Page) {
    // A loop, not a recursive function: the test's transpiler would wrap an inner function with
    // a helper the page lacks.
    return page.evaluate(() => {
      const found: string[] = [];
      const roots: (Document | ShadowRoot)[] = [document];
      for (let root = roots.pop(); root; root = roots.pop()) {
        for (const element of root.querySelectorAll('*')) {
          if (element.matches('img, svg, script:not([src^="/dashboard/assets/"])')) {
            found.push(element.outerHTML);
          }
          if (element.shadowRoot) roots.push(element.shadowRoot);
        }
      }
      return { found, ran: (window as unknown as { __x?: number }).__x };
    });
  }

  /** Whether `locator`'s element has the focus (through the shadow roots it sits in). */
  const focused = (locator: Locator) =>
    locator.evaluate((element) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active === element;
    });

  /**
   * Moves the focus with Tab (Shift+Tab with `backwards`) until it is on `locator`, as a
   * keyboard's user does; fails when a whole round of the page never reaches it.
   */
  async function tabTo(page: Page, locator: Locator, backwards = false) {
    await locator.waitFor();
    for (let presses = 0; presses < 300; presses++) {
      if (await focused(locator)) return;
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    }
    assert.fail(`Tab never reached ${locator}`);
  }

  /** Tabs to the field `locator` and types `text` there. */
  async function typeAt(page: Page, locator: Locator, text: string) {
    await tabTo(page, locator);
    await page.keyboard.type(text);
  }

  const { admin, adminGet, adminPost, account } = merchantApi(state);

  /**
   * A checkout of the kettle moved to `outcome` by the sandbox; resolves once the proxy applied
   * the callback (its status is `status`).
   */
  async function checkoutThatEnded(
    outcome: 'paid' | 'underpaid',
    status: Checkout['status'],
  ): Promise<Checkout> {
    const checkout = await createdCheckout(state.stack.proxyUrl, { product: 'kettle' });
    const merchant = await adminGet(`/admin/checkouts/${checkout.id}`);
    await state.control(`payment-requests/${merchant.payment_request_id}/simulate`, { outcome });
    await eventually(
      async () => (await state.checkout(checkout.id)).status === status,
      `the ${outcome} callback applied`,
    );
    return checkout;
  }

  /** The service's callbacks about the invoice `foreignId`, as the merchant API lists them. */
  async function invoiceCallbacks(foreignId: string): Promise<{ status?: string }[]> {
    const query = new URLSearchParams({ type: 'invoice', foreign_id: foreignId });
    return (await adminGet(`/admin/callbacks?${query}`)).data;
  }

  /** An invoice made over the bearer API, then seen by the service as pending: cancellable. */
  async function pendingInvoice(foreignId: string) {
    await adminPost('/admin/invoices', {
      title: 'Order 12',
      // A whole number: the merchant API takes amounts as JSON numbers, written exactly.
      amount: 1,
      currency: 'BTC',
      foreign_id: foreignId,
      end_user_reference: 'customer-12',
      timer: false,
      url_success: `${state.stack.demoUrl}/success.html`,
      url_failed: `${state.stack.demoUrl}/failed.html`,
      email_user: 'buyer@example.com',
      sender_type: 'natural',
      sender_data: { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-01-02' },
    });
    await state.control(`invoices/${encodeURIComponent(foreignId)}/simulate`, {
      outcome: 'pending',
    });
    await eventually(
      async () => (await invoiceCallbacks(foreignId)).some((cb) => cb.status === 'pending'),
      'the pending invoice’s callback',
    );
  }

  /**
   * A webhook endpoint for `checkout.created` on a port whose receiver was closed again: its
   * deliveries are refused until a receiver is started on `port`.
   */
  async function endpointWithReceiverDown() {
    const placeholder = await startWebhookReceiver(
      `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
    );
    const { url } = placeholder;
    await placeholder.close();
    const created = await adminPost('/admin/webhook-endpoints', {
      url,
      event_types: ['checkout.created'],
    });
    return {
      id: created.id as string,
      url,
      secret: created.secret as string,
      port: Number(new URL(url).port),
    };
  }

  /** The stack's first owner, made through the dashboard's ADMIN_TOKEN bootstrap. */
  const OWNER = { name: 'e2e-owner', password: 'an e2e owner password' };
  /** Whether this stack's first owner exists (the bootstrap runs once per stack). */
  let ownerMade = false;

  /**
   * Signs in through the form the dashboard sent `page` to, as the stack's owner. The first
   * time on a stack: the fresh install's way, ADMIN_TOKEN, then "create the first owner" (which
   * signs that owner in); `onSetup` sees the setup page. After that: the owner's name and password.
   */
  async function signIn(
    page: Page,
    onSetup?: (page: Page) => Promise<void>,
  ): Promise<typeof OWNER> {
    // Sign-in keeps the page that asked for it (`?next=`) and goes back there.
    await page.waitForURL(/\/dashboard\/sign-in/);
    if (ownerMade) {
      await signInAs(page, OWNER);
      return OWNER;
    }
    await page.getByLabel('ADMIN_TOKEN').fill(DEMO_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in with ADMIN_TOKEN' }).click();
    await page.getByRole('heading', { name: 'Create the first owner' }).waitFor();
    await onSetup?.(page);
    await page.getByLabel('Name').fill(OWNER.name);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create the owner and sign in' }).click();
    await page.getByText(`${OWNER.name} (owner)`).waitFor();
    ownerMade = true;
    return OWNER;
  }

  return {
    axeFindings,
    scrollsSideways,
    openDashboard,
    injectedMarkup,
    tabTo,
    typeAt,
    admin,
    adminGet,
    adminPost,
    signIn,
    signInAs,
    account,
    checkoutThatEnded,
    invoiceCallbacks,
    pendingInvoice,
    endpointWithReceiverDown,
  };
}

/** The Money page's invoice form filled for a person (Ann Lee) and sent. */
export async function createInvoice(
  page: Page,
  invoice: { title: string; amount: string; reference: string },
) {
  const form = page.locator('form', {
    has: page.getByRole('heading', { name: 'Create an invoice' }),
  });
  await form.getByLabel('Title (the customer sees it)').fill(invoice.title);
  await form.getByLabel('Amount').fill(invoice.amount);
  await form.getByLabel('Currency code (as in Balances: EUR, BTC, USDTT…)').fill('BTC');
  await form.getByLabel('Reference (your foreign_id, optional)').fill(invoice.reference);
  await form.getByLabel('Customer’s email').fill('buyer@example.com');
  // No guess is offered: the dashboard's own address is not the shop's.
  await form.getByLabel('Where the customer returns after paying').fill('https://shop.example/');
  await form.getByLabel('First name').fill('Ann');
  await form.getByLabel('Last name').fill('Lee');
  await form.getByLabel('Date of birth').fill('1990-01-02');
  await form.getByRole('button', { name: 'Create' }).click();
}

/** The address the dashboard's withdrawals are sent to. */
export const WITHDRAWAL_ADDRESS = 'tb1qexampleaddress000000000000000000000';

/**
 * The Money page's withdrawal form filled (BTC to `WITHDRAWAL_ADDRESS`, from Demo Shop BV) and
 * reviewed; resolves with its confirmation once shown.
 */
export async function reviewWithdrawal(page: Page, amount: string) {
  const form = page.locator('form', {
    has: page.getByRole('heading', { name: 'Send a withdrawal' }),
  });
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Currency code (as in Balances: EUR, BTC, USDTT…)').fill('BTC');
  await form.getByLabel('Address').fill(WITHDRAWAL_ADDRESS);
  await form.getByLabel('Legal name').fill('Demo Shop BV');
  await form.getByLabel('Country of registration', { exact: false }).fill('NLD');
  await form.getByRole('button', { name: 'Review' }).click();
  const confirmation = page.getByRole('region', { name: 'Confirm the withdrawal' });
  await confirmation.waitFor();
  return confirmation;
}

/**
 * Goes to `section` by the dashboard's navigation, as a user does, and waits for its `heading`
 * and its lists to have loaded.
 */
export async function openSection(page: Page, section: string, heading: string) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: section })
    .click();
  await visible(page.getByRole('heading', { name: heading, exact: true }));
  await loaded(page);
}

/** Waits until the page's loading lines are gone: what its lists show is all there. */
export async function loaded(page: Page) {
  await page.getByText('Loading…').first().waitFor({ state: 'detached' });
}

/** What a session's browser gets from the merchant API when it forces a POST of `body` to `path`. */
export function forced(page: Page, path: string, body: object = {}) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, code: ((await response.json()) as { code: string }).code };
    },
    { path, body },
  );
}

/**
 * The merchant API from the test process with the bearer token, on `state`'s stack (read when
 * called): the dashboard's journeys in every engine (tests/engines) set up and check with it.
 */
export function merchantApi(state: { stack: { proxyUrl: string } }) {
  /** A merchant API call from the test process with the bearer token. */
  async function admin(path: string, method = 'GET', body?: object): Promise<Response> {
    return fetch(`${state.stack.proxyUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${DEMO_ADMIN_TOKEN}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** A merchant API answer, read with the bearer token. */
  async function adminGet(path: string) {
    const response = await admin(path);
    assert.equal(response.status, 200, path);
    return response.json();
  }

  /** A merchant API call with a JSON body, with the bearer token; its 201 answer. */
  async function adminPost(path: string, body: object) {
    const response = await admin(path, 'POST', body);
    assert.equal(response.status, 201, await response.clone().text());
    return response.json();
  }

  /** An account of `role` made over the bearer API (once per name), to sign in with. */
  async function account(role: 'viewer' | 'operator' | 'owner') {
    const made = { name: `e2e-${role}-account`, password: `an e2e ${role} password` };
    const response = await admin('/admin/accounts', 'POST', { ...made, role });
    assert.ok(response.status === 201 || response.status === 409, await response.text());
    return made;
  }

  return { admin, adminGet, adminPost, account };
}
