/**
 * A merchant's built app opened in headless Chromium as its visitors open it, its files served
 * from `dist/` and its proxy (`/pay`) refusing every call, so each `<crypto-pay>` ends on an error
 * view and tells the page, which the app's own event handlers show.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import type { Page } from 'playwright-core';

export const ORIGIN = 'http://shop.test';
/** The code the proxy's refusal carries, which the apps' `crypto-pay-error` handlers show. */
export const REFUSAL_CODE = 'shop_closed';

/** What one `<crypto-pay>` on the page holds, as the element read it. */
export interface ElementState {
  proxy: string;
  mode: string;
  checkoutId: string | null;
  successUrl: string | null;
  failedUrl: string | null;
  locale: string | null;
  amount: string | null;
}

export async function openBuiltApp(dist: string) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    await context.route(`${ORIGIN}/**`, (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname.startsWith('/pay/')) {
        return route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The shop is closed.', code: REFUSAL_CODE }),
        });
      }
      const file = join(dist, pathname === '/' ? 'index.html' : pathname);
      return existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404 });
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('400')) {
        problems.push(message.text());
      }
    });
    await page.goto(`${ORIGIN}/`);
    return { page, problems, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Waits for the app to show what its `crypto-pay-error` handler heard. */
export async function untilResult(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-result]')?.textContent === expected,
    text,
  );
}

/** Every `<crypto-pay>` on the page, as the element holds its attributes and properties. */
export function elementStates(page: Page): Promise<ElementState[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('crypto-pay')].map((element) => {
      const read = element as unknown as Record<keyof ElementState, string | undefined>;
      return {
        proxy: read.proxy ?? '',
        mode: read.mode ?? '',
        checkoutId: read.checkoutId ?? null,
        successUrl: read.successUrl ?? null,
        failedUrl: read.failedUrl ?? null,
        locale: read.locale ?? null,
        amount: read.amount ?? null,
      };
    }),
  );
}
