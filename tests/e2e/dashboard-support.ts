/**
 * What the dashboard's journeys share: a context on the dashboard with axe loaded and its CSP
 * violations and page errors collected, the merchant API with the bearer token, and sign-in
 * once the proxy has sessions (part A of issue 31); until then the browser carries the token.
 */

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { DEMO_ADMIN_TOKEN } from '@crypto-pay/test-kit/demo';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Journeys } from './support.ts';

/** The helpers, on the stack of `useStack()`'s `state`. */
export function dashboardJourneys(state: Journeys) {
  /** axe-core's engine, added to every document of a context before its own scripts. */
  const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

  /** What axe finds on the page (its engine came with the context: the CSP refuses a script tag). */
  async function axeFindings(page: Page): Promise<string[]> {
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: object[] }> } }).axe;
      return (await axe.run()).violations as { id: string; nodes: { target: string[] }[] }[];
    });
    return violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }

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
   * A fresh context on the dashboard with axe loaded and problems collected. `bearer`: every
   * request carries the merchant API's token (the way in until the proxy has sessions).
   */
  async function openDashboard(
    path: string,
    options: BrowserContextOptions & { bearer?: boolean } = {},
  ) {
    const { bearer, ...contextOptions } = options;
    const context = await state.browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...(bearer ? { extraHTTPHeaders: { Authorization: `Bearer ${DEMO_ADMIN_TOKEN}` } } : {}),
      ...contextOptions,
    });
    await context.addInitScript({ path: AXE_SCRIPT });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    await page.goto(`${state.stack.proxyUrl}${path}`);
    return { context, page, problems } satisfies Visit;
  }

  /** A merchant API answer, read with the bearer token. */
  async function adminGet(path: string) {
    const response = await fetch(`${state.stack.proxyUrl}${path}`, {
      headers: { Authorization: `Bearer ${DEMO_ADMIN_TOKEN}` },
    });
    assert.equal(response.status, 200, path);
    return response.json();
  }

  /** A merchant API call with a JSON body, with the bearer token; its 201 answer. */
  async function adminPost(path: string, body: object) {
    const response = await fetch(`${state.stack.proxyUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 201, await response.clone().text());
    return response.json();
  }

  /** Whether this proxy has dashboard sessions (`/admin/session`, part A of issue 31). */
  async function hasSessions(): Promise<boolean> {
    // With the token: without one, the merchant API's guard answers 401 before any route.
    const response = await fetch(`${state.stack.proxyUrl}/admin/session`, {
      headers: { Authorization: `Bearer ${DEMO_ADMIN_TOKEN}` },
    });
    return response.status !== 404;
  }

  const OWNER = { name: 'e2e-owner', password: 'an e2e owner password' };

  /**
   * On a proxy with sessions, signs in when the sign-in page shows, as an owner the merchant API
   * made with the bearer token (made once; a second make is refused and changes nothing).
   */
  async function signInIfAsked(page: Page): Promise<void> {
    if (!(await hasSessions())) return;
    await fetch(`${state.stack.proxyUrl}/admin/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...OWNER, role: 'owner' }),
    });
    // Sign-in keeps the page that asked for it (`?next=`) and goes back there.
    await page.waitForURL(/\/dashboard\/sign-in/);
    await page.getByLabel('Name').fill(OWNER.name);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
  }

  return {
    axeFindings,
    scrollsSideways,
    openDashboard,
    adminGet,
    adminPost,
    hasSessions,
    signInIfAsked,
  };
}
