/**
 * The dashboard's pages the other journeys do not measure, in Chromium at a laptop's width and
 * at 375 px: Audit, Accounts, the withdrawal's confirmation, a payment whose timeline holds
 * failed deliveries, Webhooks with failed deliveries and Callbacks with a body open. Each one:
 * axe finds no violation, the page does not scroll sideways, nothing breaks its CSP.
 */

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { startWebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { loaded, openSection, reviewWithdrawal, useDashboard } from './dashboard-support.ts';
import { screenshots, visible } from './support.ts';

const {
  state,
  axeFindings,
  scrollsSideways,
  openDashboard,
  adminGet,
  adminPost,
  signIn,
  checkoutThatEnded,
} = useDashboard();

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
];

/** A payment whose deliveries failed (its endpoint's receiver down) and whose payment failed. */
let checkoutId: string;

describe('every page, axe-clean and 375 px wide', () => {
  before(async () => {
    // A port with nothing listening: every delivery to it fails.
    const placeholder = await startWebhookReceiver(
      `whsec_${Buffer.alloc(24, 9).toString('base64')}`,
    );
    await placeholder.close();
    await adminPost('/admin/webhook-endpoints', {
      url: placeholder.url,
      event_types: ['checkout.created', 'checkout.failed'],
    });
    checkoutId = (await checkoutThatEnded('underpaid', 'failed')).id;
    await eventually(async () => {
      const { data } = await adminGet(`/admin/checkouts/${checkoutId}/timeline`);
      return data.some(
        (entry: { kind: string; status_code?: number }) =>
          entry.kind === 'delivery_attempt' && entry.status_code === undefined,
      );
    }, 'a failed delivery on the timeline');
  });

  for (const viewport of VIEWPORTS) {
    it(`measures every section at ${viewport.width} px`, async () => {
      const shot = screenshots(`dashboard-pages-${viewport.width}`);
      const { context, page, problems } = await openDashboard('/dashboard/', { viewport });
      await signIn(page);
      const check = async (what: string) => {
        await loaded(page);
        assert.deepEqual(await axeFindings(page), [], `${what} at ${viewport.width} px`);
        assert.equal(await scrollsSideways(page), false, `${what} at ${viewport.width} px`);
        await shot(page, what);
      };

      await page.goto(`${state.stack.proxyUrl}/dashboard/payments/${checkoutId}`);
      const timeline = page.getByRole('list').filter({ hasText: 'Checkout created' });
      await visible(timeline.getByRole('listitem').filter({ hasText: 'no answer after' }).first());
      await check('payment-failed-deliveries');

      for (const [section, heading] of [
        ['Webhooks', 'Endpoints'],
        ['Audit', 'Audit log'],
        ['Accounts', 'Accounts'],
        ['Callbacks', 'Callbacks'],
      ] as const) {
        await openSection(page, section, heading);
        await check(section.toLowerCase());
      }
      // A callback's body open: its JSON wraps or scrolls in its own box, not the page.
      await page.getByText('Show the body').first().click();
      await visible(page.locator('pre').first());
      await check('callback-body-open');

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Money' })
        .click();
      await reviewWithdrawal(page, '0.001');
      await check('withdrawal-confirmation');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
