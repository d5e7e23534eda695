/**
 * The demo shop's pages fit the screens customers and merchants use: the orders page on a
 * 375 px phone scrolls its table in its own box and never the page, and the donation page's
 * preset amounts ("20.00 EUR") each sit on one line at desktop width.
 */

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { send } from '@crypto-pay/test-kit/http';
import { checkoutEvent, signedWebhookHeaders } from '@crypto-pay/test-kit/webhook-events';
import { axeViolations, screenshots, useStack, visible } from './support.ts';

const state = useStack();

/** A phone as the walk had it: 375 × 740, a mobile viewport, touch. */
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

/** Gives the shop an order, by the webhook the proxy would send for its checkout. */
async function orderPaid(foreignId: string) {
  const event = checkoutEvent(foreignId, 'paid', 1);
  const body = JSON.stringify(event);
  const answer = await send(`${state.stack.demoUrl}/demo-api/webhooks`, {
    method: 'POST',
    headers: signedWebhookHeaders(state.stack.webhookSecret, event.id, body),
    body,
  });
  assert.equal(answer.status, 204);
}

describe("the demo shop's layout", () => {
  it('fits the orders page on a 375 px phone, the table scrolling in its own box', async () => {
    const foreignId = `demo-order-${randomUUID()}`;
    await orderPaid(foreignId);
    // The page's CSP set aside for axe's script alone.
    const { context, page, problems } = await state.openShop('orders.html', {
      ...PHONE,
      bypassCSP: true,
    });
    await visible(page.locator(`tr[data-order="${foreignId}"]`));
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      view: window.innerWidth,
      box: document.querySelector('.table-scroll')?.scrollWidth ?? 0,
      boxView: document.querySelector('.table-scroll')?.clientWidth ?? 0,
      wide: [...document.querySelectorAll('body *')]
        .filter((element) => !element.closest('.table-scroll'))
        .filter((element) => element.getBoundingClientRect().right > 375)
        .map((element) => `${element.tagName}.${element.className}`),
    }));
    assert.ok(widths.page <= 375, `the page is wider than the phone: ${JSON.stringify(widths)}`);
    assert.ok(widths.body <= 375, JSON.stringify(widths));
    // Nothing to scroll sideways inside either: each order stacks as a card.
    assert.ok(
      widths.box <= widths.boxView,
      `the orders scroll sideways: ${JSON.stringify(widths)}`,
    );
    assert.equal(widths.view, 375, 'the page is not zoomed out to fit something wider');
    assert.deepEqual(widths.wide, []);
    // Each value under its column's name, and still a table to a screen reader.
    const row = page.getByRole('row').filter({ hasText: foreignId });
    await visible(row.getByRole('cell', { name: /Paid/ }));
    assert.match((await row.textContent()) ?? '', /Paid/);
    // Said in the markup, not left to the engine: WebKit drops a table's roles from parts the
    // phone's cards display as blocks.
    const roles = await page.locator('#orders-table').evaluate((table) => ({
      table: table.getAttribute('role'),
      groups: [...table.querySelectorAll(':scope > thead, :scope > tbody')].map((part) =>
        part.getAttribute('role'),
      ),
      rows: [...new Set([...table.querySelectorAll('tr')].map((tr) => tr.getAttribute('role')))],
      headers: [...new Set([...table.querySelectorAll('th')].map((th) => th.getAttribute('role')))],
      cells: [...new Set([...table.querySelectorAll('td')].map((td) => td.getAttribute('role')))],
    }));
    assert.deepEqual(roles, {
      table: 'table',
      groups: ['rowgroup', 'rowgroup'],
      rows: ['row'],
      headers: ['columnheader'],
      cells: ['cell'],
    });
    await row.scrollIntoViewIfNeeded();
    await screenshots('demo-layout')(page, 'orders-on-a-phone');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const [screen, options] of [
    ['at desktop width', { viewport: { width: 1280, height: 800 } }],
    ['on a phone', PHONE],
  ] as const) {
    it(`keeps each donation amount on one line ${screen}`, async () => {
      const { context, page, problems, widget } = await state.openShop('donate.html', options);
      const presets = widget.locator('[part="amount-preset"]');
      await visible(presets.first());
      const lines = await presets.evaluateAll((labels) =>
        labels.map((label) => {
          // Each line a text node is laid out on is one rectangle of its range.
          const tops = new Set<number>();
          for (const node of label.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
          }
          return {
            text: label.textContent?.trim().replace(/\s+/g, ' '),
            lines: tops.size,
            // Kept on one line by squeezing out of its button would be no better.
            overflows: label.scrollWidth > label.clientWidth,
          };
        }),
      );
      assert.equal(lines.length, 3);
      for (const preset of lines) {
        assert.equal(preset.lines, 1, JSON.stringify(preset));
        assert.equal(preset.overflows, false, JSON.stringify(preset));
      }
      await screenshots('demo-layout')(page, `donate-${options.viewport.width}`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
