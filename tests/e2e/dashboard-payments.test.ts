/**
 * The payments list's export and chart, in Chromium: the CSV that the browser downloads holds
 * the header and exactly the checkouts the list's filter shows; the chart of payments per day
 * is drawn on its canvas, and its table alternative holds the merchant API's daily figures.
 */

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { groupReference } from '@crypto-pay/protocol/reference';
import { useDashboard } from './dashboard-support.ts';
import { screenshots, visible } from './support.ts';

const { axeFindings, openDashboard, adminGet, signIn, checkoutThatEnded } = useDashboard();

/** The export's header row, as the merchant API documents it. */
const CSV_HEADER =
  'id,created_at,status,detail,amount,currency,network,paid_in,paid_in_network,pricing,product,foreign_id,payment_request_id,updated_at,expires_at,stale_since';

let paid: Checkout;
let failed: Checkout;

describe('the payments list’s export and chart', () => {
  before(async () => {
    paid = await checkoutThatEnded('paid', 'paid');
    failed = await checkoutThatEnded('underpaid', 'failed');
  });

  it('downloads the filtered list as CSV: the header, and the rows the list shows', async () => {
    const { context, page, problems } = await openDashboard('/dashboard/');
    await signIn(page);
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
    await visible(page.getByRole('link', { name: groupReference(failed.id) }));
    assert.equal(await page.getByRole('link', { name: groupReference(paid.id) }).count(), 0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export these as CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split(/\r?\n/);
    assert.equal(lines[0], CSV_HEADER);
    const rows = lines.slice(1).map((line) => line.split(','));
    assert.ok(rows.length >= 1);
    // The filter applied: failed ones only, the failed checkout among them, the paid one not.
    assert.deepEqual([...new Set(rows.map((row) => row[2]))], ['failed']);
    const row = rows.find((cells) => cells[0] === failed.id);
    assert.deepEqual(row?.slice(2, 6), ['failed', 'underpaid', '25.00', 'EUR']);
    assert.equal(
      rows.some((cells) => cells[0] === paid.id),
      false,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('draws the payments per day on a canvas, with the same figures as a table', async () => {
    const shot = screenshots('dashboard-chart');
    const { context, page, problems } = await openDashboard('/dashboard/');
    await signIn(page);
    const chart = page.locator('cp-daily-chart');
    const canvas = chart.locator('canvas');
    await canvas.waitFor();
    // Drawn: Chart.js painted pixels on it (bars and the paid share's line).
    await page.waitForFunction(
      (element) => {
        if (!(element instanceof HTMLCanvasElement)) return false;
        const { width, height } = element;
        const pixels = element.getContext('2d')?.getImageData(0, 0, width, height).data ?? [];
        let painted = 0;
        for (let index = 3; index < pixels.length; index += 4) if (pixels[index]) painted++;
        return width > 0 && height > 0 && painted > 100;
      },
      await canvas.elementHandle(),
    );

    // The day the checkouts were made (UTC), not the clock's now: a test near midnight holds.
    const { created_at } = await adminGet(`/admin/checkouts/${paid.id}`);
    const day = new Date(created_at * 1000).toISOString().slice(0, 10);
    const { data } = await adminGet('/admin/checkouts/daily');
    const today = data.find((figure: { date: string }) => figure.date === day);
    assert.ok(today.created >= 2 && today.paid >= 1 && today.failed >= 1, JSON.stringify(today));
    await chart.getByText('Payments per day, as a table').click();
    // The day as the list writes dates (`02 Nov 2026`), not the API's YYYY-MM-DD.
    const shown = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    }).format(new Date(`${today.date}T00:00:00Z`));
    const row = chart.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: shown, exact: true }),
    });
    await visible(row);
    const cells = await row.getByRole('cell').allTextContents();
    assert.deepEqual(
      cells.slice(0, 5),
      [today.created, today.paid, today.failed, today.expired, today.open].map(String),
    );
    assert.match(cells[5] ?? '', /^\d+(\.\d)? %$/);
    assert.deepEqual(await axeFindings(page), []);
    await shot(page, 'chart-and-table');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
