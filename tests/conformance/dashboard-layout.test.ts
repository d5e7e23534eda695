/** The sandbox's pages in a phone-wide Chromium: the page itself never scrolls sideways. */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import type { Browser } from 'playwright-core';
import { type SandboxUnderTest, sandboxUnderTest } from './support/sandbox.ts';

describe('sandbox pages at a 360px phone width', () => {
  let sandbox: SandboxUnderTest;
  let browser: Browser;
  before(async () => {
    sandbox = await sandboxUnderTest(null, { callbackUrl: 'http://127.0.0.1:9/callbacks' });
    browser = await launchChromium();
    // Fill every table: a paid request, an invoice, a withdrawal, their callbacks.
    const created = await sandbox.createPaymentRequest({ foreign_id: 'phone-1' });
    const id = (created.json as { data: { id: string } }).data.id;
    await sandbox.control(`/payment-requests/${id}/simulate`, { outcome: 'paid' });
    await sandbox.createInvoice({ foreign_id: 'phone-invoice' });
    await sandbox.createWithdrawal({ foreign_id: 'phone-payout' });
  });
  after(async () => {
    await browser?.close();
    await sandbox.running.close();
  });

  test('the dashboard is as wide as the viewport; its tables scroll in their own regions', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    try {
      await page.goto(`${sandbox.running.url}/_sandbox/`);
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        tables: document.querySelectorAll('table').length,
        scrolling: Array.from(document.querySelectorAll('table')).filter((table) =>
          table.parentElement?.matches('[role="region"][tabindex="0"][aria-label]'),
        ).length,
      }));
      assert.equal(widths.viewport, 360);
      assert.equal(widths.document, 360);
      assert.equal(widths.tables, 5);
      assert.equal(widths.scrolling, widths.tables);
    } finally {
      await page.close();
    }
  });
});
